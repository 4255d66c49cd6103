using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// A driver's receive body: how one whole message (a ROUTER's id frame first) arrives on its API and reaches the
/// ledger. The loops are written once in <see cref="SocketReceiver{TSocket}"/> over a struct implementing this, so the
/// JIT makes these calls direct. Every wait is bounded by the workload's idle timeout.
/// </summary>
public interface IReceiveSocket : IDisposable
{
    /// <summary>One handshake frame into <paramref name="control"/>: its length, or -1 when none came.</summary>
    int ReceiveControl(byte[] control, TimeSpan wait);

    void Receive(ReceiveLedger ledger);

    /// <summary>One message without waiting: false when none is queued (any other failure throws).</summary>
    bool TryReceive(ReceiveLedger ledger);

    bool Poll();

    /// <summary>PERF_INJECT's <c>call</c>: one cheap native call; a managed driver makes none.</summary>
    void ExtraNativeCall();

    /// <summary>The call <see cref="Poll"/> makes, for the message when it saw nothing.</summary>
    string PollCall { get; }

    /// <summary>True when ByteArray and ArrayPool receive into the loop's array (<see cref="ReceiveInto"/>).</summary>
    bool ReceivesIntoArrays { get; }

    void ReceiveInto(byte[] buffer, int length, ReceiveLedger ledger);

    /// <summary>True when the driver has a receive body of its own for <paramref name="strategy"/>.</summary>
    bool Expresses(BufferStrategy strategy);

    void ReceiveOwn(BufferStrategy strategy, ReceiveLedger ledger);
}
