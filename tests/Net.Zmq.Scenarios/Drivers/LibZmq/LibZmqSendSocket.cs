using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;
using static NetZmqTests.Scenarios.Drivers.LibZmq.LibZmqNative;

namespace NetZmqTests.Scenarios.Drivers.LibZmq;

/// <summary>The floor's send body: zmq_send of pinned buffers, zmq_msg_t copied or zero-copy.</summary>
internal unsafe struct LibZmqSendSocket : ISendSocket, IDisposable
{
    private readonly nint _socket;
    private readonly WorkloadShape _shape;
    private readonly WorkloadOptions _options;
    private readonly byte[] _peerId;
    private readonly byte* _peerIdPtr;
    // Native, so a free callback libzmq runs after this is gone (linger, a late I/O thread) writes somewhere valid.
    private readonly long* _freed = (long*)NativeMemory.AllocZeroed(sizeof(long));
    private long _handedOver;

    public LibZmqSendSocket(nint socket, WorkloadShape shape, WorkloadOptions options)
    {
        _socket = socket;
        _shape = shape;
        _options = options;
        _peerId = PinnedArray(RouterIdentities.Receiver.Length, out _peerIdPtr);
        RouterIdentities.Receiver.CopyTo(_peerId);
    }

    public ZeroCopyCounts ZeroCopy => new(Interlocked.Read(ref _handedOver), Interlocked.Read(ref *_freed));

    public readonly void SendControl(ReadOnlySpan<byte> frame)
    {
        fixed (byte* bytes = frame)
        {
            SendFrame(bytes, frame.Length, 0);
        }
    }

    public readonly Exception? TrySendPeerId()
    {
        if (zmq_send(_socket, _peerIdPtr, (nuint)_peerId.Length, ZMQ_SNDMORE | ZMQ_DONTWAIT) >= 0)
            return null;

        var error = Marshal.GetLastPInvokeError();
        var failure = new LibZmqException("zmq_send(hello)", error);
        return error == EHOSTUNREACH || error == EAGAIN ? failure : throw failure;
    }

    public readonly void SendPeerId()
    {
        if (_shape.Routed)
            SendFrame(_peerIdPtr, _peerId.Length, ZMQ_SNDMORE);
    }

    /// <summary>Pinned per message though SocketSender pins it too: free, and never depends on the caller.</summary>
    public readonly void SendReused(byte[] payload)
    {
        fixed (byte* bytes = payload)
        {
            SendFrame(bytes, payload.Length, 0);
        }
    }

    public readonly bool SendsArrays => true;

    public readonly void SendArray(byte[] buffer, int length)
    {
        fixed (byte* bytes = buffer)
        {
            SendFrame(bytes, length, 0);
        }
    }

    public readonly bool Expresses(BufferStrategy strategy) =>
        strategy is BufferStrategy.Message or BufferStrategy.MessageZeroCopy;

    public void SendOwn(BufferStrategy strategy, in SendPlan plan, int i, byte[] payloadTemplate)
    {
        var size = _shape.MessageSize;
        ZmqMsg message;
        if (strategy == BufferStrategy.Message)
        {
            Check(zmq_msg_init_size(&message, (nuint)size), "zmq_msg_init_size");
            plan.Write(i, new Span<byte>(zmq_msg_data(&message), size), payloadTemplate);
        }
        else
        {
            var data = NativeMemory.Alloc((nuint)size);
            plan.Write(i, new Span<byte>(data, size), payloadTemplate);
            if (zmq_msg_init_data(&message, data, (nuint)size, &FreeZeroCopy, _freed) < 0)
            {
                NativeMemory.Free(data);
                throw new LibZmqException("zmq_msg_init_data", Marshal.GetLastPInvokeError());
            }

            Interlocked.Increment(ref _handedOver);
        }

        SendPeerId();
        SendMessage(&message);
    }

    public void Dispose()
    {
        _ = zmq_close(_socket);
        // Linger 0 releases every queued zero-copy buffer; if any is still out, leak 8 bytes rather than risk a late
        // callback writing to freed memory.
        if (Interlocked.Read(ref *_freed) == Interlocked.Read(ref _handedOver))
            NativeMemory.Free(_freed);
    }

    /// <summary>libzmq's free function for zero-copy buffers: once per buffer, on whichever thread frees it.</summary>
    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void FreeZeroCopy(void* data, void* freed)
    {
        NativeMemory.Free(data);
        Interlocked.Increment(ref *(long*)freed);
    }

    /// <summary>PUSH and a mandatory ROUTER block on a full pipe (bounded by SNDTIMEO); PUB never blocks.</summary>
    private readonly void SendFrame(byte* buffer, int length, int flags)
    {
        int sent;
        do
        {
            sent = zmq_send(_socket, buffer, (nuint)length, flags);
        }
        while (sent < 0 && Interrupted());

        if (sent < 0)
            throw SendFailed("zmq_send");
    }

    /// <summary>A message that was not sent is closed here (a zero-copy one frees its buffer).</summary>
    private readonly void SendMessage(ZmqMsg* message)
    {
        int sent;
        do
        {
            sent = zmq_msg_send(message, _socket, 0);
        }
        while (sent < 0 && Interrupted());

        if (sent < 0)
        {
            var failure = SendFailed("zmq_msg_send");
            _ = zmq_msg_close(message);
            throw failure;
        }
    }

    private readonly Exception SendFailed(string what)
    {
        var error = Marshal.GetLastPInvokeError();
        return error == EAGAIN
            ? MessageReceiver.Idle($"{what} blocked", _options.IdleTimeout)
            : new LibZmqException(what, error);
    }
}
