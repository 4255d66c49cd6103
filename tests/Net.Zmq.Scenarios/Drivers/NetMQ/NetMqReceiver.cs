using NetMQ;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Receives into two Msg values it reuses: NetMQ's own allocation-light receive path (NetMQ sizes each Msg to the
/// frame it receives). The buffer-strategy loops use NetMQ's per-frame paths instead.
/// </summary>
internal sealed class NetMqReceiver : MessageReceiver
{
    private readonly NetMQSocket _socket;
    private readonly bool _routed;
    private Msg _idFrame;
    private Msg _payload;

    public NetMqReceiver(NetMQSocket socket, string endpoint, WorkloadShape shape, WorkloadOptions options)
        : base(endpoint, shape, options.IdleTimeout)
    {
        _socket = socket;
        _routed = shape.Routed;
        _idFrame.InitEmpty();
        _payload.InitEmpty();
    }

    protected override int ReceiveControl(TimeSpan wait)
    {
        if (_routed)
        {
            if (!_socket.TryReceive(ref _idFrame, wait))
            {
                return -1;
            }

            RouterIdentities.CheckSender(_idFrame.Slice());
            ReceiveFrame(ref _payload);
        }
        else if (!_socket.TryReceive(ref _payload, wait))
        {
            return -1;
        }

        var frame = _payload.Slice();
        var length = Math.Min(frame.Length, ControlFrame.Length);
        frame[..length].CopyTo(ControlFrame);
        return length;
    }

    protected override void ReceivePureBlocking(ReceiveLedger ledger, int messages)
    {
        for (var i = 0; i < messages; i++)
        {
            ReceiveIdFrame();
            ReceiveFrame(ref _payload);
            ledger.Accept(_payload.Slice(), _payload.Size);
        }
    }

    protected override void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            ReceiveIdFrame();
            ReceiveFrame(ref _payload);
            ledger.Accept(_payload.Slice(), _payload.Size);
            received++;
            while (received < messages && TryReceive(ledger))
            {
                received++;
            }
        }
    }

    protected override void ReceiveNonBlocking(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        long quietSince = 0;
        while (received < messages)
        {
            if (!TryReceive(ledger))
            {
                quietSince = QuietFor(quietSince);
                Thread.Sleep(1);
                continue;
            }

            quietSince = 0;
            received++;
        }
    }

    protected override void ReceivePoller(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            if ((_socket.Poll(PollEvents.PollIn, IdleTimeout) & PollEvents.PollIn) == 0)
            {
                throw Idle("Poll saw nothing to read");
            }

            while (received < messages && TryReceive(ledger))
            {
                received++;
            }
        }
    }

    protected override void ReceiveWithStrategy(ReceiveLedger ledger, int messages)
    {
        switch (Shape.Strategy)
        {
            case BufferStrategy.ByteArray:
                for (var i = 0; i < messages; i++)
                {
                    ReceiveIdFrame();
                    // NetMQ's array receive: a new array per frame.
                    if (!_socket.TryReceiveFrameBytes(IdleTimeout, out var bytes))
                    {
                        throw Idle("TryReceiveFrameBytes received nothing");
                    }

                    ledger.Accept(bytes, bytes.Length);
                }

                break;
            case BufferStrategy.Message:
                for (var i = 0; i < messages; i++)
                {
                    ReceiveIdFrame();
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

                break;
            default:
                throw Unexpressed();
        }
    }

    /// <summary>One message without waiting (a ROUTER's payload frame follows its id frame at once): false when none is queued.</summary>
    private bool TryReceive(ReceiveLedger ledger)
    {
        if (!_socket.TryReceive(ref _routed ? ref _idFrame : ref _payload, TimeSpan.Zero))
        {
            return false;
        }

        if (_routed)
        {
            ReceiveFrame(ref _payload);
        }

        ledger.Accept(_payload.Slice(), _payload.Size);
        return true;
    }

    private void ReceiveIdFrame()
    {
        if (_routed)
        {
            ReceiveFrame(ref _idFrame);
        }
    }

    /// <summary>
    /// A bounded blocking receive. (NetMQ throws for TimeSpan.MaxValue, and an unbounded wait could hang.)
    /// </summary>
    private void ReceiveFrame(ref Msg frame)
    {
        if (!_socket.TryReceive(ref frame, IdleTimeout))
        {
            throw Idle("TryReceive received nothing");
        }
    }

    protected override void Dispose(bool disposing)
    {
        _idFrame.Close();
        _payload.Close();
        _socket.Dispose();
    }
}
