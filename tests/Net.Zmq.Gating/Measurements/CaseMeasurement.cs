namespace NetZmqTests.Gating.Measurements;

/// <summary>
/// Where a measured case sits, in terms the gates understand. Gating knows nothing of ZeroMQ: a subject is the
/// thing measured (a driver), a suite is one published table, a group holds the cases whose times are compared
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
}

/// <summary>What one case measured: per-operation times of every iteration, and the memory figures.</summary>
/// <param name="NanosecondsPerOperation">One value per measured iteration, in the order measured.</param>
/// <param name="BytesAllocatedPerOperation">Managed bytes allocated per operation, process-wide.</param>
/// <param name="Gen0PerThousandOperations">Gen0 collections per 1,000 operations (BenchmarkDotNet's convention).</param>
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
    public double MeanNanoseconds => NanosecondsPerOperation.Average();

    /// <summary>Time per message: the operation's time over its messages.</summary>
    public double NanosecondsPerMessage => MeanNanoseconds / MessagesPerOperation;

    public double MessagesPerSecond => MessagesPerOperation / (MeanNanoseconds / 1e9);

    public double BytesPerSecond => MessagesPerSecond * MessageBytes;
}
