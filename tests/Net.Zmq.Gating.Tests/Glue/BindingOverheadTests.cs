using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;
using static NetZmqTests.Gating.Tests.Glue.CatalogMeasurements;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>How Net.Zmq's cases are paired with the floor's into the binding-overhead suite, and back.</summary>
public sealed class BindingOverheadTests
{
    [Fact]
    public void EveryNetZmqCase_HasAnOverheadId_ThatLeadsBackToItAndToTheFloorsCase()
    {
        foreach (var netZmq in CaseCatalog.All.Where(c => c.Driver == DriverId.NetZmq))
        {
            var id = BindingOverhead.Paired.IdOf(netZmq);

            Assert.StartsWith("NetZmq/BindingOverhead/", id, StringComparison.Ordinal);
            Assert.Equal(netZmq, BindingOverhead.Paired.SubjectCaseOf(id));
            Assert.Equal([netZmq.Id, netZmq.On(DriverId.LibZmq).Id], BindingOverhead.Paired.MeasuredCases(id));
            Assert.True(BindingOverhead.Paired.FileDeclaration!.MayHold(id), id);
        }
    }

    [Theory]
    [InlineData("NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64B")]
    [InlineData("NetZmq/BindingOverhead/Nonsense")]
    public void AnIdThatIsNoOverheadCase_IsMeasuredAsItself(string id)
    {
        Assert.Null(BindingOverhead.Paired.SubjectCaseOf(id));
        Assert.Null(BindingOverhead.Paired.MeasuredCases(id));
        Assert.Equal([id], DerivedSuites.MeasuredCases(id));
    }

    [Fact]
    public void Of_PairsEachNetZmqCaseWithTheFloorsSameCase_GroupedBySuite()
    {
        var netZmq = Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.Poller, 64);
        var floor = netZmq.On(DriverId.LibZmq);
        var alone = Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.Poller, 512);
        var measured = Analyzed(
            (Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.PureBlocking, 64), 5e6, 0), (netZmq, 6e6, 0),
            (Case(DriverId.LibZmq, Suite.ReceiveModes, ReceiveMode.PureBlocking, 64), 4e6, 0), (floor, 5e6, 0),
            (Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.PureBlocking, 512), 5e6, 0), (alone, 6e6, 0));

        var overhead = BindingOverhead.Paired.Of(measured);

        Assert.NotNull(overhead);
        Assert.Equal(2, overhead.Count);
        var poller = Assert.Single(overhead, c => c.Case.Id == BindingOverhead.Paired.IdOf(netZmq));
        Assert.Equal(("NetZmq", "BindingOverhead", "ReceiveModes", "LibZmq"), (poller.Case.Subject, poller.Case.Suite, poller.Case.Group, poller.Case.ReferenceVariant));
        Assert.Equal("RouterRouter/Tcp/Poller/ReusedBuffer/64B", poller.Case.Variant);
        Assert.Equal(1.2, poller.Ratio.Value, 2);
    }

    [Fact]
    public void Of_WithoutTheFloor_IsNull() =>
        Assert.Null(BindingOverhead.Paired.Of(Analyzed((Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.PureBlocking, 64), 5e6, 0))));
}
