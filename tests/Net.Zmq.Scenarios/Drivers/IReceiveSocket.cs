using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// A driver's receive body: how one message arrives on its API. The loops of every receive mode and strategy are
/// written once, in <see cref="SocketReceiver{TSocket}"/>, over a struct implementing this, so the JIT compiles them
/// once per driver with these calls direct (no virtual call, no delegate per message). Every member receives a whole
/// message (a ROUTER's routing-id frame first) and hands its payload to the ledger; every wait is bounded by the
/// workload's idle timeout.
/// </summary>
public interface IReceiveSocket : IDisposable
{
    /// <summary>
    /// One handshake message into <paramref name="control"/> within <paramref name="wait"/> (a ROUTER checks the
    /// sender's id first): its length, or -1 when none came.
    /// </summary>
    int ReceiveControl(byte[] control, TimeSpan wait);

    /// <summary>One message, waiting for it, into the receiver's reused buffer.</summary>
    void Receive(ReceiveLedger ledger);

    /// <summary>One message without waiting: false when none is queued (any other failure throws).</summary>
    bool TryReceive(ReceiveLedger ledger);

    /// <summary>Waits up to the idle timeout for something to read: false when nothing came.</summary>
    bool Poll();

    /// <summary>
    /// One cheap call into the driver's native library (a read of the socket's type), for PERF_INJECT's <c>call</c>
    /// kind: a deliberate extra native call per message. A managed driver makes none.
    /// </summary>
    void ExtraNativeCall();

    /// <summary>The call <see cref="Poll"/> makes, for the message when it saw nothing.</summary>
    string PollCall { get; }

    /// <summary>
    /// True when the ByteArray and ArrayPool strategies receive into an array the loop provides
    /// (<see cref="ReceiveInto"/>).
    /// </summary>
    bool ReceivesIntoArrays { get; }

    /// <summary>
    /// One message into the first <paramref name="length"/> bytes of <paramref name="buffer"/>, waiting for it.
    /// </summary>
    void ReceiveInto(byte[] buffer, int length, ReceiveLedger ledger);

    /// <summary>
    /// True when the driver has a receive body of its own for <paramref name="strategy"/> (its message types, say).
    /// </summary>
    bool Expresses(BufferStrategy strategy);

    /// <summary>One message by the driver's own body for <paramref name="strategy"/>, waiting for it.</summary>
    void ReceiveOwn(BufferStrategy strategy, ReceiveLedger ledger);
}
