using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Reporting;

/// <summary>Everything one Perf run produced: what the report and results.json are rendered from.</summary>
public sealed record JudgedRun(
    DateTimeOffset StartedAt,
    TimeSpan Duration,
    MeasurementProfile Profile,
    int MessagesPerOperation,
    MachineFingerprint Machine,
    IReadOnlyList<GatedSuite> Subjects,
    IReadOnlyList<AbsentSubject> Absent,
    IReadOnlyList<CrossSubjectComparison> Comparisons,
    IReadOnlyList<RunNote> Notes,
    IReadOnlyList<ClaimCheck> Claims)
{
    public IEnumerable<GateResult> Gates => Subjects.SelectMany(s => s.Gates);

    public string? HeadlineSuite { get; init; }

    /// <summary>Where the run judged a subject directly against a paired reference; null otherwise.</summary>
    public PairedBuilds? Paired { get; init; }

    /// <summary>The processes that measured: the first pass's, then any that measured failed gates again.</summary>
    public IReadOnlyList<ProcessSummary> Processes { get; init; } = [];

    /// <summary>Where the run merged shards measured apart (PERF_MERGE), each shard; empty otherwise.</summary>
    public IReadOnlyList<ShardSummary> Shards { get; init; } = [];

    public Counting.RunCounts Counts { get; init; } = Counting.RunCounts.None("no counts were recorded");

    public Counting.RunInstructions Instructions { get; init; } =
        Counting.RunInstructions.None("no instructions were recorded");

    /// <summary>The suite judged against the paired reference (<see cref="PairedGates"/>), where measured.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public GatedSuite? PairedRun =>
        Paired is { } paired ? Subjects.FirstOrDefault(s => s.Suite == paired.Pairing.Suite) : null;
}

/// <summary>One measuring process of a run, with the seed that replays it (<see cref="RunSeed"/>).</summary>
public sealed record ProcessSummary(
    string Pass, int Process, int Seed, string LoadedFirst, double Seconds, bool InThisProcess);

public sealed record ShardSummary(string Shard, string Machine, double Seconds)
{
    /// <summary>The shards in one line: the machine said once where every shard ran on one class.</summary>
    public static string Describe(IReadOnlyList<ShardSummary> shards, Func<double, string> time) =>
        shards.Select(s => s.Machine).Distinct(StringComparer.Ordinal).Count() == 1
            ? $"all on {shards[0].Machine}: {string.Join(", ", shards.Select(s => $"{s.Shard} {time(s.Seconds)}"))}"
            : string.Join("; ", shards.Select(s => $"{s.Shard} on {s.Machine}, {time(s.Seconds)}"));
}

/// <summary>A subject measured against its paired reference in one run, and judged directly against it.</summary>
public sealed record PairedBuilds(
    Pairing Pairing, string Subject, string Reference, string LoadedFirst, IReadOnlyList<NotComparable> NotComparable);

public sealed record NotComparable(string Case, string Reason);

/// <summary>One subject (driver) and suite as measured and gated in this run.</summary>
/// <param name="Basis">The baseline file and class the gates used; null when it could not be used
/// (<paramref name="Error"/> says why).</param>
public sealed record GatedSuite(
    string Subject,
    string Suite,
    string Description,
    SubjectFingerprint Fingerprint,
    IReadOnlyList<AnalyzedCase> Cases,
    string BaselinePath,
    BaselineBasis? Basis,
    IReadOnlyList<GateResult> Gates,
    string? Error = null)
{
    [System.Text.Json.Serialization.JsonIgnore]
    public SuiteId SuiteId => new(Subject, Suite);

    /// <summary>False for a subject whose cases are ratios to another subject: a comparison table shows them.</summary>
    public bool ShowTables { get; init; } = true;
}

/// <summary>A subject this run could not measure, and why.</summary>
public sealed record AbsentSubject(string Subject, string Reason);

/// <summary>One subject's time over each reference subject's, case by case.</summary>
public sealed record CrossSubjectComparison(
    string Title, string Subject, IReadOnlyList<string> References, string Explanation);
