using System.Text.Json.Serialization;
using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// One reviewed baseline file, <c>baselines/&lt;subject&gt;.&lt;suite&gt;.json</c>: the policy, defaults and
/// cross-class rule hold on every machine; what was measured is per machine class, and a refresh rewrites only its
/// own class. baselines/README.md documents every field.
/// </summary>
public sealed record BaselineFile(
    int SchemaVersion,
    string Subject,
    string Suite,
    Policy Policy,
    Tolerances DefaultTolerances,
    CrossClassRule CrossClass,
    IReadOnlyList<ClassBaseline> Classes)
{
    /// <summary>5: values, tolerances and fingerprint per machine class, and the cross-class rule.</summary>
    public const int CurrentSchemaVersion = 5;

    /// <summary>The single-class layout before: still read, as one class whose swing was not measured.</summary>
    public const int SingleClassSchemaVersion = 4;

    /// <summary>A new class's suite tolerance, until an adoption derives it from the class's own runs.</summary>
    public const double NewClassAggregateTolerance = 0.03;

    /// <summary>A new class's process-wide bytes tolerance: those bytes move with timing.</summary>
    public const double NewClassProcessBytesTolerance = 0.25;

    public static string FileName(string subject, string suite) => $"{subject}.{suite}.json";

    public ClassBaseline? ClassOf(MachineFingerprint machine) => Classes.FirstOrDefault(c => c.Key == machine.Class);

    /// <summary>This file with <paramref name="replacement"/> in place of its class, or added last.</summary>
    public BaselineFile WithClass(ClassBaseline replacement) => this with
    {
        SchemaVersion = CurrentSchemaVersion,
        Classes = Classes.Any(c => c.Key == replacement.Key)
            ? [.. Classes.Select(c => c.Key == replacement.Key ? replacement : c)]
            : [.. Classes, replacement],
    };
}

/// <summary>
/// How a file's time gates reach a machine class it has no values of: per-case ratios never (they move with the CPU);
/// the suite's geometric mean, where it carries, within <paramref name="AggregateTolerance"/> (null where it does not).
/// Hand-set from measurements, with why.
/// </summary>
public sealed record CrossClassRule(
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] double? AggregateTolerance, string Why)
{
    public static CrossClassRule NotDeclared { get; } = new(null,
        "this file declares no cross-class rule (it predates them): per-case time ratios move with the machine, and nobody measured whether this suite's mean carries");
}

/// <summary>How many unchanged runs a class's values, and its derived tolerances (0: none), come from.</summary>
public sealed record BaselineRuns(int Values, int Swing)
{
    /// <summary>Runs a swing must come from before a class's per-case time gates are trusted.</summary>
    public const int MinimumForSwing = 3;

    public bool SwingMeasured => Swing >= MinimumForSwing;

    public static BaselineRuns SingleRefresh { get; } = new(1, 0);
}

/// <summary>What one class of machine measured, with the tolerances derived on it.</summary>
public sealed record ClassBaseline(
    Fingerprint Fingerprint,
    BaselineRuns Runs,
    IReadOnlyDictionary<string, BaselineCase> Cases)
{
    /// <summary>One class per key in a file (<see cref="MachineFingerprint.Class"/>).</summary>
    public string Key => Fingerprint.Machine.Class;

    /// <summary>How far the suite's geometric mean of (ratio ÷ baseline ratio) may exceed 1 on this class.</summary>
    public double AggregateTolerance { get; init; } = BaselineFile.NewClassAggregateTolerance;

    /// <summary>How far <see cref="BaselineCase.ProcessBytesPerOperation"/> may exceed the baseline,
    /// relative.</summary>
    public double ProcessBytesTolerance { get; init; } = BaselineFile.NewClassProcessBytesTolerance;
}

/// <summary>
/// Hand-set bounds that hold whatever the baseline says; one that does not is a known violation with its evidence.
/// </summary>
public sealed record Policy(IReadOnlyList<RatioBound> RatioBounds, IReadOnlyList<BytesBound> BytesBounds, IReadOnlyList<KnownViolation> KnownViolations)
{
    public static Policy None { get; } = new([], [], []);
}

/// <summary>Within every group, <see cref="Variant"/>'s time ≤ <see cref="Max"/> × <see cref="Reference"/>'s.</summary>
public sealed record RatioBound(string Variant, string Reference, double Max, string Why);

/// <summary>
/// <see cref="Variant"/> allocates less than <see cref="Max"/> bytes per operation, at every message size up to
/// <see cref="UpToMessageBytes"/> (0: at every size).
/// </summary>
public sealed record BytesBound(string Variant, double Max, int UpToMessageBytes, string Why);

/// <summary>A reviewed failure of a policy gate: still shown failing, but the run stays green.</summary>
public sealed record KnownViolation(string Case, Gates.GateId Gate, string Evidence);

/// <summary>
/// How far a case may move from its baseline before the regression gates fail: its ratio by <see cref="Ratio"/>,
/// significantly; its bytes by <see cref="BytesRelative"/> of them plus <see cref="BytesAbsolute"/>.
/// </summary>
/// <param name="RunToRun">How far the case's log-ratio moves between runs beyond a run's own interval, as a standard
/// deviation: some cases settle into a state per process. The time gate adds it in quadrature to both intervals
/// (<see cref="Adoption.ClassAdoption"/> derives it).</param>
/// <param name="CpuRunToRun"><see cref="RunToRun"/> of the CPU-time ratio.</param>
public sealed record Tolerances(
    double Ratio, double BytesRelative, double BytesAbsolute, double RunToRun = 0, double CpuRunToRun = 0)
{
    /// <summary>
    /// The one home of the default tolerances (baselines/README.md says how they were checked). Bytes are counted
    /// exactly on the measured threads, so their slack is small.
    /// </summary>
    public static Tolerances Default { get; } = new(Ratio: 0.05, BytesRelative: 0.005, BytesAbsolute: 1024);
}

/// <summary>One case's observed values on one class, with its raw samples and its tolerances.</summary>
/// <param name="ProcessBytesPerOperation">Process-wide bytes per operation, where the subject allocates on threads it
/// does not own.</param>
/// <param name="CpuRatio">The ratio in process CPU time; null where CPU time was not measured.</param>
public sealed record BaselineCase(
    double Ratio,
    double RatioLower,
    double RatioUpper,
    double BytesPerOperation,
    IReadOnlyList<double> NanosecondsPerOperation,
    Tolerances Tolerances,
    double? ProcessBytesPerOperation = null,
    RatioEstimate? CpuRatio = null);
