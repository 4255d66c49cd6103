using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// One reviewed baseline file: <c>baselines/&lt;subject&gt;.&lt;suite&gt;.json</c>. What holds on every machine is
/// the file's: the policy, the defaults a new case starts with, and the rule for judging time on a machine the file
/// has no class of. What was measured is per machine class (<see cref="Classes"/>): a refresh or an adoption rewrites
/// its own class and leaves the others byte-identical. baselines/README.md documents every field.
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
    /// <summary>
    /// 2: the policy gained byte bounds beside the ratio bounds. 3: the suite-wide aggregate tolerance. 4: ratios from
    /// paired, interleaved operations; bytes counted on the measured threads; process-wide bytes where a subject
    /// allocates on threads of its own. 5: the observed values, their tolerances and their fingerprint per machine
    /// class, each with how many runs it comes from, and the file's rule for judging time across classes.
    /// </summary>
    public const int CurrentSchemaVersion = 5;

    /// <summary>
    /// The single-class layout before <see cref="CurrentSchemaVersion"/>: still read, as one class whose swing was not
    /// recorded.
    /// </summary>
    public const int SingleClassSchemaVersion = 4;

    /// <summary>
    /// What a new class starts with: a suite 3 % slower as a whole, significantly, until its own runs say how far its
    /// suite mean moves (an adoption derives it).
    /// </summary>
    public const double NewClassAggregateTolerance = 0.03;

    /// <summary>
    /// What a new class starts with: the managed peer's process-wide figure moved by up to 15 % between machines in
    /// unchanged runs before (its I/O thread allocates by timing), and by a few percent on one machine.
    /// </summary>
    public const double NewClassProcessBytesTolerance = 0.25;

    public static string FileName(string subject, string suite) => $"{subject}.{suite}.json";

    /// <summary>The class recorded on <paramref name="machine"/>'s class, or null.</summary>
    public ClassBaseline? ClassOf(MachineFingerprint machine) => Classes.FirstOrDefault(c => c.Key == machine.Class);

    /// <summary>
    /// The class time is judged against where this machine has no class of its own: the first one whose swing was
    /// measured.
    /// </summary>
    public ClassBaseline? FirstMeasuredClass => Classes.FirstOrDefault(c => c.Runs.SwingMeasured);

    /// <summary>
    /// This file with <paramref name="replacement"/> in place of the class of the same key, or added after the others.
    /// </summary>
    public BaselineFile WithClass(ClassBaseline replacement)
    {
        var classes = Classes.ToList();
        var at = classes.FindIndex(c => c.Key == replacement.Key);
        if (at >= 0)
        {
            classes[at] = replacement;
        }
        else
        {
            classes.Add(replacement);
        }

        return this with { SchemaVersion = CurrentSchemaVersion, Classes = classes };
    }
}

/// <summary>
/// How a file's time gates reach a machine class it has no values of. Per-case time ratios move with the CPU (buffer
/// copies, caches, core sharing), so they are never judged across classes; a suite's geometric mean moves much less
/// for some suites (the binding's time over the floor's: 2 % on another CPU class) and a lot for others (the buffer
/// strategies: 20-26 %). Where it carries, it is gated against the other class with this tolerance: wide enough
/// for a machine change, narrow enough to catch a slowdown of the whole suite. Hand-set from measurements, with why.
/// </summary>
/// <param name="AggregateTolerance">How far the suite's geometric mean of (ratio ÷ the other class's ratio) may exceed
/// 1; null where it does not carry.</param>
public sealed record CrossClassRule(double? AggregateTolerance, string Why)
{
    public static CrossClassRule NotDeclared { get; } = new(null,
        "this file declares no cross-class rule (it predates them): per-case time ratios move with the machine, and nobody measured whether this suite's mean carries");
}

/// <summary>How many unchanged runs a class's values and its swing tolerances come from.</summary>
/// <param name="Values">Runs the observed values are centred on (their median); 1 for a single refresh.</param>
/// <param name="Swing">Runs the run-to-run swing, allocation slack and suite tolerances were derived from; 0 where they
/// were not.</param>
public sealed record BaselineRuns(int Values, int Swing)
{
    /// <summary>
    /// How many runs a swing must come from before a class's per-case time gates are trusted (an adoption uses more).
    /// </summary>
    public const int MinimumForSwing = 3;

    public bool SwingMeasured => Swing >= MinimumForSwing;

    public static BaselineRuns SingleRefresh { get; } = new(1, 0);
}

/// <summary>
/// What one class of machine measured: its fingerprint, how many runs stand behind it, the suite-wide tolerances
/// derived on it, and per case the observed values with their tolerances.
/// </summary>
public sealed record ClassBaseline(
    Fingerprint Fingerprint,
    BaselineRuns Runs,
    IReadOnlyDictionary<string, BaselineCase> Cases)
{
    /// <summary>
    /// What makes time ratios comparable (<see cref="MachineFingerprint.Class"/>): one class per key in a file.
    /// </summary>
    public string Key => Fingerprint.Machine.Class;

    /// <summary>
    /// How far the geometric mean over the suite's cases of (time ratio ÷ baseline ratio) may exceed 1 on this class:
    /// the gate on a broad slowdown, derived from this class's own runs.
    /// </summary>
    public double AggregateTolerance { get; init; } = BaselineFile.NewClassAggregateTolerance;

    /// <summary>
    /// How far process-wide bytes per operation (<see cref="BaselineCase.ProcessBytesPerOperation"/>) may exceed the
    /// baseline, relative: they move with timing and with what the test host does.
    /// </summary>
    public double ProcessBytesTolerance { get; init; } = BaselineFile.NewClassProcessBytesTolerance;
}

/// <summary>
/// Hand-set bounds that hold whatever the baseline says. A bound that genuinely does not hold is recorded as a
/// known violation with its evidence, never loosened quietly.
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

/// <summary>
/// A reviewed failure of a policy gate: the report still shows it failing; only this entry keeps the run green.
/// </summary>
/// <param name="Gate">The gate's identity (<see cref="Gates.GateId.Key"/> in the file), not its shown name.</param>
public sealed record KnownViolation(string Case, Gates.GateId Gate, string Evidence);

/// <summary>
/// How far a case may move from its baseline before the regression gates fail. Time: the measured ratio may
/// exceed the baseline ratio by <see cref="Ratio"/> (relative), significantly. Allocation: the bytes per operation
/// may exceed the baseline by <see cref="BytesRelative"/> of it plus <see cref="BytesAbsolute"/>.
/// </summary>
public sealed record Tolerances(double Ratio, double BytesRelative, double BytesAbsolute)
{
    /// <summary>
    /// The one home of the default tolerances (baselines/README.md says how they were checked): a case new to a file
    /// starts with them, a file that leaves one out is compared with it, and an adopted class never goes below their
    /// byte slack. Time: 5 % above the baseline ratio, significantly. Bytes per operation are counted exactly on the
    /// measured threads, so only 0.5 % + 1 KiB (one 24-byte object per message is 240 KiB).
    /// </summary>
    public static Tolerances Default { get; } = new(Ratio: 0.05, BytesRelative: 0.005, BytesAbsolute: 1024);

    /// <summary>
    /// How much the case's log-ratio moves from one run (process) to the next beyond what a run's own interval
    /// shows, as a standard deviation in log space; 0 where runs agree as their intervals say. Some cases settle
    /// into a state per process (the number of 1 ms sleeps of a non-blocking receive, how memory is recycled between
    /// two threads for 64 KiB inproc messages): a run measures its own state precisely, and the next run is in
    /// another. The time gate adds this in quadrature to both intervals, so such a case fails only on a slowdown
    /// beyond its swing. Derived from repeated runs of the class (<see cref="Adoption.ClassAdoption"/>).
    /// </summary>
    public double RunToRun { get; init; }

    /// <summary>The same as <see cref="RunToRun"/> for the case's CPU-time ratio, where one is gated.</summary>
    public double CpuRunToRun { get; init; }
}

/// <summary>One case's observed values on one class, with its raw samples and its tolerances.</summary>
public sealed record BaselineCase(
    double Ratio,
    double RatioLower,
    double RatioUpper,
    double BytesPerOperation,
    IReadOnlyList<double> NanosecondsPerOperation,
    Tolerances Tolerances)
{
    /// <summary>
    /// Process-wide bytes per operation, where the subject allocates on threads it does not own; null otherwise.
    /// </summary>
    public double? ProcessBytesPerOperation { get; init; }

    /// <summary>
    /// The ratio in process CPU time instead of wall time, with its interval; null where CPU time was not measured.
    /// </summary>
    public RatioEstimate? CpuRatio { get; init; }
}
