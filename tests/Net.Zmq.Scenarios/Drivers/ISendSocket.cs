using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// A driver's send body: how one frame leaves on its API, under loops written once in
/// <see cref="SocketSender{TSocket}"/>. Every send is bounded: a full pipe fails it at the idle timeout.
/// </summary>
public interface ISendSocket : IDisposable
{
    /// <summary>A handshake frame (hello or ready); a ROUTER's peer id is sent before it.</summary>
    void SendControl(ReadOnlySpan<byte> frame);

    /// <summary>A ROUTER's peer id without waiting: null when sent, else why it is not routable yet.</summary>
    Exception? TrySendPeerId();

    /// <summary>A ROUTER's first frame, the receiver's routing id; nothing for other patterns.</summary>
    void SendPeerId();

    /// <summary>The sender's reused buffer as a payload frame (rewritten for the next message).</summary>
    void SendReused(byte[] payload);

    /// <summary>True when ByteArray and ArrayPool send the loop's buffers (<see cref="SendArray"/>).</summary>
    bool SendsArrays { get; }

    void SendArray(byte[] buffer, int length);

    bool Expresses(BufferStrategy strategy);

    /// <summary>
    /// Message <paramref name="i"/> by the driver's own body for the strategy (where <see cref="Expresses"/>): its own
    /// buffer, the template, the plan's fill, the peer id, the send.
    /// </summary>
    void SendOwn(BufferStrategy strategy, in SendPlan plan, int i, byte[] payloadTemplate);

    ZeroCopyCounts ZeroCopy { get; }
}
