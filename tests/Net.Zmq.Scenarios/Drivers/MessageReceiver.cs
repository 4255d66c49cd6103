using System.Diagnostics;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// The measured end: a bound PULL, SUB or ROUTER (which also receives a routing-id frame). This base picks the loop per
/// operation and runs the shared handshake; the loops live in <see cref="SocketReceiver{TSocket}"/>.
/// </summary>
public abstract class MessageReceiver(string endpoint, WorkloadShape shape, TimeSpan idleTimeout) : IDisposable
{
    public string Endpoint { get; } = endpoint;

    /// <summary>The workload's shape, with the receive mode and strategy of the variant in use.</summary>
    protected WorkloadShape Shape { get; private set; } = shape;

    /// <summary>Switches to <paramref name="variant"/>'s receive mode and strategy (the workload checks).</summary>
    public void Use(WorkloadShape variant) => Shape = variant;

    protected TimeSpan IdleTimeout { get; } = idleTimeout;

    /// <summary>Handshake payloads land here: larger than any, so an operation's payload shows as an error.</summary>
    protected byte[] ControlFrame { get; } = new byte[RouterIdentities.IdFrameCapacity];

    /// <summary>False when no hello came within <paramref name="wait"/> (a PUB's drop until subscribed).</summary>
    public bool TryAcceptHello(TimeSpan wait)
    {
        var length = ReceiveControl(wait);
        if (length < 0)
            return false;

        RouterIdentities.CheckControl(ControlFrame.AsSpan(0, length), RouterIdentities.Hello);
        return true;
    }

    /// <summary>Skips the hellos still in flight, up to the ready marker.</summary>
    public void AcceptReady()
    {
        while (true)
        {
            var length = ReceiveControl(IdleTimeout);
            if (length < 0)
                throw Idle("the handshake's ready marker did not arrive");

            var frame = ControlFrame.AsSpan(0, length);
            if (frame.SequenceEqual(RouterIdentities.Ready))
                return;

            RouterIdentities.CheckControl(frame, RouterIdentities.Hello);
        }
    }

    /// <summary>
    /// One handshake message into <see cref="ControlFrame"/> (a ROUTER's sender id checked first): its length, or -1
    /// when nothing came.
    /// </summary>
    private int ReceiveControl(TimeSpan wait)
    {
        if (Shape.Routed)
        {
            var idLength = ReceiveControlFrame(wait);
            if (idLength < 0)
                return -1;

            RouterIdentities.CheckControl(ControlFrame.AsSpan(0, idLength), RouterIdentities.Sender, "the routing id ");
        }

        return ReceiveControlFrame(wait);
    }

    /// <summary>One handshake frame into <see cref="ControlFrame"/>: its length, or -1 when none came.</summary>
    protected abstract int ReceiveControlFrame(TimeSpan wait);

    /// <summary>PERF_INJECT's <c>call</c> kind: see <see cref="IReceiveSocket.ExtraNativeCall"/>.</summary>
    public abstract void ExtraNativeCall();

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
    /// The loop a case runs (method <c>Receive</c> + its name): its mode's, or for any strategy but the reused buffer,
    /// the strategies' loop. The explain command reads it too.
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

    protected abstract void ReceivePureBlocking(ReceiveLedger ledger, int messages);

    protected abstract void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages);

    protected abstract void ReceiveNonBlocking(ReceiveLedger ledger, int messages);

    protected abstract void ReceivePoller(ReceiveLedger ledger, int messages);

    protected abstract void ReceiveWithStrategy(ReceiveLedger ledger, int messages);

    /// <summary>
    /// The non-blocking deadline: given the first empty look of this quiet spell (0 at its start), throws once the
    /// spell outlasts the idle timeout.
    /// </summary>
    protected long QuietFor(long quietSince)
    {
        if (quietSince == 0)
            return Stopwatch.GetTimestamp();

        if (Stopwatch.GetElapsedTime(quietSince) > IdleTimeout)
            throw Idle("nothing to read during non-blocking polling");

        return quietSince;
    }

    protected TimeoutException Idle(string what, Exception? inner = null) => Idle(what, IdleTimeout, inner);

    public static TimeoutException Idle(string what, TimeSpan idleTimeout, Exception? inner = null) =>
        new($"{what} for {idleTimeout.TotalSeconds:0.#} s", inner);

    public abstract void Dispose();
}

/// <summary>The measured loops of <see cref="MessageReceiver"/>, each a method <c>Receive</c> + the loop.</summary>
public enum ReceiveLoop
{
    PureBlocking,
    BlockingWithBatch,
    NonBlocking,
    Poller,
    WithStrategy,
}
