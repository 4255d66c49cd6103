namespace NetZmqTests.Gating.Measurements;

/// <summary>
/// Where a measured case sits, in terms the gates understand. Gating knows nothing of the libraries measured: a subject
/// is the thing measured (a driver), a suite is one published table, a group holds the cases whose times are compared
/// with each other, and a variant is what differs inside a group.
/// </summary>
/// <param name="Id">The stable case id: the key in baselines, reports and filters.</param>
/// <param name="Subject">The implementation measured; one baseline file per subject and suite.</param>
/// <param name="Suite">The table the case belongs to.</param>
/// <param name="Group">Cases of one subject whose times are judged as ratios to each other (a message size).</param>
/// <param name="Variant">What differs inside the group (a receive mode).</param>
/// <param name="ReferenceVariant">The variant every time in the group is divided by (PureBlocking).</param>
/// <param name="CrossSubjectKey">The id without the subject, so the same case can be compared across subjects.</param>
public sealed record CaseIdentity(string Id, string Subject, string Suite, string Group, string Variant, string ReferenceVariant, string CrossSubjectKey)
{
    public bool IsReference => Variant == ReferenceVariant;

    /// <summary>
    /// Its operations spend most of their wall time asleep between polls (a fixed sleep when nothing is ready), so
    /// their wall time is the operating system's timer and the sender's pace more than the code's: its time
    /// regressions are judged in CPU time, where the code's cost is (<see cref="Gates.GateEvaluator"/>).
    /// </summary>
    public bool SleepBound { get; init; }

    /// <summary>
    /// Why this case has no baseline entry by design (the baselines hold another profile's cases), or null when it
    /// must have one: a declared case without an entry is shown as unbaselined, never failed
    /// (<see cref="Gates.GateEvaluator"/>).
    /// </summary>
    public string? Unbaselined { get; init; }

    /// <summary>The subject's suite the case belongs to: its baseline file.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public SuiteId SuiteId => new(Subject, Suite);
}

/// <summary>What one case measured: per-operation times of every iteration, and the memory figures.</summary>
/// <param name="NanosecondsPerOperation">One value per measured iteration, in the order measured.</param>
/// <param name="BytesAllocatedPerOperation">Managed bytes allocated per operation (the median over operations) on
/// the threads the measured code runs on, counted exactly per thread whatever else the process does.</param>
/// <param name="Gen0PerThousandOperations">Gen0 collections per 1,000 operations (BenchmarkDotNet's
/// convention).</param>
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
    private readonly IReadOnlyList<int>? _pairingUnits;
    private readonly IReadOnlyList<int>? _blocks;

    /// <summary>
    /// Per operation, the pairing unit it ran in (<see cref="PairedSamples"/>): operations of cases measured together
    /// with the same unit are compared with each other. Without one, operation i is its own unit i.
    /// </summary>
    public IReadOnlyList<int> PairingUnits
    {
        get => _pairingUnits ?? Enumerable.Range(0, NanosecondsPerOperation.Count).ToList();
        init => _pairingUnits = value.Count == NanosecondsPerOperation.Count ? value
            : throw new ArgumentException($"{Case.Id}: {value.Count} pairing units for {NanosecondsPerOperation.Count} operations");
    }

    /// <summary>
    /// Per operation, the workload it ran on (a fresh set of sockets and threads per block); all 0 when not given.
    /// </summary>
    public IReadOnlyList<int> Blocks
    {
        get => _blocks ?? new int[NanosecondsPerOperation.Count];
        init => _blocks = value.Count == NanosecondsPerOperation.Count ? value
            : throw new ArgumentException($"{Case.Id}: {value.Count} blocks for {NanosecondsPerOperation.Count} operations");
    }

    /// <summary>
    /// Per operation, the measuring process it ran in (a run is a set of processes, <see cref="MeasuredProcess"/>); all
    /// 0 when not given. Block and unit numbers are unique across the processes of a run.
    /// </summary>
    public IReadOnlyList<int> Processes
    {
        get => _processes ?? new int[NanosecondsPerOperation.Count];
        init => _processes = value.Count == NanosecondsPerOperation.Count ? value
            : throw new ArgumentException($"{Case.Id}: {value.Count} process numbers for {NanosecondsPerOperation.Count} operations");
    }

    private readonly IReadOnlyList<int>? _processes;

    /// <summary>
    /// Where the measured code also allocates on threads it does not own (a managed subject's own I/O thread), the
    /// bytes allocated process-wide per operation (median), which include the test host's own allocations of the
    /// moment; null where everything is counted exactly in <see cref="BytesAllocatedPerOperation"/>.
    /// </summary>
    public double? ProcessBytesPerOperation { get; init; }

    /// <summary>
    /// Per operation, in the order of <see cref="NanosecondsPerOperation"/>, the CPU time the whole process used
    /// (every thread, I/O threads included; waiting excluded); empty where the CPU clock cannot be read.
    /// </summary>
    public IReadOnlyList<double> CpuNanosecondsPerOperation
    {
        get => _cpu ?? [];
        init => _cpu = value.Count == 0 || value.Count == NanosecondsPerOperation.Count ? value
            : throw new ArgumentException($"{Case.Id}: {value.Count} CPU times for {NanosecondsPerOperation.Count} operations");
    }

    private readonly IReadOnlyList<double>? _cpu;

    /// <summary>
    /// CPUs other processes used, on average, while the case's cell was measured
    /// (<see cref="Platform.NeighbourLoad"/>); null where the machine's accounting cannot be read.
    /// </summary>
    public double? NeighbourCpus { get; init; }

    public double MeanNanoseconds => NanosecondsPerOperation.Average();

    /// <summary>Time per message: the operation's time over its messages.</summary>
    public double NanosecondsPerMessage => MeanNanoseconds / MessagesPerOperation;

    public double MessagesPerSecond => MessagesPerOperation / (MeanNanoseconds / 1e9);

    public double BytesPerSecond => MessagesPerSecond * MessageBytes;
}
