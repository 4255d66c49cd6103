using NetMQ;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers.NetMQ;

/// <summary>
/// NetMQ's receive body: two reused Msg values (NetMQ's own allocation-light path); the buffer strategies use its
/// per-frame paths. Mutable: receiving changes the Msg values, so it is kept in a mutable field and called in place.
/// </summary>
internal struct NetMqReceiveSocket(NetMQSocket socket, WorkloadShape shape, TimeSpan idleTimeout)
    : IReceiveSocket, IDisposable
{
    private readonly NetMQSocket _socket = socket;
    private readonly bool _routed = shape.Routed;
    private readonly TimeSpan _idle = idleTimeout;
    private Msg _idFrame = NetMqSession.EmptyMsg();
    private Msg _payload = NetMqSession.EmptyMsg();

    public int ReceiveControl(byte[] control, TimeSpan wait)
    {
        if (!_socket.TryReceive(ref _payload, wait))
            return -1;

        var frame = _payload.Slice();
        var length = Math.Min(frame.Length, control.Length);
        frame[..length].CopyTo(control);
        return length;
    }

    public void Receive(ReceiveLedger ledger)
    {
        ReceiveIdFrame();
        ReceiveFrame(ref _payload);
        ledger.Accept(_payload.Slice(), _payload.Size);
    }

    /// <summary>A ROUTER's payload frame follows its id frame at once: only the id frame is tried unwaiting.</summary>
    public bool TryReceive(ReceiveLedger ledger)
    {
        if (!_socket.TryReceive(ref _routed ? ref _idFrame : ref _payload, TimeSpan.Zero))
            return false;

        if (_routed)
            ReceiveFrame(ref _payload);

        ledger.Accept(_payload.Slice(), _payload.Size);
        return true;
    }

    public readonly bool Poll() => (_socket.Poll(PollEvents.PollIn, _idle) & PollEvents.PollIn) != 0;

    public readonly string PollCall => "Poll";

    public readonly void ExtraNativeCall()
    {
    }

    /// <summary>ByteArray is NetMQ's own array receive (a new array per frame); it has no ArrayPool case.</summary>
    public readonly bool ReceivesIntoArrays => false;

    public readonly void ReceiveInto(byte[] buffer, int length, ReceiveLedger ledger) =>
        throw new NotSupportedException("NetMQ receives into arrays of its own");

    public readonly bool Expresses(BufferStrategy strategy) =>
        strategy is BufferStrategy.ByteArray or BufferStrategy.Message;

    public void ReceiveOwn(BufferStrategy strategy, ReceiveLedger ledger)
    {
        ReceiveIdFrame();
        if (strategy == BufferStrategy.ByteArray)
        {
            if (!_socket.TryReceiveFrameBytes(_idle, out var bytes))
                throw MessageReceiver.Idle("TryReceiveFrameBytes received nothing", _idle);

            ledger.Accept(bytes, bytes.Length);
            return;
        }

        var frame = default(Msg);
        frame.InitEmpty();
        try
        {
            ReceiveFrame(ref frame);
            ledger.Accept(frame.Slice(), frame.Size);
        }
        finally
        {
            frame.Close();
        }
    }

    public void Dispose()
    {
        _idFrame.Close();
        _payload.Close();
        _socket.Dispose();
    }

    private void ReceiveIdFrame()
    {
        if (_routed)
            ReceiveFrame(ref _idFrame);
    }

    /// <summary>Bounded: NetMQ throws for TimeSpan.MaxValue, and an unbounded wait could hang.</summary>
    private readonly void ReceiveFrame(ref Msg frame)
    {
        if (!_socket.TryReceive(ref frame, _idle))
            throw MessageReceiver.Idle("TryReceive received nothing", _idle);
    }
}
