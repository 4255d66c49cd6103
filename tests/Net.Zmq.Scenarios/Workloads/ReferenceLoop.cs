using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// A minimal, independent loop doing what a PureBlocking ReceiveModes case does (ROUTER to ROUTER over tcp,
/// high-water mark 1000, a blocking receive into one reused buffer, a sender on its own thread, 10,000 messages per
/// operation), written plainly against one driver's API without the suite's machinery: no ledger, no sequence
/// numbers, no shared workload. It is the yardstick for what the suite's tables report: measured beside the suite's
/// own workload, the two should take the same time per operation.
/// </summary>
public interface IReferenceLoop : IDisposable
{
    /// <summary>
    /// The sender thread's kernel id (Linux; 0 elsewhere), so a measurement can place it as it places the suite's.
    /// </summary>
    int SenderThreadId { get; }

    /// <summary>One operation: 10,000 messages sent and received. Every wait has a deadline.</summary>
    void RunOperation();
}

/// <summary>
/// The drivers that have a reference loop (written only for Net.Zmq, whose published tables the suite reproduces).
/// </summary>
public static class ReferenceLoops
{
    /// <summary>
    /// The reference loop of <paramref name="driver"/> at <paramref name="messageSize"/> bytes, or null when it has
    /// none (or is not in the build).
    /// </summary>
    public static IReferenceLoop? Open(DriverId driver, int messageSize) =>
        driver == DriverId.NetZmq ? ZmqDrivers.Get(driver).OpenReferenceLoop(messageSize, CaseCatalog.MessagesPerOperation) : null;

    /// <summary>Why <paramref name="driver"/> has no reference loop here, or null when it has one.</summary>
    public static string? WhyNot(DriverId driver) =>
        driver != DriverId.NetZmq ? $"the reference loop is written for Net.Zmq only, whose published tables the suite reproduces; {driver} has none"
        : !ZmqDrivers.Get(driver).Availability.IsAvailable ? ZmqDrivers.Get(driver).Availability.Description
        : null;
}
