using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// One reviewed baseline file: <c>baselines/&lt;subject&gt;.&lt;suite&gt;.json</c>. The observed values and the
/// fingerprint are rewritten by a refresh; the tolerances and the policy are set by hand and a refresh never
/// touches them. baselines/README.md documents every field.
/// </summary>
public sealed record BaselineFile(
    int SchemaVersion,
    string Subject,
    string Suite,
    Fingerprint Fingerprint,
    Policy Policy,
    Tolerances DefaultTolerances,
    IReadOnlyDictionary<string, BaselineCase> Cases)
{
    /// <summary>
    /// 2: the policy gained byte bounds (allocation per operation) beside the ratio bounds. 3: the suite-wide
    /// <see cref="AggregateTolerance"/>. 4: ratios from paired, interleaved operations; bytes per operation counted
    /// on the measured threads for every subject, and <see cref="ProcessBytesTolerance"/> with each case's
    /// process-wide bytes where a subject allocates on threads of its own.
    /// </summary>
    public const int CurrentSchemaVersion = 4;

    /// <summary>
    /// What a new file starts with: a suite 3 % slower as a whole, significantly (baselines/README.md: the A/A and
    /// detection runs that checked it).
    /// </summary>
    public const double NewFileAggregateTolerance = 0.03;

    /// <summary>
    /// How far the geometric mean over the suite's cases of (time ratio ÷ baseline ratio) may exceed 1: the gate
    /// on a broad slowdown. Set by hand (from measured spread), like every tolerance; a refresh keeps it.
    /// </summary>
    public double AggregateTolerance { get; init; } = NewFileAggregateTolerance;

    /// <summary>
    /// How far process-wide bytes per operation (<see cref="BaselineCase.ProcessBytesPerOperation"/>) may exceed the
    /// baseline, relative: they move with timing and with what the test host does, so this slack comes from runs on
    /// other machines and under load.
    /// </summary>
    public double ProcessBytesTolerance { get; init; } = NewFileProcessBytesTolerance;

    /// <summary>
    /// What a new file starts with: NetMQ's process-wide figure moved by up to 15 % between machines in unchanged
    /// runs before (its I/O thread allocates by timing), and by a few percent here.
    /// </summary>
    public const double NewFileProcessBytesTolerance = 0.25;

    public static string FileName(string subject, string suite) => $"{subject}.{suite}.json";
}

/// <summary>What produced a set of measurements: the machine and the measured implementation.</summary>
public sealed record Fingerprint(DateTimeOffset RecordedAt, MachineFingerprint Machine, SubjectFingerprint Subject);

/// <param name="Placement">Where the measured threads ran (<see cref="Platform.ThreadPlacement.Description"/>).</param>
public sealed record MachineFingerprint(string Cpu, int Cores, string OperatingSystem, string Runtime, string GarbageCollector, string BenchmarkDotNet,
    string Placement)
{
    /// <summary>
    /// What makes time ratios comparable between two runs: the CPU model, the core count, the GC flavour and whether
    /// the threads were pinned (a pinned and a free run share cores differently, and their ratios differ).
    /// </summary>
    public string Class => $"{Cpu}, {Cores} cores, {GarbageCollector.Split(',')[0]} GC, {Placement.Split(':')[0]} threads";
}

/// <summary>The measured implementation: its version, where it came from, and the native library it loaded (if any).</summary>
public sealed record SubjectFingerprint(string Version, string Origin, string NativeLibrary);

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

/// <summary>A reviewed failure of a policy gate: the report still shows it failing; only this entry keeps the run green.</summary>
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
    /// How much the case's log-ratio moves from one run (process) to the next beyond what a run's own interval
    /// shows, as a standard deviation in log space; 0 where runs agree as their intervals say. Some cases settle
    /// into a state per process (the number of 1 ms sleeps of a non-blocking receive, how memory is recycled between
    /// two threads for 64 KiB inproc messages): a run measures its own state precisely, and the next run is in
    /// another. The time gate adds this in quadrature to both intervals, so such a case fails only on a slowdown
    /// beyond its swing. Derived from repeated runs (build/derive-tolerances.py).
    /// </summary>
    public double RunToRun { get; init; }

    /// <summary>The same as <see cref="RunToRun"/> for the case's CPU-time ratio, where one is gated.</summary>
    public double CpuRunToRun { get; init; }
}

/// <summary>One case's observed values at the last refresh, with its raw samples and its tolerances.</summary>
public sealed record BaselineCase(
    double Ratio,
    double RatioLower,
    double RatioUpper,
    double BytesPerOperation,
    IReadOnlyList<double> NanosecondsPerOperation,
    Tolerances Tolerances)
{
    /// <summary>Process-wide bytes per operation, where the subject allocates on threads it does not own; null otherwise.</summary>
    public double? ProcessBytesPerOperation { get; init; }

    /// <summary>The ratio in process CPU time instead of wall time, with its interval; null where CPU time was not measured.</summary>
    public RatioEstimate? CpuRatio { get; init; }
}
