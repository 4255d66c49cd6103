using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// A suite's instructions per message as reviewed: <c>baselines/instructions/&lt;subject&gt;.&lt;suite&gt;.json</c>,
/// one file per suite and none per machine class: a count depends on the runtime, the CPU kind as Valgrind shows it
/// (vendor, instruction-set level) and the native library, which <see cref="CountedOn"/> names, not on speed. Per case,
/// each part's instructions per message (<see cref="ThreadPart"/>), which parts were steady when it was recorded (only
/// those are judged), and the functions that did the most, so that a failure can say which changed. The bounds are the
/// file's own, hand-set, and a refresh keeps them.
/// </summary>
/// <param name="Recorded">What was counted: the subject's version, for the reader.</param>
/// <param name="CountedOn">The runtime and native library the counts came from: a count holds for the same runtime (its
/// JIT and helpers make part of every count), and, for a subject that does not ship its native library, the same
/// library.</param>
public sealed record InstructionBaseline(int SchemaVersion, string Subject, string Suite, string Recorded, CountedOn CountedOn, InstructionBounds Bounds,
    IReadOnlyDictionary<string, InstructionBaselineCase> Cases)
{
    public const int CurrentSchemaVersion = 1;

    public const string Folder = "instructions";

    /// <summary>
    /// What a new file's bounds are, and a paired suite's: the receiver within half a per cent, the sender and the
    /// library's threads within one, each where it is steady; the total, the allocator and other threads shown
    /// (docs/measurement.md, instructions, says how they were set).
    /// </summary>
    public static InstructionBounds NewFileBounds { get; } = new(Receiver: 0.005, Sender: 0.01, Library: 0.01, Total: null);

    /// <summary>
    /// How many of the receiver's functions a case records: enough to name what changed in a failure against the file.
    /// </summary>
    private const int FunctionsRecorded = 16;

    /// <summary>
    /// The file a refresh writes from <paramref name="counted"/>; entries of cases not counted now, and the bounds, are
    /// kept from <paramref name="previous"/>.
    /// </summary>
    public static InstructionBaseline Record(string subject, string suite, CountedOn countedOn, IReadOnlyList<CountedInstructions> counted, InstructionBaseline? previous)
    {
        var cases = new SortedDictionary<string, InstructionBaselineCase>(previous?.Cases.ToDictionary() ?? [], StringComparer.Ordinal);
        foreach (var c in counted)
        {
            cases[c.Case] = new InstructionBaselineCase(c.MessagesPerRepetition,
                Enum.GetValues<ThreadPart>().ToDictionary(p => p, p => Math.Round(c.PerMessage(p), 1)),
                [.. Enum.GetValues<ThreadPart>().Where(c.IsSteady)],
                [.. c.ReceiverFunctions.OrderByDescending(f => f.Self).Take(FunctionsRecorded)
                    .Select(f => f with { Self = Math.Round(f.Self, 1), Inclusive = null })]);
        }

        // Entries of another runtime or library would be judged against this run's: a refresh on another basis starts
        // the file afresh.
        var kept = previous?.CountedOn == countedOn ? cases : new SortedDictionary<string, InstructionBaselineCase>(
            cases.Where(c => counted.Any(k => k.Case == c.Key)).ToDictionary(), StringComparer.Ordinal);
        return new InstructionBaseline(CurrentSchemaVersion, subject, suite, countedOn.Subject, countedOn, previous?.Bounds ?? NewFileBounds, kept);
    }

    /// <summary>The reference a case is judged against, or null where the file has no entry for it.</summary>
    public InstructionRule.Reference? For(string caseId) =>
        Cases.TryGetValue(caseId, out var entry)
            ? new InstructionRule.Reference(entry.PerMessage, entry.Steady.ToHashSet(), Functions: []) { ReceiverFunctions = entry.Functions }
            : null;

    public static InstructionBaseline Read(string path)
    {
        using var document = BaselineReader.Document(File.ReadAllBytes(path), path);
        var root = new BaselineField(path, "$", document.RootElement);
        var schema = root.Get("schemaVersion").Integer();
        if (schema != CurrentSchemaVersion)
        {
            throw new BaselineFormatException(path, "$.schemaVersion", $"schema version {schema} is not supported; this suite reads version {CurrentSchemaVersion}");
        }

        var bounds = root.Get("bounds");
        var cases = new SortedDictionary<string, InstructionBaselineCase>(StringComparer.Ordinal);
        foreach (var (id, entry) in root.Get("cases").Properties())
        {
            cases[id] = ReadCase(entry);
        }

        var on = root.Get("countedOn");
        return new InstructionBaseline(schema, root.Get("subject").Text(), root.Get("suite").Text(), root.Get("recorded").Text(),
            new CountedOn(on.Get("subject").Text(), on.Get("runtime").Text(), on.Get("nativeLibrary").Text(), on.Get("cpu").Text()),
            new InstructionBounds(Bound(bounds, "receiver"), Bound(bounds, "sender"), Bound(bounds, "library"), Bound(bounds, "total"))
            {
                Floor = bounds.Get("floor").NonNegativeNumber(),
            }, cases);
    }

    private static double? Bound(BaselineField bounds, string part) =>
        bounds.Get(part).NullableNonNegativeNumber() is { } bound && bound > 1
            ? throw bounds.Get(part).Invalid($"{bound} is a growth of more than 100 %: a bound is a fraction (0.005 is half a per cent), or null for none")
            : bounds.Get(part).NullableNonNegativeNumber();

    private static InstructionBaselineCase ReadCase(BaselineField entry)
    {
        var messages = entry.Get("messages").Integer();
        if (messages <= 0)
        {
            throw entry.Get("messages").Invalid($"{messages} messages: a count is per at least one message");
        }

        var perMessage = new Dictionary<ThreadPart, double>();
        foreach (var (name, value) in entry.Get("perMessage").Properties())
        {
            perMessage[Part(value, name)] = value.NonNegativeNumber();
        }

        var steady = entry.Get("steady").Items().Select(i => Part(i, i.Text())).ToList();
        var functions = entry.Get("functions").Items()
            .Select(f => new FunctionInstructions(f.Get("name").Text(), f.Get("file").Text(), f.Get("self").NonNegativeNumber(), null)).ToList();
        return new InstructionBaselineCase(messages, perMessage, steady, functions);
    }

    private static ThreadPart Part(BaselineField field, string name) =>
        Enum.TryParse<ThreadPart>(name, ignoreCase: true, out var part) && !int.TryParse(name, out _)
            ? part
            : throw field.Invalid($"\"{name}\" is not a part; known: {string.Join(", ", Enum.GetNames<ThreadPart>().Select(n => n.ToLowerInvariant()))}");

    /// <summary>
    /// Writes the file whole (a temporary file beside it, then a rename): a reader never sees half of it.
    /// </summary>
    public void Write(string path) => Running.ProcessFiles.Write(path, this);
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

/// <summary>
/// One case's instructions per message by part, the parts that were steady, and the receiver's functions that did the
/// most (its own thread's: what a receiver's growth is explained by).
/// </summary>
public sealed record InstructionBaselineCase(int Messages, IReadOnlyDictionary<ThreadPart, double> PerMessage, IReadOnlyList<ThreadPart> Steady,
    IReadOnlyList<FunctionInstructions> Functions);
