using System.Buffers;
using System.Runtime.InteropServices;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;
using static NetZmqTests.Scenarios.Drivers.LibZmqNative;

namespace NetZmqTests.Scenarios.Drivers;

internal sealed unsafe class LibZmqReceiver : MessageReceiver
{
    private readonly nint _socket;
    private readonly bool _routed;
    private readonly int _size;
    // Pinned for the receiver's lifetime so the loops pass raw pointers without fixed blocks.
    private readonly byte[] _idFrame = GC.AllocateArray<byte>(RouterIdentities.IdFrameCapacity, pinned: true);
    private readonly byte[] _payload;
    private readonly byte* _idPtr;
    private readonly byte* _payloadPtr;

    public LibZmqReceiver(nint socket, string endpoint, WorkloadShape shape, WorkloadOptions options)
        : base(endpoint, shape, options.IdleTimeout)
    {
        _socket = socket;
        _routed = shape.Routed;
        _size = shape.MessageSize;
        _payload = GC.AllocateArray<byte>(shape.MessageSize, pinned: true);
        _idPtr = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_idFrame, 0);
        _payloadPtr = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_payload, 0);
    }

    protected override int ReceiveControl(TimeSpan wait)
    {
        LibZmqSession.SetInt(_socket, ZMQ_RCVTIMEO, (int)wait.TotalMilliseconds);
        try
        {
            fixed (byte* control = ControlFrame)
            {
                if (_routed)
                {
                    var idLength = zmq_recv(_socket, control, (nuint)ControlFrame.Length, 0);
                    if (idLength < 0)
                    {
                        ThrowUnlessWouldBlock(true);
                        return -1;
                    }

                    RouterIdentities.CheckSender(ControlFrame.AsSpan(0, idLength));
                }

                var length = zmq_recv(_socket, control, (nuint)ControlFrame.Length, 0);
                if (length < 0)
                {
                    ThrowUnlessWouldBlock(true);
                }

                return length;
            }
        }
        finally
        {
            LibZmqSession.SetInt(_socket, ZMQ_RCVTIMEO, (int)IdleTimeout.TotalMilliseconds);
        }
    }

    protected override void ReceivePureBlocking(ReceiveLedger ledger, int messages)
    {
        for (var i = 0; i < messages; i++)
        {
            ReceiveIdFrame();
            ledger.Accept(_payload, RecvFrame(_payloadPtr, _payload.Length));
        }
    }

    protected override void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            ReceiveIdFrame();
            ledger.Accept(_payload, RecvFrame(_payloadPtr, _payload.Length));
            received++;
            while (received < messages && TryReceive(ledger))
            {
                received++;
            }

            ThrowUnlessWouldBlock(received < messages);
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
                ThrowUnlessWouldBlock(true);
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
        var item = new PollItem { Socket = _socket, Events = ZMQ_POLLIN };
        var timeout = new CLong((nint)IdleTimeout.TotalMilliseconds);
        var received = 0;
        while (received < messages)
        {
            var ready = zmq_poll(&item, 1, timeout);
            if (ready == 0)
            {
                throw Idle("zmq_poll saw nothing to read");
            }

            Check(ready, "zmq_poll");
            while (received < messages && TryReceive(ledger))
            {
                received++;
            }

            ThrowUnlessWouldBlock(received < messages);
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
                    fixed (byte* buffer = bytes)
                    {
                        ledger.Accept(bytes, RecvFrame(buffer, _size));
                    }
                }

                break;
            case BufferStrategy.ArrayPool:
                for (var i = 0; i < messages; i++)
                {
                    ReceiveIdFrame();
                    var rented = ArrayPool<byte>.Shared.Rent(_size);
                    try
                    {
                        fixed (byte* buffer = rented)
                        {
                            ledger.Accept(rented, RecvFrame(buffer, _size));
                        }
                    }
                    finally
                    {
                        ArrayPool<byte>.Shared.Return(rented);
                    }
                }

                break;
            case BufferStrategy.Message or BufferStrategy.MessageZeroCopy:
                for (var i = 0; i < messages; i++)
                {
                    ReceiveIdFrame();
                    ZmqMsg message;
                    _ = zmq_msg_init(&message);
                    try
                    {
                        if (zmq_msg_recv(&message, _socket, 0) < 0)
                        {
                            throw RecvFailed("zmq_msg_recv");
                        }

                        var length = (int)zmq_msg_size(&message);
                        ledger.Accept(new ReadOnlySpan<byte>(zmq_msg_data(&message), length), length);
                    }
                    finally
                    {
                        _ = zmq_msg_close(&message);
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
        if (_routed)
        {
            if (zmq_recv(_socket, _idPtr, (nuint)_idFrame.Length, ZMQ_DONTWAIT) < 0)
            {
                return false;
            }

            ledger.Accept(_payload, RecvFrame(_payloadPtr, _payload.Length));
            return true;
        }

        var length = zmq_recv(_socket, _payloadPtr, (nuint)_payload.Length, ZMQ_DONTWAIT);
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
            RecvFrame(_idPtr, _idFrame.Length);
        }
    }

    /// <summary>A blocking receive whose failure ends the operation: EAGAIN here means RCVTIMEO expired.</summary>
    private int RecvFrame(byte* buffer, int capacity)
    {
        var length = zmq_recv(_socket, buffer, (nuint)capacity, 0);
        return length < 0 ? throw RecvFailed("zmq_recv") : length;
    }

    private Exception RecvFailed(string what)
    {
        var error = Marshal.GetLastPInvokeError();
        return error == EAGAIN ? Idle($"{what} received nothing") : new LibZmqException(what, error);
    }

    /// <summary>After a drain stopped on -1: anything but "would block" is an error.</summary>
    private static void ThrowUnlessWouldBlock(bool drainStopped)
    {
        if (!drainStopped)
        {
            return;
        }

        var error = Marshal.GetLastPInvokeError();
        if (error != EAGAIN)
        {
            throw new LibZmqException("zmq_recv(ZMQ_DONTWAIT)", error);
        }
    }

    protected override void Dispose(bool disposing) => _ = zmq_close(_socket);
}
