using Net.Zmq;
using Net.Zmq.Core.Native;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Driver.NetZmq;

/// <summary>Net.Zmq's receive body: Socket.Recv into a reused array, its Message types, its Poller.</summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1001",
    Justification = "It is IDisposable, and Dispose disposes the Poller; CA1001 does not see it on a struct.")]
internal partial struct NetZmqReceiveSocket(Socket socket, WorkloadShape shape, TimeSpan idleTimeout)
    : IReceiveSocket, IDisposable
{
    private readonly Socket _socket = socket;
    private readonly bool _routed = shape.Routed;
#if NETZMQ_MESSAGEPOOL
    private readonly int _size = shape.MessageSize;
#endif
    private readonly TimeSpan _idle = idleTimeout;
    private readonly byte[] _idFrame = new byte[RouterIdentities.IdFrameCapacity];
    private readonly byte[] _payload = new byte[shape.MessageSize];
    // Made once, not per operation (only the receive loop is measured), and for every workload, since any operation
    // of a shared workload may be a Poller one; an idle Poller does nothing.
    private readonly Poller _poller = PollerOf(socket);

    public readonly int ReceiveControl(byte[] control, TimeSpan wait)
    {
        _socket.SetOption(SocketOption.Rcvtimeo, (int)wait.TotalMilliseconds);
        try
        {
            return _socket.Recv(control);
        }
        catch (ZmqException e) when (e.ErrorNumber == ZmqConstants.EAGAIN)
        {
            return -1;
        }
        finally
        {
            _socket.SetOption(SocketOption.Rcvtimeo, (int)_idle.TotalMilliseconds);
        }
    }

    public readonly void Receive(ReceiveLedger ledger)
    {
        ReceiveIdFrame();
        ledger.Accept(_payload, ReceiveFrame(_payload));
    }

    /// <summary>A ROUTER's payload frame follows its id frame at once: only the id frame is tried unwaiting.</summary>
    public readonly bool TryReceive(ReceiveLedger ledger)
    {
        if (_routed)
        {
            if (_socket.Recv(_idFrame, RecvFlags.DontWait) < 0)
                return false;

            ledger.Accept(_payload, ReceiveFrame(_payload));
            return true;
        }

        var length = _socket.Recv(_payload, RecvFlags.DontWait);
        if (length < 0)
            return false;

        ledger.Accept(_payload, length);
        return true;
    }

    public readonly bool Poll()
    {
        while (true)
        {
            try
            {
                return _poller.Poll((long)_idle.TotalMilliseconds) != 0;
            }
            catch (ZmqException e)
            {
                NetZmqFailure.RetryOrThrow(e, "Poll found nothing", _idle);
            }
        }
    }

    public readonly string PollCall => "Poller";

    public readonly void ExtraNativeCall() => _ = _socket.GetOption<int>(SocketOption.Type);

    public readonly bool ReceivesIntoArrays => true;

    public readonly void ReceiveInto(byte[] buffer, int length, ReceiveLedger ledger)
    {
        ReceiveIdFrame();
        ledger.Accept(buffer, ReceiveFrame(buffer.AsSpan(0, length)));
    }

    public readonly bool Expresses(BufferStrategy strategy) =>
        strategy is BufferStrategy.Message or BufferStrategy.MessageZeroCopy or BufferStrategy.MessagePool
#if NETZMQ_MESSAGEPOOL
            or BufferStrategy.MessagePoolRecvPool
#endif
        ;

    public readonly void ReceiveOwn(BufferStrategy strategy, ReceiveLedger ledger)
    {
        ReceiveIdFrame();
#if NETZMQ_MESSAGEPOOL
        if (strategy == BufferStrategy.MessagePoolRecvPool)
        {
            ReceivePooled(ledger);
            return;
        }
#endif
        // The length first: Data is the received frame only once the receive has returned.
        using var message = new Message();
        var length = ReceiveMessage(message, 0);
        ledger.Accept(message.Data, length);
    }

    public void Dispose()
    {
        _poller.Dispose();
        _socket.Dispose();
    }

    private static Poller PollerOf(Socket socket)
    {
        var poller = new Poller(1);
        poller.Add(socket, PollEvents.In);
        return poller;
    }

    private readonly void ReceiveIdFrame()
    {
        if (_routed)
            ReceiveFrame(_idFrame);
    }

    /// <summary>A blocking receive bounded by RCVTIMEO (see <see cref="NetZmqFailure"/>).</summary>
    private readonly int ReceiveFrame(Span<byte> buffer)
    {
        while (true)
        {
            try
            {
                return _socket.Recv(buffer);
            }
            catch (ZmqException e)
            {
                NetZmqFailure.RetryOrThrow(e, "Recv received nothing", _idle);
            }
        }
    }

    /// <summary>Into a Message; with <paramref name="size"/> &gt; 0, the receive-pool overload.</summary>
    private readonly int ReceiveMessage(Message message, int size)
    {
        while (true)
        {
            try
            {
#if NETZMQ_MESSAGEPOOL
                if (size > 0)
                {
                    return ReceiveSized(message, size);
                }
#endif
                return _socket.Recv(message);
            }
            catch (ZmqException e)
            {
                NetZmqFailure.RetryOrThrow(e,
                    size > 0 ? "Recv(Message, size) received nothing" : "Recv(Message) received nothing", _idle);
            }
        }
    }
}
