using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// A suite's instructions per message as reviewed, <c>baselines/instructions/&lt;subject&gt;.&lt;suite&gt;.json</c>:
/// one file per suite, since a count depends on what <see cref="CountedOn"/> names, not on speed. The bounds are
/// hand-set, and a refresh keeps them.
/// </summary>
public sealed record InstructionBaseline(int SchemaVersion, string Subject, string Suite, string Recorded, CountedOn CountedOn, InstructionBounds Bounds,
    IReadOnlyDictionary<string, InstructionBaselineCase> Cases)
{
    public const int CurrentSchemaVersion = 2;

    public const string Folder = "instructions";

    /// <summary>A new file's bounds, and a paired suite's (docs/measurement.md says how they were set).</summary>
    public static InstructionBounds NewFileBounds { get; } = new(Receiver: 0.005, Sender: 0.005, Library: 0.005, Total: null);

    /// <summary>The file a refresh writes; other cases' entries and the bounds kept from <paramref
    /// name="previous"/>.</summary>
    public static InstructionBaseline Record(string subject, string suite, CountedOn countedOn, IReadOnlyList<CountedInstructions> counted, InstructionBaseline? previous)
    {
        // A refresh on another runtime or library starts the file afresh.
        var kept = previous?.CountedOn == countedOn ? previous.Cases.ToDictionary() : [];
        var cases = new SortedDictionary<string, InstructionBaselineCase>(kept, StringComparer.Ordinal);
        foreach (var c in counted)
            cases[c.Case] = InstructionBaselineCase.Of(c);

        return new InstructionBaseline(CurrentSchemaVersion, subject, suite, countedOn.Subject, countedOn, previous?.Bounds ?? NewFileBounds, cases);
    }

    public CountedInstructions? For(string caseId) => Cases.TryGetValue(caseId, out var entry) ? entry.Counted(caseId) : null;

    public static InstructionBaseline Read(string path)
    {
        var read = BaselineJson.Read<InstructionBaseline>(path, Strict, CurrentSchemaVersion, schema => schema == 1
            ? " (version 1 kept medians only: count the suite again with UpdateBaselines=true)"
            : "");
        var root = new FieldAt(path, "$");
        if (InstructionProfiles.Judged.Append(ThreadPart.Total).Select(p => (Part: p, Bound: read.Bounds.For(p)))
                .FirstOrDefault(p => p.Bound is < 0 or > 1) is { Bound: { } bound } wrong)
        {
            throw root.Step(nameof(Bounds)).Step(wrong.Part.ToString())
                .Invalid($"{bound}: a bound is a fraction from 0 to 1 (0.005 is half a per cent), or null for none");
        }

        if (read.Bounds.Floor < 0 || read.Bounds.SystemCalls < 0)
            throw root.Step(nameof(Bounds)).Invalid("the floor and the system calls' bound are numbers ≥ 0");

        foreach (var (id, entry) in read.Cases)
            entry.Check(root.Step(nameof(Cases)).Key(id));

        return read;
    }

    public void Write(string path) => Running.ProcessFiles.Write(path, this, BaselineJson.Readable);

    private static readonly System.Text.Json.JsonSerializerOptions Strict = BaselineJson.Strict(BaselineJson.Readable);
}

/// <summary>What a count baseline was counted on; the CPU as <see cref="Counting.CountingCpu"/> saw it.</summary>
public sealed record CountedOn(string Subject, string Runtime, string NativeLibrary, string Cpu)
{
    /// <summary>Why counts recorded on this basis are not judged on <paramref name="current"/>, or null.</summary>
    public string? WhyNotJudgedOn(CountedOn current, bool sameLibrary) =>
        Runtime != current.Runtime ? $"counted on {Runtime}, and this run runs {current.Runtime}: the JIT and the runtime's helpers are part of every count"
        : Cpu != current.Cpu ? $"counted on a CPU seen as {Cpu}, and this run's is seen as {current.Cpu}: the JIT and the C library choose their code by it"
        : sameLibrary && NativeLibrary != current.NativeLibrary ? $"counted on {NativeLibrary}, and this run loaded {current.NativeLibrary}: another build of the library"
        : null;
}
