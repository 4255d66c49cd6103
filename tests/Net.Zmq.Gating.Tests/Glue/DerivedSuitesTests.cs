using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;
using static NetZmqTests.Gating.Tests.Glue.CatalogMeasurements;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>
/// What confirming a failed gate measures again, whichever suite the gate judged, and what it makes of it.
/// </summary>
public sealed class DerivedSuitesTests
{
    [Fact]
    public void MeasuredCases_OfADerivedCase_AreTheTwoCasesItIsMadeFrom_AndOfAMeasuredCase_ItsOwn()
    {
        var netZmq = Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.Poller, 64);

        Assert.Equal([netZmq.Id, netZmq.On(DriverId.LibZmq).Id], DerivedSuites.MeasuredCases(BindingOverhead.Paired.IdOf(netZmq)));
        Assert.Equal([netZmq.Id, netZmq.On(DriverId.NetZmqBase).Id], DerivedSuites.MeasuredCases(HeadAgainstBase.Paired.IdOf(netZmq)));
        Assert.Equal([netZmq.Id], DerivedSuites.MeasuredCases(netZmq.Id));
    }

    [Fact]
    public void Of_MakesEveryDerivedSuitesCases_FromTheHeadTheBaseAndTheFloor()
    {
        var head = Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.PureBlocking, 64);
        var measured = Analyzed((head, 5e6, 0), (head.On(DriverId.NetZmqBase), 5e6, 0), (head.On(DriverId.LibZmq), 4e6, 0));

        var derived = DerivedSuites.Of(measured).ToList();

        Assert.Equal([HeadAgainstBase.Paired.IdOf(head), BindingOverhead.Paired.IdOf(head)], derived.Select(c => c.Case.Id));
        Assert.Empty(DerivedSuites.Of(Analyzed((head, 5e6, 0))));
    }

    /// <summary>
    /// A paired suite is data: declared with its two subjects, its grouping and its ratio, it makes its cases from a
    /// run's measurements, maps its ids back to the two measured cases, and names no other suite (here Net.Zmq over
    /// NetMQ, shown only).
    /// </summary>
    [Fact]
    public void APairedSuite_DeclaredAsData_PairsItsSubjectsCases_AndLeadsBackToBoth()
    {
        var managed = new PairedSuite(new Measurements.SuiteId("NetZmq", "OverNetMQ"), DriverId.NetZmq, DriverId.NetMQ, PairedJudgement.ShownOnly,
            c => c.Suite.ToString(), pairs => [.. pairs.Select(p => Measurements.SuiteAnalysis.Against(p.Subject, p.Reference))]);
        var head = Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.PureBlocking, 64);

        var paired = Assert.Single(managed.Of(Analyzed((head, 5e6, 0), (head.On(DriverId.NetMQ), 4e6, 0)))!);

        Assert.Equal("NetZmq/OverNetMQ/" + head.CrossDriverKey, paired.Case.Id);
        Assert.Equal(nameof(DriverId.NetMQ), paired.Case.ReferenceVariant);
        Assert.Equal(1.25, paired.Ratio.Value, 2);
        Assert.Equal([head.Id, head.On(DriverId.NetMQ).Id], managed.MeasuredCases(paired.Case.Id));
        Assert.Null(managed.Of(Analyzed((head, 5e6, 0))));
        Assert.Null(managed.MeasuredCases(head.Id));
    }
}
