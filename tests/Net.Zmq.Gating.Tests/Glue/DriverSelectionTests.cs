using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>PERF_DRIVERS, and the pull-request run's rule: with a base build, NetMQ only when asked for.</summary>
public sealed class DriverSelectionTests
{
    private static DriverSelection From(string? value) => DriverSelection.FromEnvironment(name => name == DriverSelection.Variable ? value : null);

    [Fact]
    public void Unset_MeasuresEveryAvailableDriver_ButNetMQBesideABase()
    {
        var selection = From(null);

        Assert.All(Enum.GetValues<DriverId>(), d => Assert.Null(selection.WhyLeftOut(d, baseAvailable: false)));
        Assert.StartsWith("left out: a base build of Net.Zmq was given", selection.WhyLeftOut(DriverId.NetMQ, baseAvailable: true), StringComparison.Ordinal);
        Assert.Null(selection.WhyLeftOut(DriverId.LibZmq, baseAvailable: true));
    }

    [Fact]
    public void Named_MeasuresExactlyThose_WithOrWithoutABase()
    {
        var selection = From("NetZmq; NetZmqBase;NetMQ");

        Assert.Null(selection.WhyLeftOut(DriverId.NetMQ, baseAvailable: true));
        Assert.Equal("left out: PERF_DRIVERS=NetZmq;NetMQ;NetZmqBase does not name it", selection.WhyLeftOut(DriverId.LibZmq, baseAvailable: true));
    }

    [Theory]
    [InlineData("Netzmq")]
    [InlineData("NetZmq;libzmq")]
    [InlineData("7")]
    public void AnUnknownDriver_IsAnErrorListingTheKnownOnes(string value)
    {
        var error = Assert.Throws<ArgumentException>(() => From(value));

        Assert.Contains("is not a driver; known: NetZmq, LibZmq, NetMQ, NetZmqBase", error.Message, StringComparison.Ordinal);
    }
}
