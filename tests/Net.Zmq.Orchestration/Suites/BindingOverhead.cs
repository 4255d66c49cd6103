using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Suites;

/// <summary>
/// Net.Zmq's time over the floor's for each case both ran: what the binding costs on the same libzmq binary, a
/// <see cref="PairedSuite"/> judged against its own baseline file. A case there is Net.Zmq's case, grouped by the
/// suite it came from.
/// </summary>
public static class BindingOverhead
{
    /// <summary>
    /// The suite of Net.Zmq's time over the floor's, case by case: gated like any suite, against its own file.
    /// </summary>
    public static SuiteId Suite { get; } = new(nameof(DriverId.NetZmq), "BindingOverhead");

    public static PairedSuite Paired { get; } = new(Suite, DriverId.NetZmq, DriverId.LibZmq, PairedJudgement.AgainstItsBaselineFile,
        netZmq => netZmq.Suite.ToString(),
        pairs => [.. pairs.Select(p => SuiteAnalysis.Against(p.Subject, p.Reference))])
    {
        Refine = (paired, netZmq, _) => paired with { Unbaselined = WhyUnbaselined(netZmq) },
        Title = "Binding overhead",
        Words = ("binding", "floor"),

        // Each case's time is a ratio to the floor's same case; its CPU time is gated as its wall time is (CPU time
        // is the binding's cost, and stays steady beside a busy neighbour); its allocation is not (the bytes are
        // Net.Zmq's own, gated in Net.Zmq's suites); no policy bounds; made of Net.Zmq's and the floor's cases; its
        // ratios are a column of the comparison table, not tables of their own.
        FileDeclaration = new(Suite, nameof(DriverId.LibZmq), GatesCpuTimeAlways: true, GatesAllocation: false, Policy.None,
            [DriverId.NetZmq, DriverId.LibZmq], id => Paired!.SubjectCaseOf(id))
        {
            HasTables = false,
        },
    };

    /// <summary>
    /// Why the overhead case of Net.Zmq's case <paramref name="netZmq"/> has no baseline entry by design
    /// (<see cref="PerfSelection.WhyUnbaselined"/>), or null.
    /// </summary>
    public static string? WhyUnbaselined(CaseDefinition netZmq) =>
        PerfSelection.WhyUnbaselined(netZmq.On(DriverId.LibZmq)) ?? PerfSelection.WhyUnbaselined(netZmq);
}
