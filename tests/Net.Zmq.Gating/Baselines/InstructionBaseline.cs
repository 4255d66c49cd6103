using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// A suite's instructions per message as reviewed: <c>baselines/instructions/&lt;subject&gt;.&lt;suite&gt;.json</c>,
/// one file per suite and none per machine class: a count depends on the runtime, the CPU kind as Valgrind shows it
/// (vendor, instruction-set level) and the native library, which <see cref="CountedOn"/> names, not on speed. Per case
/// what the rule needs to judge a run against it as it judges one build against another: each part's instructions in
/// every repetition, and per judged part every function's and every system call's
/// (<see cref="InstructionBaselineCase"/>), each as one line of whole counts. The bounds are the file's own, hand-set,
/// and a refresh keeps them.
/// </summary>
/// <param name="Recorded">What was counted: the subject's version, for the reader.</param>
/// <param name="CountedOn">The runtime and native library the counts came from: a count holds for the same runtime (its
/// JIT and helpers make part of every count), and, for a subject that does not ship its native library, the same
/// library.</param>
public sealed record InstructionBaseline(int SchemaVersion, string Subject, string Suite, string Recorded, CountedOn CountedOn, InstructionBounds Bounds,
    IReadOnlyDictionary<string, InstructionBaselineCase> Cases)
{
    /// <summary>
    /// 2: every part's repetitions and every judged part's functions and system calls (1 kept medians).
    /// </summary>
    public const int CurrentSchemaVersion = 2;

    public const string Folder = "instructions";

    /// <summary>
    /// What a new file's bounds are, and a paired suite's: each judged part within half a per cent, the total, the
    /// allocator and other threads shown (docs/measurement.md, instructions, says how they were set).
    /// </summary>
    public static InstructionBounds NewFileBounds { get; } = new(Receiver: 0.005, Sender: 0.005, Library: 0.005, Total: null);

    /// <summary>
    /// The file a refresh writes from <paramref name="counted"/>; entries of cases not counted now, and the bounds, are
    /// kept from <paramref name="previous"/>.
    /// </summary>
    public static InstructionBaseline Record(string subject, string suite, CountedOn countedOn, IReadOnlyList<CountedInstructions> counted, InstructionBaseline? previous)
    {
        // Entries of another runtime or library would be judged against this run's: a refresh on another basis starts
        // the file afresh.
        var kept = previous?.CountedOn == countedOn ? previous.Cases.ToDictionary() : [];
        var cases = new SortedDictionary<string, InstructionBaselineCase>(kept, StringComparer.Ordinal);
        foreach (var c in counted)
        {
            cases[c.Case] = InstructionBaselineCase.Of(c);
        }

        return new InstructionBaseline(CurrentSchemaVersion, subject, suite, countedOn.Subject, countedOn, previous?.Bounds ?? NewFileBounds, cases);
    }

    /// <summary>The reference a case is judged against, or null where the file has no entry for it.</summary>
    public CountedInstructions? For(string caseId) => Cases.TryGetValue(caseId, out var entry) ? entry.Counted(caseId) : null;

    public static InstructionBaseline Read(string path)
    {
        var read = BaselineJson.Read<InstructionBaseline>(path, Strict, schema => schema == CurrentSchemaVersion ? null
            : $"schema version {schema} is not supported; this suite reads version {CurrentSchemaVersion}" +
              (schema == 1 ? " (version 1 kept medians only: count the suite again with UpdateBaselines=true)" : ""));
        var bounds = $"${BaselineJson.Name(nameof(Bounds))}";
        foreach (var part in InstructionProfiles.Judged.Append(ThreadPart.Total))
        {
            if (read.Bounds.For(part) is { } bound && bound is < 0 or > 1)
            {
                throw new BaselineFormatException(path, bounds + BaselineJson.Name(part.ToString()),
                    $"{bound}: a bound is a fraction from 0 to 1 (0.005 is half a per cent), or null for none");
            }
        }

        if (read.Bounds.Floor < 0 || read.Bounds.SystemCalls < 0)
        {
            throw new BaselineFormatException(path, bounds, "the floor and the system calls' bound are numbers ≥ 0");
        }

        foreach (var (id, entry) in read.Cases)
        {
            entry.Check(path, $"${BaselineJson.Name(nameof(Cases))}{BaselineJson.Key(id)}");
        }

        return read;
    }

    /// <summary>
    /// Writes the file whole (a temporary file beside it, then a rename): a reader never sees half of it.
    /// </summary>
    public void Write(string path)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(path))!);
        Running.ProcessFiles.WriteText(path, System.Text.Json.JsonSerializer.Serialize(this, Readable) + "\n");
    }

    /// <summary>
    /// The results' options, with function names written as they read (<c>`</c>, <c>&lt;</c>, <c>+</c> unescaped): the
    /// file is reviewed in a diff, never embedded in a page.
    /// </summary>
    private static readonly System.Text.Json.JsonSerializerOptions Readable =
        new(Reporting.ReportFiles.Json) { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    private static readonly System.Text.Json.JsonSerializerOptions Strict = BaselineJson.Strict(Readable);
}

/// <summary>
/// What a count baseline was counted on: the subject as recorded (its version), the .NET runtime, the native library,
/// and the CPU as the counting process saw it (<see cref="Counting.CountingCpu"/>).
/// </summary>
public sealed record CountedOn(string Subject, string Runtime, string NativeLibrary, string Cpu)
{
    /// <summary>
    /// Why counts recorded on this basis are not judged on <paramref name="current"/>, or null when they are: another
    /// runtime, another CPU kind, or (where <paramref name="sameLibrary"/>) another native library.
    /// </summary>
    public string? WhyNotJudgedOn(CountedOn current, bool sameLibrary) =>
        Runtime != current.Runtime ? $"counted on {Runtime}, and this run runs {current.Runtime}: the JIT and the runtime's helpers are part of every count"
        : Cpu != current.Cpu ? $"counted on a CPU seen as {Cpu}, and this run's is seen as {current.Cpu}: the JIT and the C library choose their code by it"
        : sameLibrary && NativeLibrary != current.NativeLibrary ? $"counted on {NativeLibrary}, and this run loaded {current.NativeLibrary}: another build of the library"
        : null;
}
