using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Correctness.Interop;

/// <summary>
/// Every ordered pair of distinct drivers exchanges a full operation over tcp, ROUTER to ROUTER, every byte
/// checked. NetMQ is an independent ZMTP implementation, so this is a real protocol check of Net.Zmq and of the
/// libzmq floor, in both directions.
/// </summary>
public sealed class RouterInteropTests
{
    public static TheoryData<DriverId, DriverId> Pairs { get; } = new(
        from sender in Enum.GetValues<DriverId>()
        from receiver in Enum.GetValues<DriverId>()
        where sender != receiver
        select (sender, receiver));

    [Theory]
    [MemberData(nameof(Pairs))]
    public void Sender_To_Receiver_DeliversEveryMessageIntact(DriverId sender, DriverId receiver)
    {
        var senderDriver = DriverRequirement.Require(sender);
        var receiverDriver = DriverRequirement.Require(receiver);

        foreach (var size in new[] { 64, 65536 })
        {
            var shape = new WorkloadShape(Pattern.RouterRouter, Transport.Tcp, ReceiveMode.PureBlocking, BufferStrategy.ReusedBuffer, size);
            using var workload = MessageWorkload.OpenInterop(senderDriver, receiverDriver, shape, WorkloadOptions.Correctness);
            workload.RunOperation();
        }
    }
}
