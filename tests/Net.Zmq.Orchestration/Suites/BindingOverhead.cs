using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Suites;

/// <summary>
/// Net.Zmq's time over the floor's for each case both ran, on the same libzmq binary: a <see cref="PairedSuite"/>
/// judged against its own baseline file, cases Net.Zmq's, grouped by their suite.
/// </summary>
public static class BindingOverhead
{
    public static SuiteId Suite { get; } = new(nameof(DriverId.NetZmq), "BindingOverhead");

    public static PairedSuite Paired { get; } = new(Suite, DriverId.NetZmq, DriverId.LibZmq, PairedJudgement.AgainstItsBaselineFile,
        netZmq => netZmq.Suite.ToString(),
        pairs => [.. pairs.Select(p => SuiteAnalysis.Against(p.Subject, p.Reference))])
    {
        Refine = (paired, netZmq, _) => paired with { Unbaselined = WhyUnbaselined(netZmq) },
        Title = "Binding overhead",
        Words = ("binding", "floor"),

        // CPU time gated as wall time is (it is the binding's cost and steady beside a busy neighbour); allocation not
        // (Net.Zmq's own bytes, gated in its suites); no policy bounds; a column of the comparison table.
        FileDeclaration = new(Suite, nameof(DriverId.LibZmq), GatesCpuTimeAlways: true, GatesAllocation: false, Policy.None,
            [DriverId.NetZmq, DriverId.LibZmq], id => Paired!.SubjectCaseOf(id))
        {
            HasTables = false,
        },
    };

    /// <summary>Why an overhead case has no baseline entry (<see cref="PerfSelection.WhyUnbaselined"/>).</summary>
    public static string? WhyUnbaselined(CaseDefinition netZmq) =>
        PerfSelection.WhyUnbaselined(netZmq.On(DriverId.LibZmq)) ?? PerfSelection.WhyUnbaselined(netZmq);
}
