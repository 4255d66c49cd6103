using System.Diagnostics;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// The measured end: a bound PULL, SUB or ROUTER (which also receives each message's routing-id frame). This base
/// picks the loop, once per operation, and runs the handshake, which is the same for every driver and pattern; the
/// loops are written once, in <see cref="SocketReceiver{TSocket}"/>, over each driver's receive body.
/// </summary>
public abstract class MessageReceiver(string endpoint, WorkloadShape shape, TimeSpan idleTimeout) : IDisposable
{
    public string Endpoint { get; } = endpoint;

    /// <summary>
    /// The shape of the operation being received: the workload's, with the receive mode and strategy of the variant in
    /// use.
    /// </summary>
    protected WorkloadShape Shape { get; private set; } = shape;

    /// <summary>
    /// Receives the next operations in <paramref name="variant"/>'s receive mode and buffer strategy. Only those two
    /// may differ from the shape the receiver was bound with: the socket is the same, so every variant of a group
    /// runs on one workload.
    /// </summary>
    public void Use(WorkloadShape variant)
    {
        if (variant with { Mode = Shape.Mode, Strategy = Shape.Strategy } != Shape)
        {
            throw new ArgumentException($"{variant} differs from this receiver's {Shape} in more than receive mode and strategy", nameof(variant));
        }

        Shape = variant;
    }

    protected TimeSpan IdleTimeout { get; } = idleTimeout;

    /// <summary>
    /// Where handshake payloads land: larger than any of them, so an operation's payload shows up as an error.
    /// </summary>
    protected byte[] ControlFrame { get; } = new byte[RouterIdentities.IdFrameCapacity];

    /// <summary>
    /// Waits up to <paramref name="wait"/> for the sender's hello; false when none came (a PUB's may be dropped until
    /// the subscription is in place).
    /// </summary>
    public bool TryAcceptHello(TimeSpan wait)
    {
        var length = ReceiveControl(wait);
        if (length < 0)
        {
            return false;
        }

        RouterIdentities.CheckControl(ControlFrame.AsSpan(0, length), RouterIdentities.Hello);
        return true;
    }

    /// <summary>
    /// Skips the hellos still in flight, up to the ready marker: the next message is an operation's first.
    /// </summary>
    public void AcceptReady()
    {
        while (true)
        {
            var length = ReceiveControl(IdleTimeout);
            if (length < 0)
            {
                throw Idle("the handshake's ready marker did not arrive");
            }

            var frame = ControlFrame.AsSpan(0, length);
            if (frame.SequenceEqual(RouterIdentities.Ready))
            {
                return;
            }

            RouterIdentities.CheckControl(frame, RouterIdentities.Hello);
        }
    }

    /// <summary>
    /// Receives one handshake message into <see cref="ControlFrame"/> within <paramref name="wait"/> (a ROUTER checks
    /// the sender's routing id first); the payload's length, or -1 when nothing came.
    /// </summary>
    protected abstract int ReceiveControl(TimeSpan wait);

    /// <summary>
    /// One cheap call into the driver's native library (<see cref="IReceiveSocket.ExtraNativeCall"/>): PERF_INJECT's
    /// <c>call</c> kind.
    /// </summary>
    public abstract void ExtraNativeCall();

    /// <summary>
    /// The measured loop: receives <paramref name="messages"/> messages in this receiver's mode and strategy.
    /// </summary>
    public void ReceiveOperation(ReceiveLedger ledger, int messages)
    {
        switch (LoopOf(Shape.Mode, Shape.Strategy))
        {
            case ReceiveLoop.PureBlocking: ReceivePureBlocking(ledger, messages); break;
            case ReceiveLoop.BlockingWithBatch: ReceiveBlockingWithBatch(ledger, messages); break;
            case ReceiveLoop.NonBlocking: ReceiveNonBlocking(ledger, messages); break;
            case ReceiveLoop.Poller: ReceivePoller(ledger, messages); break;
            case ReceiveLoop.WithStrategy: ReceiveWithStrategy(ledger, messages); break;
            default: throw new InvalidOperationException($"no loop for {Shape.Mode} {Shape.Strategy}");
        }
    }

    /// <summary>
    /// The loop a case runs (each is the method <c>Receive</c> + its name): its mode's, or, for any buffer strategy but
    /// the reused buffer, the strategies' loop (a blocking receive per message). The explain command reads it too.
    /// </summary>
    public static ReceiveLoop LoopOf(ReceiveMode mode, BufferStrategy strategy) =>
        strategy != BufferStrategy.ReusedBuffer ? ReceiveLoop.WithStrategy
        : mode switch
        {
            ReceiveMode.PureBlocking => ReceiveLoop.PureBlocking,
            ReceiveMode.BlockingWithBatch => ReceiveLoop.BlockingWithBatch,
            ReceiveMode.NonBlocking => ReceiveLoop.NonBlocking,
            ReceiveMode.Poller => ReceiveLoop.Poller,
            _ => throw new ArgumentOutOfRangeException(nameof(mode), mode, "a receive mode without a loop"),
        };

    /// <summary>A blocking receive per message.</summary>
    protected abstract void ReceivePureBlocking(ReceiveLedger ledger, int messages);

    /// <summary>Block for one message, then drain without waiting.</summary>
    protected abstract void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages);

    /// <summary>Drain without waiting; Thread.Sleep(1) when nothing is queued.</summary>
    protected abstract void ReceiveNonBlocking(ReceiveLedger ledger, int messages);

    /// <summary>Poll until readable, then drain without waiting.</summary>
    protected abstract void ReceivePoller(ReceiveLedger ledger, int messages);

    /// <summary>
    /// A blocking receive per message into the buffers of <see cref="Shape"/>'s strategy (the buffer-strategy suite).
    /// </summary>
    protected abstract void ReceiveWithStrategy(ReceiveLedger ledger, int messages);

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
    protected TimeoutException Idle(string what, Exception? inner = null) => Idle(what, IdleTimeout, inner);

    /// <summary>The same, for a driver's receive body, which knows the idle timeout it waited for.</summary>
    public static TimeoutException Idle(string what, TimeSpan idleTimeout, Exception? inner = null) =>
        new($"{what} for {idleTimeout.TotalSeconds:0.#} s", inner);

    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    protected abstract void Dispose(bool disposing);
}

/// <summary>
/// The measured loops of <see cref="MessageReceiver"/>, one method each, named <c>Receive</c> + the loop.
/// </summary>
public enum ReceiveLoop
{
    PureBlocking,
    BlockingWithBatch,
    NonBlocking,
    Poller,
    WithStrategy,
}
