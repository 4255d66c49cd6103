using System.Buffers;
using System.Diagnostics;
using System.Runtime.InteropServices;
using Net.Zmq;
using Net.Zmq.Core.Native;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

internal sealed class NetZmqSender : IMessageSender
{
    private readonly Socket _socket;
    private readonly WorkloadShape _shape;
    private readonly TimeSpan _handshakeTimeout;
    private readonly TimeSpan _idleTimeout;
    private readonly byte[] _peerId = RouterIdentities.Receiver.ToArray();
    private readonly byte[] _template;
    private readonly byte[] _payload;
    private readonly Action<nint> _freeZeroCopy;
    private long _handedOver;
    private long _freed;

    public NetZmqSender(Socket socket, WorkloadShape shape, WorkloadOptions options)
    {
        _socket = socket;
        _shape = shape;
        _handshakeTimeout = options.HandshakeTimeout;
        _idleTimeout = options.IdleTimeout;
        _template = Payloads.Payload.CreateTemplate(shape.MessageSize);
        _payload = (byte[])_template.Clone();
        // One delegate for every zero-copy message: libzmq calls it once per buffer, on whichever thread releases it.
        _freeZeroCopy = data =>
        {
            Marshal.FreeHGlobal(data);
            Interlocked.Increment(ref _freed);
        };
    }

    public ZeroCopyCounts ZeroCopy => new(Interlocked.Read(ref _handedOver), Interlocked.Read(ref _freed));

    public void SendHello()
    {
        if (_shape.Routed)
        {
            SendPeerIdWhenRoutable();
        }

        Send(RouterIdentities.Hello, SendFlags.None);
    }

    public void SendReady()
    {
        SendPeerId();
        Send(RouterIdentities.Ready, SendFlags.None);
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
                    Send(_payload, SendFlags.None);
                }

                break;
            case BufferStrategy.ByteArray:
                for (var i = 0; i < count; i++)
                {
                    var bytes = new byte[size];
                    _template.CopyTo(bytes, 0);
                    plan.Fill(i, bytes, _template);
                    SendPeerId();
                    Send(bytes, SendFlags.None);
                }

                break;
            case BufferStrategy.ArrayPool:
                for (var i = 0; i < count; i++)
                {
                    var rented = ArrayPool<byte>.Shared.Rent(size);
                    try
                    {
                        var bytes = rented.AsSpan(0, size);
                        _template.CopyTo(bytes);
                        plan.Fill(i, bytes, _template);
                        SendPeerId();
                        Send(bytes, SendFlags.None);
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
                    using var message = new Message(size);
                    var bytes = message.Data;
                    _template.CopyTo(bytes);
                    plan.Fill(i, bytes, _template);
                    SendPeerId();
                    SendMessage(message);
                }

                break;
            case BufferStrategy.MessageZeroCopy:
                for (var i = 0; i < count; i++)
                {
                    var data = Marshal.AllocHGlobal(size);
                    Span<byte> bytes;
                    unsafe
                    {
                        bytes = new Span<byte>((void*)data, size);
                    }

                    _template.CopyTo(bytes);
                    plan.Fill(i, bytes, _template);
                    // From here the buffer is the message's: libzmq frees it through the callback, sent or not.
                    using var message = new Message(data, size, _freeZeroCopy);
                    Interlocked.Increment(ref _handedOver);
                    SendPeerId();
                    SendMessage(message);
                }

                break;
#if NETZMQ_MESSAGEPOOL
            case BufferStrategy.MessagePool or BufferStrategy.MessagePoolRecvPool:
                for (var i = 0; i < count; i++)
                {
                    // Sending returns the message to the pool; a pooled message must not be touched after Send.
                    var message = MessagePool.Shared.Rent(size);
                    message.SetActualDataSize(size);
                    var bytes = message.Data;
                    _template.CopyTo(bytes);
                    plan.Fill(i, bytes, _template);
                    SendPeerId();
                    SendMessage(message);
                }

                break;
#endif
            default:
                throw new NotSupportedException($"{nameof(NetZmqSender)} has no {plan.Strategy} send loop");
        }
    }

    private void SendPeerId()
    {
        if (_shape.Routed)
        {
            Send(_peerId, SendFlags.SendMore);
        }
    }

    /// <summary>A ROUTER cannot route to the receiver until the connection is up: retry (bounded) while it is unroutable.</summary>
    private void SendPeerIdWhenRoutable()
    {
        var started = Stopwatch.GetTimestamp();
        while (true)
        {
            try
            {
                Send(_peerId, SendFlags.SendMore);
                return;
            }
            catch (ZmqException e) when (e.ErrorNumber == ZmqConstants.EHOSTUNREACH)
            {
                if (Stopwatch.GetElapsedTime(started) > _handshakeTimeout)
                {
                    throw new TimeoutException(
                        $"the receiver's ROUTER stayed unroutable for {_handshakeTimeout.TotalSeconds:0.#} s", e);
                }

                Thread.Sleep(1);
            }
        }
    }

    /// <summary>
    /// Blocking send: PUSH and a mandatory ROUTER block on a full pipe, bounded by SNDTIMEO (reported as EAGAIN);
    /// PUB never blocks, and its high-water mark holds whole operations.
    /// </summary>
    private void Send(ReadOnlySpan<byte> frame, SendFlags flags)
    {
        try
        {
            _socket.Send(frame, flags);
        }
        catch (ZmqException e) when (e.ErrorNumber == ZmqConstants.EAGAIN)
        {
            throw new TimeoutException($"Send blocked for {_idleTimeout.TotalSeconds:0.#} s", e);
        }
    }

    private void SendMessage(Message message)
    {
        try
        {
            _socket.Send(message, SendFlags.None);
        }
        catch (ZmqException e) when (e.ErrorNumber == ZmqConstants.EAGAIN)
        {
            throw new TimeoutException($"Send(Message) blocked for {_idleTimeout.TotalSeconds:0.#} s", e);
        }
    }

    public void Dispose() => _socket.Dispose();
}
