using System.Diagnostics;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Correctness.Scenarios;

/// <summary>
/// A sender that dies (throws) or stops (returns quietly) mid-operation: the operation fails within its deadline
/// with a message that names the case and says what happened, the sender's thread is gone once the workload is
/// closed, and the next case runs normally on the same driver.
/// </summary>
public sealed class SenderFailureTests
{
    private static readonly WorkloadOptions ShortDeadline = WorkloadOptions.Correctness with { IdleTimeout = TimeSpan.FromSeconds(2) };

    public static TheoryData<DriverId, FaultKind> Failures { get; } = new(
        from driver in Enum.GetValues<DriverId>()
        from kind in new[] { FaultKind.SenderFailed, FaultKind.Timeout }
        select (driver, kind));

    [Theory(Timeout = 60_000)]
    [MemberData(nameof(Failures))]
    public async Task SenderDiesOrStopsMidOperation_CaseFailsWithinItsDeadline_NoThreadLeft_NextCaseRuns(DriverId driver, FaultKind kind)
    {
        DriverRequirement.Require(driver);
        var failing = CaseCatalog.Get($"{driver}/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/1KiB");
        var next = CaseCatalog.Get($"{driver}/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/1KiB");
        const int index = 5000;

        var (failure, elapsed, senderEnded) = await Task.Run(() =>
        {
            var workload = MessageWorkload.Open(failing, ShortDeadline);
            var clock = Stopwatch.StartNew();
            var error = Assert.Throws<WorkloadFaultException>(() =>
                workload.RunOperation(kind == FaultKind.SenderFailed ? MessageFault.SenderDies(index) : MessageFault.SenderStops(index)));
            var took = clock.Elapsed;
            workload.Dispose();
            return (error, took, workload.SenderThreadEnded);
        }, TestContext.Current.CancellationToken);

        Assert.Equal(kind, failure.Kind);
        Assert.StartsWith(failing.Id + ":", failure.Message, StringComparison.Ordinal);
        Assert.Contains("5,000 of 10,000 messages received in this operation", failure.Message, StringComparison.Ordinal);
        if (kind == FaultKind.SenderFailed)
            Assert.Contains("injected: the sender died before message #5000", failure.Message, StringComparison.Ordinal);

        // The receiver's idle deadline, and a little for a loaded machine: never a hang.
        Assert.True(elapsed < ShortDeadline.IdleTimeout + TimeSpan.FromSeconds(3), $"failed after {elapsed.TotalSeconds:0.0} s");
        Assert.True(senderEnded, "the sender's thread was still running after the workload was closed");

        await Task.Run(() =>
        {
            using var following = MessageWorkload.Open(next, ShortDeadline);
            following.RunOperation();
        }, TestContext.Current.CancellationToken);
    }
}
