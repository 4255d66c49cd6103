using System.Diagnostics;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// The measured end: a bound ROUTER that receives [sender id][payload] messages. Each driver writes the four
/// receive loops against its own API; this base only picks the loop, once per operation.
/// </summary>
public abstract class RouterReceiver(string endpoint, ReceiveMode mode, TimeSpan idleTimeout) : IDisposable
{
    public string Endpoint { get; } = endpoint;

    protected TimeSpan IdleTimeout { get; } = idleTimeout;

    /// <summary>Waits (bounded) for the sender's hello, which proves the route exists before anything is timed.</summary>
    public abstract void AcceptHello();

    /// <summary>The measured loop: receives <paramref name="messages"/> messages in this receiver's mode.</summary>
    public void ReceiveOperation(ReceiveLedger ledger, int messages)
    {
        switch (mode)
        {
            case ReceiveMode.PureBlocking: ReceivePureBlocking(ledger, messages); break;
            case ReceiveMode.BlockingWithBatch: ReceiveBlockingWithBatch(ledger, messages); break;
            case ReceiveMode.NonBlocking: ReceiveNonBlocking(ledger, messages); break;
            case ReceiveMode.Poller: ReceivePoller(ledger, messages); break;
            default: throw new InvalidOperationException($"unknown receive mode {mode}");
        }
    }

    /// <summary>A blocking receive per frame.</summary>
    protected abstract void ReceivePureBlocking(ReceiveLedger ledger, int messages);

    /// <summary>Block for one message, then drain without waiting.</summary>
    protected abstract void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages);

    /// <summary>Drain without waiting; Thread.Sleep(1) when nothing is queued.</summary>
    protected abstract void ReceiveNonBlocking(ReceiveLedger ledger, int messages);

    /// <summary>Poll until readable, then drain without waiting.</summary>
    protected abstract void ReceivePoller(ReceiveLedger ledger, int messages);

    /// <summary>
    /// The non-blocking mode's deadline: called each time the queue is found empty, with the timestamp of the
    /// first empty look in this quiet spell (0 when the spell starts); throws once the spell outlasts the idle timeout.
    /// </summary>
    protected long QuietFor(long quietSince)
    {
        if (quietSince == 0)
        {
            return Stopwatch.GetTimestamp();
        }

        if (Stopwatch.GetElapsedTime(quietSince) > IdleTimeout)
        {
            throw Idle("nothing to read during non-blocking polling");
        }

        return quietSince;
    }

    /// <summary>The receiver's deadline passed: the operation fails instead of hanging.</summary>
    protected TimeoutException Idle(string what, Exception? inner = null) =>
        new($"{what} for {IdleTimeout.TotalSeconds:0.#} s", inner);

    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    protected abstract void Dispose(bool disposing);
}
