using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;
using static NetZmqTests.Scenarios.Drivers.LibZmqNative;

namespace NetZmqTests.Scenarios.Drivers;

internal sealed unsafe class LibZmqSender : IMessageSender
{
    private readonly nint _socket;
    private readonly WorkloadShape _shape;
    private readonly TimeSpan _handshakeTimeout;
    private readonly TimeSpan _idleTimeout;
    private readonly byte[] _peerId = GC.AllocateArray<byte>(RouterIdentities.Receiver.Length, pinned: true);
    private readonly byte[] _template;
    private readonly byte[] _payload;
    private readonly byte* _peerIdPtr;
    private readonly byte* _payloadPtr;
    // The zero-copy free callback's hint: native, so that a callback libzmq runs after this object is gone
    // (linger discards, a late I/O thread) still writes somewhere valid.
    private readonly long* _freed = (long*)NativeMemory.AllocZeroed(sizeof(long));
    private long _handedOver;

    public LibZmqSender(nint socket, WorkloadShape shape, WorkloadOptions options)
    {
        _socket = socket;
        _shape = shape;
        _handshakeTimeout = options.HandshakeTimeout;
        _idleTimeout = options.IdleTimeout;
        RouterIdentities.Receiver.CopyTo(_peerId);
        _template = Payloads.Payload.CreateTemplate(shape.MessageSize);
        _payload = GC.AllocateArray<byte>(shape.MessageSize, pinned: true);
        _template.CopyTo(_payload, 0);
        _peerIdPtr = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_peerId, 0);
        _payloadPtr = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_payload, 0);
    }

    public ZeroCopyCounts ZeroCopy => new(Interlocked.Read(ref _handedOver), Interlocked.Read(ref *_freed));

    public void SendHello()
    {
        if (_shape.Routed)
        {
            SendPeerIdWhenRoutable();
        }

        fixed (byte* hello = RouterIdentities.Hello)
        {
            SendFrame(hello, RouterIdentities.Hello.Length, 0);
        }
    }

    public void SendReady()
    {
        SendPeerId();
        fixed (byte* ready = RouterIdentities.Ready)
        {
            SendFrame(ready, RouterIdentities.Ready.Length, 0);
        }
    }

    public void SendOperation(SendPlan plan)
    {
        var count = plan.Count;
        var size = _shape.MessageSize;
        switch (plan.Strategy)
        {
            case BufferStrategy.ReusedBuffer:
                for (var i = 0; i < count; i++)
                {
                    plan.Fill(i, _payload, _template);
                    SendPeerId();
                    SendFrame(_payloadPtr, size, 0);
                }

                break;
            case BufferStrategy.ByteArray:
                for (var i = 0; i < count; i++)
                {
                    var bytes = new byte[size];
                    _template.CopyTo(bytes, 0);
                    plan.Fill(i, bytes, _template);
                    SendPeerId();
                    fixed (byte* buffer = bytes)
                    {
                        SendFrame(buffer, size, 0);
                    }
                }

                break;
            case BufferStrategy.ArrayPool:
                for (var i = 0; i < count; i++)
                {
                    var rented = ArrayPool<byte>.Shared.Rent(size);
                    try
                    {
                        _template.CopyTo(rented, 0);
                        plan.Fill(i, rented.AsSpan(0, size), _template);
                        SendPeerId();
                        fixed (byte* buffer = rented)
                        {
                            SendFrame(buffer, size, 0);
                        }
                    }
                    finally
                    {
                        ArrayPool<byte>.Shared.Return(rented);
                    }
                }

                break;
            case BufferStrategy.Message:
                for (var i = 0; i < count; i++)
                {
                    ZmqMsg message;
                    Check(zmq_msg_init_size(&message, (nuint)size), "zmq_msg_init_size");
                    var bytes = new Span<byte>(zmq_msg_data(&message), size);
                    _template.CopyTo(bytes);
                    plan.Fill(i, bytes, _template);
                    SendPeerId();
                    SendMessage(&message);
                }

                break;
            case BufferStrategy.MessageZeroCopy:
                for (var i = 0; i < count; i++)
                {
                    var data = NativeMemory.Alloc((nuint)size);
                    var bytes = new Span<byte>(data, size);
                    _template.CopyTo(bytes);
                    plan.Fill(i, bytes, _template);
                    ZmqMsg message;
                    if (zmq_msg_init_data(&message, data, (nuint)size, &FreeZeroCopy, _freed) < 0)
                    {
                        NativeMemory.Free(data);
                        throw new LibZmqException("zmq_msg_init_data", Marshal.GetLastPInvokeError());
                    }

                    Interlocked.Increment(ref _handedOver);
                    SendPeerId();
                    SendMessage(&message);
                }

                break;
            default:
                throw new NotSupportedException($"{nameof(LibZmqSender)} has no {plan.Strategy} send loop");
        }
    }

    /// <summary>libzmq's free function for zero-copy buffers: runs once per buffer, on whichever thread releases it.</summary>
    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void FreeZeroCopy(void* data, void* freed)
    {
        NativeMemory.Free(data);
        Interlocked.Increment(ref *(long*)freed);
    }

    private void SendPeerId()
    {
        if (_shape.Routed)
        {
            SendFrame(_peerIdPtr, _peerId.Length, ZMQ_SNDMORE);
        }
    }

    /// <summary>A ROUTER cannot route to the receiver until the connection is up: retry (bounded) while it is unroutable.</summary>
    private void SendPeerIdWhenRoutable()
    {
        var started = Stopwatch.GetTimestamp();
        while (zmq_send(_socket, _peerIdPtr, (nuint)_peerId.Length, ZMQ_SNDMORE | ZMQ_DONTWAIT) < 0)
        {
            var error = Marshal.GetLastPInvokeError();
            if (error != EHOSTUNREACH && error != EAGAIN)
            {
                throw new LibZmqException("zmq_send(hello)", error);
            }

            if (Stopwatch.GetElapsedTime(started) > _handshakeTimeout)
            {
                throw new TimeoutException(
                    $"the receiver's ROUTER stayed unroutable for {_handshakeTimeout.TotalSeconds:0.#} s");
            }

            Thread.Sleep(1);
        }
    }

    /// <summary>
    /// Blocking send: PUSH and a mandatory ROUTER block on a full pipe, bounded by SNDTIMEO; PUB never blocks, and
    /// its high-water mark holds whole operations.
    /// </summary>
    private void SendFrame(byte* buffer, int length, int flags)
    {
        if (zmq_send(_socket, buffer, (nuint)length, flags) < 0)
        {
            throw SendFailed("zmq_send");
        }
    }

    /// <summary>Sends and so empties <paramref name="message"/>; a message that was not sent is closed here (a zero-copy one frees its buffer).</summary>
    private void SendMessage(ZmqMsg* message)
    {
        if (zmq_msg_send(message, _socket, 0) < 0)
        {
            var failure = SendFailed("zmq_msg_send");
            _ = zmq_msg_close(message);
            throw failure;
        }
    }

    private Exception SendFailed(string what)
    {
        var error = Marshal.GetLastPInvokeError();
        return error == EAGAIN
            ? new TimeoutException($"{what} blocked for {_idleTimeout.TotalSeconds:0.#} s")
            : new LibZmqException(what, error);
    }

    public void Dispose()
    {
        _ = zmq_close(_socket);
        // Closing with linger 0 releases every queued zero-copy buffer; the counter may only go once none is left.
        // Otherwise its 8 bytes stay allocated rather than risk a late callback writing to freed memory.
        if (Interlocked.Read(ref *_freed) == Interlocked.Read(ref _handedOver))
        {
            NativeMemory.Free(_freed);
        }
    }
}
