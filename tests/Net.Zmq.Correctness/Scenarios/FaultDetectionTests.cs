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
        var definition = CaseCatalog.All.First(c => c.Driver == driver && c.Suite == Suite.ReceiveModes && c.Mode == ReceiveMode.PureBlocking && c.MessageSize == 512);
        const int index = 4321;
        var fault = new MessageFault(kind, index);

        using var workload = MessageWorkload.Open(definition, WorkloadOptions.Correctness);
        workload.RunOperation();
        var failure = Assert.Throws<WorkloadFaultException>(() => workload.RunOperation(fault));

        Assert.Equal(kind, failure.Kind);
        Assert.StartsWith(definition.Id + ":", failure.Message, StringComparison.Ordinal);
        // Sequence numbers continue across operations: the faulty message is #10,000 + index.
        Assert.Contains($"#{CaseCatalog.MessagesPerOperation + index}", failure.Message, StringComparison.Ordinal);
    }

    /// <summary>
    /// Strategies fill a fresh buffer per message: a corruption must hit exactly one message there too, and a
    /// reordering still show.
    /// </summary>
    public static TheoryData<string, FaultKind> StrategyFaults { get; } = new(
        from definition in CaseCatalog.All
        where definition.Suite == Suite.BufferStrategies && definition.MessageSize == 512
        from kind in new[] { FaultKind.Corrupted, FaultKind.Reordered }
        select (definition.Id, kind));

    [Theory]
    [MemberData(nameof(StrategyFaults))]
    public void InjectedFault_InEveryBufferStrategy_FailsTheOperation(string caseId, FaultKind kind)
    {
        var definition = CaseCatalog.Get(caseId);
        DriverRequirement.Require(definition);

        using var workload = MessageWorkload.Open(definition, WorkloadOptions.Correctness);
        var failure = Assert.Throws<WorkloadFaultException>(() => workload.RunOperation(new MessageFault(kind, 77)));

        Assert.Equal(kind, failure.Kind);
        Assert.StartsWith(caseId + ":", failure.Message, StringComparison.Ordinal);
    }

    /// <summary>PUB/SUB and inproc lose nothing silently either: a loss fails the operation.</summary>
    public static TheoryData<string> PatternLossCases { get; } = new(
        CaseCatalog.All.Where(c => c.Suite == Suite.Patterns && c.Mode == ReceiveMode.PureBlocking && c.MessageSize == 64).Select(c => c.Id));

    [Theory]
    [MemberData(nameof(PatternLossCases))]
    public void LostMessage_InEveryPatternAndTransport_FailsTheOperation(string caseId)
    {
        var definition = CaseCatalog.Get(caseId);
        DriverRequirement.Require(definition);

        using var workload = MessageWorkload.Open(definition, WorkloadOptions.Measurement);
        var failure = Assert.Throws<WorkloadFaultException>(() => workload.RunOperation(MessageFault.Lose(500)));

        Assert.Equal(FaultKind.Lost, failure.Kind);
    }

    [Fact]
    public void PoisonedWorkload_RefusesFurtherOperations()
    {
        var definition = CaseCatalog.All.First(c => c.Driver == DriverId.NetMQ && c.Mode == ReceiveMode.PureBlocking);
        using var workload = MessageWorkload.Open(definition, WorkloadOptions.Correctness);

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
            using var workload = MessageWorkload.Open(definition, WorkloadOptions.Measurement);
            var failure = Assert.Throws<WorkloadFaultException>(() => workload.RunOperation(fault));
            Assert.Equal(fault.Kind, failure.Kind);
        }
    }
}
