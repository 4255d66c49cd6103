using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Correctness.Scenarios;

/// <summary>
/// The workload's checks catch what they claim to: the sender injects one fault into a real operation and the
/// operation must fail with that fault, naming the case.
/// </summary>
public sealed class FaultDetectionTests
{
    public static TheoryData<DriverId, FaultKind> Faults { get; } = new(
        from driver in Enum.GetValues<DriverId>()
        from kind in new[] { FaultKind.Lost, FaultKind.Duplicated, FaultKind.Reordered, FaultKind.Corrupted }
        select (driver, kind));

    [Theory]
    [MemberData(nameof(Faults))]
    public void InjectedFault_FailsTheOperation_NamingCaseAndFault(DriverId driver, FaultKind kind)
    {
        DriverRequirement.Require(driver);
        var definition = CaseCatalog.All.First(c => c.Driver == driver && c.Mode == ReceiveMode.PureBlocking && c.MessageSize == 512);
        const int index = 4321;
        var fault = new MessageFault(kind, index);

        using var workload = RouterWorkload.Open(definition, WorkloadOptions.Correctness);
        workload.RunOperation();
        var failure = Assert.Throws<WorkloadFaultException>(() => workload.RunOperation(fault));

        Assert.Equal(kind, failure.Kind);
        Assert.StartsWith(definition.Id + ":", failure.Message, StringComparison.Ordinal);
        // Sequence numbers continue across operations: the faulty message is #10,000 + index.
        Assert.Contains($"#{CaseCatalog.MessagesPerOperation + index}", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void PoisonedWorkload_RefusesFurtherOperations()
    {
        var definition = CaseCatalog.All.First(c => c.Driver == DriverId.NetMQ && c.Mode == ReceiveMode.PureBlocking);
        using var workload = RouterWorkload.Open(definition, WorkloadOptions.Correctness);

        Assert.Throws<WorkloadFaultException>(() => workload.RunOperation(MessageFault.Duplicate(10)));
        var refusal = Assert.Throws<InvalidOperationException>(() => workload.RunOperation());
        Assert.Contains("earlier operation failed", refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void MeasurementOptions_StillCatchLossDuplicationAndReordering()
    {
        var definition = CaseCatalog.All.First(c => c.Driver == DriverId.NetMQ && c.Mode == ReceiveMode.Poller);
        foreach (var fault in new[] { MessageFault.Lose(7), MessageFault.Duplicate(7), MessageFault.Reorder(7) })
        {
            using var workload = RouterWorkload.Open(definition, WorkloadOptions.Measurement);
            var failure = Assert.Throws<WorkloadFaultException>(() => workload.RunOperation(fault));
            Assert.Equal(fault.Kind, failure.Kind);
        }
    }
}
