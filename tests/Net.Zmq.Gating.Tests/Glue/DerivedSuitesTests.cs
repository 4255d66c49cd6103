using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Orchestration;
using static NetZmqTests.Gating.Tests.Glue.CatalogMeasurements;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>What confirming a failed gate measures again, whichever suite the gate judged, and what it makes of it.</summary>
public sealed class DerivedSuitesTests
{
    [Fact]
    public void MeasuredCases_OfADerivedCase_AreTheTwoCasesItIsMadeFrom_AndOfAMeasuredCase_ItsOwn()
    {
        var netZmq = Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.Poller, 64);

        Assert.Equal([netZmq.Id, netZmq.On(DriverId.LibZmq).Id], DerivedSuites.MeasuredCases(BindingOverhead.IdOf(netZmq)));
        Assert.Equal([netZmq.Id, netZmq.On(DriverId.NetZmqBase).Id], DerivedSuites.MeasuredCases(HeadAgainstBase.IdOf(netZmq)));
        Assert.Equal([netZmq.Id], DerivedSuites.MeasuredCases(netZmq.Id));
    }

    [Fact]
    public void Of_MakesEveryDerivedSuitesCases_FromTheHeadTheBaseAndTheFloor()
    {
        var head = Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.PureBlocking, 64);
        var measured = Analyzed((head, 5e6, 0), (head.On(DriverId.NetZmqBase), 5e6, 0), (head.On(DriverId.LibZmq), 4e6, 0));

        var derived = DerivedSuites.Of(measured).ToList();

        Assert.Equal([BindingOverhead.IdOf(head), HeadAgainstBase.IdOf(head)], derived.Select(c => c.Case.Id));
        Assert.Empty(DerivedSuites.Of(Analyzed((head, 5e6, 0))));
    }
}
