using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Correctness.Scenarios;

/// <summary>
/// Every catalog case, every pattern, transport, mode and strategy, run functionally through exactly the code
/// PerfTests times: each operation's 10,000 messages arrive, in order, byte for byte, within the deadlines.
/// </summary>
public sealed class CatalogCaseTests
{
    public static TheoryData<string> Cases { get; } = new(CaseCatalog.All.Select(c => c.Id));

    [Theory]
    [MemberData(nameof(Cases))]
    public void Case_RunsItsOperations_EveryMessageArrivesInOrderIntact(string caseId)
    {
        var definition = CaseCatalog.Get(caseId);
        DriverRequirement.Require(definition);

        using var workload = MessageWorkload.Open(definition, WorkloadOptions.Correctness);
        // Two operations prove sequence numbers and sockets carry over cleanly, as they must across a benchmark's
        // many operations; above 64 KiB one operation moves more than a gigabyte, and the carry-over is the same code.
        workload.RunOperation();
        if (definition.MessageSize <= 65536)
            workload.RunOperation();
    }
}
