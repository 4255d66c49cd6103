namespace NetZmqTests.Gating.Measurements;

/// <summary>
/// Where a measured case sits, in terms the gates understand. Gating knows nothing of the libraries measured: a subject
/// is the thing measured (a driver), a suite is one published table, a group holds the cases whose times are compared
/// with each other, and a variant is what differs inside a group.
/// </summary>
/// <param name="ReferenceVariant">The variant every time in the group is divided by (PureBlocking).</param>
/// <param name="CrossSubjectKey">The id without the subject, so the same case can be compared across subjects.</param>
public sealed record CaseIdentity(
    string Id, string Subject, string Suite, string Group, string Variant, string ReferenceVariant,
    string CrossSubjectKey)
{
    public bool IsReference => Variant == ReferenceVariant;

    /// <summary>
    /// Its operations mostly sleep between polls, so wall time is the timer's and the sender's pace: its time
    /// regressions are judged in CPU time (<see cref="Gates.GateEvaluator"/>).
    /// </summary>
    public bool SleepBound { get; init; }

    /// <summary>
    /// Why this case has no baseline entry by design (shown, never failed), or null when it must have one.
    /// </summary>
    public string? Unbaselined { get; init; }

    [System.Text.Json.Serialization.JsonIgnore]
    public SuiteId SuiteId => new(Subject, Suite);
}

/// <summary>What one case measured: per-operation times of every iteration, and the memory figures.</summary>
/// <param name="BytesAllocatedPerOperation">Managed bytes per operation (median) on the threads the measured code runs
/// on, counted exactly per thread.</param>
public sealed record CaseMeasurement(
    CaseIdentity Case,
    int MessagesPerOperation,
    int MessageBytes,
    IReadOnlyList<double> NanosecondsPerOperation,
    double BytesAllocatedPerOperation,
    double Gen0PerThousandOperations,
    double Gen1PerThousandOperations,
    double Gen2PerThousandOperations)
{
    /// <summary>
    /// Per operation, the pairing unit it ran in (<see cref="PairedSamples"/>); by default its index.
    /// </summary>
    public IReadOnlyList<int> PairingUnits
    {
        get => field ?? Enumerable.Range(0, NanosecondsPerOperation.Count).ToList();
        init => field = PerOperation(value, "pairing units");
    }

    /// <summary>Per operation, the workload (block) it ran on; all 0 when not given.</summary>
    public IReadOnlyList<int> Blocks
    {
        get => field ?? new int[NanosecondsPerOperation.Count];
        init => field = PerOperation(value, "blocks");
    }

    /// <summary>Per operation, the process it ran in (<see cref="MeasuredProcess"/>); all 0 when not given.</summary>
    public IReadOnlyList<int> Processes
    {
        get => field ?? new int[NanosecondsPerOperation.Count];
        init => field = PerOperation(value, "process numbers");
    }

    /// <summary>
    /// Bytes allocated process-wide per operation (median, the host's own included), where the measured code also
    /// allocates on threads it does not own; null where <see cref="BytesAllocatedPerOperation"/> counts everything.
    /// </summary>
    public double? ProcessBytesPerOperation { get; init; }

    /// <summary>Per operation, the whole process's CPU time; empty where the CPU clock cannot be read.</summary>
    public IReadOnlyList<double> CpuNanosecondsPerOperation
    {
        get => field ?? [];
        init => field = value.Count == 0 ? value : PerOperation(value, "CPU times");
    }

    /// <summary>
    /// CPUs other processes used while the cell was measured (<see cref="Platform.NeighbourLoad"/>), or null.
    /// </summary>
    public double? NeighbourCpus { get; init; }

    public double MeanNanoseconds => NanosecondsPerOperation.Average();

    public double NanosecondsPerMessage => MeanNanoseconds / MessagesPerOperation;

    public double MessagesPerSecond => MessagesPerOperation / (MeanNanoseconds / 1e9);

    public double BytesPerSecond => MessagesPerSecond * MessageBytes;

    private IReadOnlyList<T> PerOperation<T>(IReadOnlyList<T> values, string what) =>
        values.Count == NanosecondsPerOperation.Count
            ? values
            : throw new ArgumentException(
                $"{Case.Id}: {values.Count} {what} for {NanosecondsPerOperation.Count} operations");
}
