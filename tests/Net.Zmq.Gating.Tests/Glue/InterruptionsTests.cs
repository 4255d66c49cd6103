using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>
/// The drivers' answer to a blocking call a signal interrupted: make it again, and count it for the run's notes.
/// </summary>
public sealed class InterruptionsTests
{
    [Fact]
    public void Eintr_IsRetried_AndCountedForItsDriver_AnyOtherErrorIsNot()
    {
        var (netZmq, floor) = (Interruptions.Count(DriverId.NetZmq), Interruptions.Count(DriverId.LibZmq));

        Assert.True(Interruptions.Retry(Interruptions.EINTR, DriverId.NetZmq));
        Assert.False(Interruptions.Retry(11, DriverId.NetZmq));

        Assert.Equal(netZmq + 1, Interruptions.Count(DriverId.NetZmq));
        Assert.Equal(floor, Interruptions.Count(DriverId.LibZmq));
    }
}
