using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// A driver's send body: how one frame leaves on its API. The send loop of every strategy is written once, in
/// <see cref="SocketSender{TSocket}"/>, over a struct implementing this (no virtual call, no delegate per message).
/// Every send is bounded: a full pipe fails it at the workload's idle timeout.
/// </summary>
public interface ISendSocket : IDisposable
{
    /// <summary>Sends one hello; a ROUTER retries (bounded) while the receiver's routing id is not yet known.</summary>
    void SendHello();

    /// <summary>Sends the marker that ends the handshake.</summary>
    void SendReady();

    /// <summary>
    /// The receiver's routing id as the first frame of a ROUTER's message; nothing for other patterns.
    /// </summary>
    void SendPeerId();

    /// <summary>The sender's reused buffer as a payload frame (the buffer is rewritten for the next message).</summary>
    void SendReused(byte[] payload);

    /// <summary>
    /// True when the driver sends ByteArray and ArrayPool buffers the loop provides (<see cref="SendArray"/>).
    /// </summary>
    bool SendsArrays { get; }

    /// <summary>The first <paramref name="length"/> bytes of a buffer the loop made for this one message.</summary>
    void SendArray(byte[] buffer, int length);

    /// <summary>
    /// True when the driver has a send body of its own for <paramref name="strategy"/> (its message types, say).
    /// </summary>
    bool Expresses(BufferStrategy strategy);

    /// <summary>
    /// Message <paramref name="i"/> of <paramref name="plan"/> by the driver's own body for the strategy: a buffer of
    /// its own, the template, the plan's fill, the peer id, the send.
    /// </summary>
    void SendOwn(BufferStrategy strategy, in SendPlan plan, int i, byte[] payloadTemplate);

    /// <summary>Zero-copy buffers handed to the library and freed by it so far.</summary>
    ZeroCopyCounts ZeroCopy { get; }
}
