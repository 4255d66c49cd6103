using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Correctness.Scenarios;

/// <summary>
/// Every catalog case, run once functionally through exactly the code PerfTests times: each operation's 10,000
/// messages arrive, in order, byte for byte, within the deadlines.
/// </summary>
public sealed class ReceiveModeCaseTests
{
    public static TheoryData<string> Cases { get; } = new(CaseCatalog.All.Select(c => c.Id));

    [Theory]
    [MemberData(nameof(Cases))]
    public void Case_RunsTwoOperations_EveryMessageArrivesInOrderIntact(string caseId)
    {
        var definition = CaseCatalog.Get(caseId);
        DriverRequirement.Require(definition.Driver);

        using var workload = RouterWorkload.Open(definition, WorkloadOptions.Correctness);
        // Two operations: the second proves sequence numbers and sockets carry over cleanly, as they must
        // across a benchmark's many operations.
        workload.RunOperation();
        workload.RunOperation();
    }
}
