using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// A minimal, independent loop doing what a PureBlocking ReceiveModes case does (ROUTER to ROUTER over tcp, a blocking
/// receive into one reused buffer, a sender thread), written plainly against one driver's API without the suite's
/// machinery: the yardstick the suite's own workload should match per operation.
/// </summary>
public interface IReferenceLoop : IDisposable
{
    /// <summary>The sender thread's kernel id (Linux; 0 elsewhere), so a measurement can place it.</summary>
    int SenderThreadId { get; }

    /// <summary>One operation: 10,000 messages sent and received; every wait has a deadline.</summary>
    void RunOperation();
}

/// <summary>Reference loops exist only for Net.Zmq, whose published tables the suite reproduces.</summary>
public static class ReferenceLoops
{
    public static IReferenceLoop? Open(DriverId driver, int messageSize) => driver == DriverId.NetZmq
        ? ZmqDrivers.Get(driver).OpenReferenceLoop(messageSize, CaseCatalog.MessagesPerOperation)
        : null;

    /// <summary>Why <paramref name="driver"/> has no reference loop here, or null when it has one.</summary>
    public static string? WhyNot(DriverId driver) =>
        driver != DriverId.NetZmq
            ? "the reference loop is written for Net.Zmq only, whose published tables the suite reproduces; " +
              $"{driver} has none"
            : !ZmqDrivers.Get(driver).Availability.IsAvailable ? ZmqDrivers.Get(driver).Availability.Description
            : null;
}
