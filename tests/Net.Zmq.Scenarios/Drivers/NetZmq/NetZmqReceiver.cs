using System.Buffers;
using Net.Zmq;
using Net.Zmq.Core.Native;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

internal sealed class NetZmqReceiver : MessageReceiver
{
    private readonly Socket _socket;
    private readonly bool _routed;
    private readonly int _size;
    private readonly byte[] _idFrame = new byte[RouterIdentities.IdFrameCapacity];
    private readonly byte[] _payload;
    // Made once here, not per operation: only the receive loop is measured. Made for every workload, since any
    // operation of a shared workload may be a Poller one; an idle Poller does nothing.
    private readonly Poller _poller;

    public NetZmqReceiver(Socket socket, string endpoint, WorkloadShape shape, WorkloadOptions options)
        : base(endpoint, shape, options.IdleTimeout)
    {
        _socket = socket;
        _routed = shape.Routed;
        _size = shape.MessageSize;
        _payload = new byte[shape.MessageSize];
        _poller = new Poller(1);
        _poller.Add(socket, PollEvents.In);
    }

    protected override int ReceiveControl(TimeSpan wait)
    {
        _socket.SetOption(SocketOption.Rcvtimeo, (int)wait.TotalMilliseconds);
        try
        {
            if (_routed)
            {
                var idLength = _socket.Recv(ControlFrame);
                RouterIdentities.CheckSender(ControlFrame.AsSpan(0, idLength));
            }

            return _socket.Recv(ControlFrame);
        }
        catch (ZmqException e) when (e.ErrorNumber == ZmqConstants.EAGAIN)
        {
            return -1;
        }
        finally
        {
            _socket.SetOption(SocketOption.Rcvtimeo, (int)IdleTimeout.TotalMilliseconds);
        }
    }

    protected override void ReceivePureBlocking(ReceiveLedger ledger, int messages)
    {
        for (var i = 0; i < messages; i++)
        {
            ReceiveIdFrame();
            ledger.Accept(_payload, ReceiveFrame(_payload));
        }
    }

    protected override void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            ReceiveIdFrame();
            ledger.Accept(_payload, ReceiveFrame(_payload));
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
        var poller = _poller;
        var timeoutMs = (long)IdleTimeout.TotalMilliseconds;
        var received = 0;
        while (received < messages)
        {
            if (poller.Poll(timeoutMs) == 0)
            {
                throw Idle("Poller saw nothing to read");
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
                    var bytes = new byte[_size];
                    ledger.Accept(bytes, ReceiveFrame(bytes));
                }

                break;
            case BufferStrategy.ArrayPool:
                for (var i = 0; i < messages; i++)
                {
                    ReceiveIdFrame();
                    var rented = ArrayPool<byte>.Shared.Rent(_size);
                    try
                    {
                        var length = ReceiveFrame(rented.AsSpan(0, _size));
                        ledger.Accept(rented, length);
                    }
                    finally
                    {
                        ArrayPool<byte>.Shared.Return(rented);
                    }
                }

                break;
            case BufferStrategy.Message or BufferStrategy.MessageZeroCopy or BufferStrategy.MessagePool:
                for (var i = 0; i < messages; i++)
                {
                    ReceiveIdFrame();
                    using var message = new Message();
                    var length = ReceiveMessage(message);
                    ledger.Accept(message.Data, length);
                }

                break;
#if NETZMQ_MESSAGEPOOL
            case BufferStrategy.MessagePoolRecvPool:
                for (var i = 0; i < messages; i++)
                {
                    ReceiveIdFrame();
                    // Dispose returns the message to the pool; the receiver knows the size, as this API requires.
                    using var message = MessagePool.Shared.Rent(_size);
                    var length = ReceivePooled(message);
                    ledger.Accept(message.Data, length);
                }

                break;
#endif
            default:
                throw Unexpressed();
        }
    }

    /// <summary>One message without waiting (a ROUTER's payload frame follows its id frame at once): false when none is queued.</summary>
    private bool TryReceive(ReceiveLedger ledger)
    {
        if (_routed)
        {
            if (_socket.Recv(_idFrame, RecvFlags.DontWait) < 0)
            {
                return false;
            }

            ledger.Accept(_payload, ReceiveFrame(_payload));
            return true;
        }

        var length = _socket.Recv(_payload, RecvFlags.DontWait);
        if (length < 0)
        {
            return false;
        }

        ledger.Accept(_payload, length);
        return true;
    }

    private void ReceiveIdFrame()
    {
        if (_routed)
        {
            ReceiveFrame(_idFrame);
        }
    }

    /// <summary>A blocking receive bounded by RCVTIMEO, which Net.Zmq reports as EAGAIN.</summary>
    private int ReceiveFrame(Span<byte> buffer)
    {
        try
        {
            return _socket.Recv(buffer);
        }
        catch (ZmqException e) when (e.ErrorNumber == ZmqConstants.EAGAIN)
        {
            throw Idle("Recv received nothing", e);
        }
    }

    private int ReceiveMessage(Message message)
    {
        try
        {
            return _socket.Recv(message);
        }
        catch (ZmqException e) when (e.ErrorNumber == ZmqConstants.EAGAIN)
        {
            throw Idle("Recv(Message) received nothing", e);
        }
    }

#if NETZMQ_MESSAGEPOOL
    private int ReceivePooled(Message message)
    {
        try
        {
            return _socket.Recv(message, _size);
        }
        catch (ZmqException e) when (e.ErrorNumber == ZmqConstants.EAGAIN)
        {
            throw Idle("Recv(Message, size) received nothing", e);
        }
    }
#endif

    protected override void Dispose(bool disposing)
    {
        _poller.Dispose();
        _socket.Dispose();
    }
}
