using System.Runtime.InteropServices;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;
using static NetZmqTests.Scenarios.Drivers.LibZmq.LibZmqNative;

namespace NetZmqTests.Scenarios.Drivers.LibZmq;

/// <summary>The floor's receive body: zmq_recv into pinned arrays, zmq_msg_t, zmq_poll; nothing in between.</summary>
internal unsafe struct LibZmqReceiveSocket : IReceiveSocket, IDisposable
{
    private readonly nint _socket;
    private readonly bool _routed;
    private readonly TimeSpan _idle;
    private readonly byte[] _idFrame;
    private readonly byte[] _payload;
    private readonly byte* _idPtr;
    private readonly byte* _payloadPtr;

    public LibZmqReceiveSocket(nint socket, WorkloadShape shape, TimeSpan idleTimeout)
    {
        _socket = socket;
        _routed = shape.Routed;
        _idle = idleTimeout;
        _idFrame = PinnedArray(RouterIdentities.IdFrameCapacity, out _idPtr);
        _payload = PinnedArray(shape.MessageSize, out _payloadPtr);
    }

    /// <summary>Within <paramref name="wait"/> as RCVTIMEO, then back to the idle timeout.</summary>
    public readonly int ReceiveControl(byte[] control, TimeSpan wait)
    {
        LibZmqSession.SetInt(_socket, ZMQ_RCVTIMEO, (int)wait.TotalMilliseconds);
        try
        {
            fixed (byte* frame = control)
            {
                var length = BlockingRecv(frame, control.Length);
                if (length < 0)
                    ThrowUnlessWouldBlock();

                return length;
            }
        }
        finally
        {
            LibZmqSession.SetInt(_socket, ZMQ_RCVTIMEO, (int)_idle.TotalMilliseconds);
        }
    }

    public readonly void Receive(ReceiveLedger ledger)
    {
        ReceiveIdFrame();
        ledger.Accept(_payload, RecvFrame(_payloadPtr, _payload.Length));
    }

    /// <summary>A ROUTER's payload frame follows its id frame at once: only the id frame is tried unwaiting.</summary>
    public readonly bool TryReceive(ReceiveLedger ledger)
    {
        if (_routed)
        {
            if (zmq_recv(_socket, _idPtr, (nuint)_idFrame.Length, ZMQ_DONTWAIT) < 0)
            {
                ThrowUnlessWouldBlock();
                return false;
            }

            ledger.Accept(_payload, RecvFrame(_payloadPtr, _payload.Length));
            return true;
        }

        var length = zmq_recv(_socket, _payloadPtr, (nuint)_payload.Length, ZMQ_DONTWAIT);
        if (length < 0)
        {
            ThrowUnlessWouldBlock();
            return false;
        }

        ledger.Accept(_payload, length);
        return true;
    }

    public readonly bool Poll()
    {
        var item = new PollItem { Socket = _socket, Events = ZMQ_POLLIN };
        int ready;
        do
        {
            ready = zmq_poll(&item, 1, new CLong((nint)_idle.TotalMilliseconds));
        }
        while (ready < 0 && Interrupted());

        if (ready == 0)
            return false;

        Check(ready, "zmq_poll");
        return true;
    }

    public readonly string PollCall => "zmq_poll";

    public readonly void ExtraNativeCall()
    {
        int type;
        nuint length = sizeof(int);
        _ = LibZmqNative.zmq_getsockopt(_socket, LibZmqNative.ZMQ_TYPE, &type, &length);
    }

    public readonly bool ReceivesIntoArrays => true;

    public readonly void ReceiveInto(byte[] buffer, int length, ReceiveLedger ledger)
    {
        ReceiveIdFrame();
        fixed (byte* bytes = buffer)
        {
            ledger.Accept(buffer, RecvFrame(bytes, length));
        }
    }

    /// <summary>One message type: Message and MessageZeroCopy receive alike (the zero copy is the sender's).</summary>
    public readonly bool Expresses(BufferStrategy strategy) =>
        strategy is BufferStrategy.Message or BufferStrategy.MessageZeroCopy;

    public readonly void ReceiveOwn(BufferStrategy strategy, ReceiveLedger ledger)
    {
        ReceiveIdFrame();
        ZmqMsg message;
        _ = zmq_msg_init(&message);
        try
        {
            int received;
            do
            {
                received = zmq_msg_recv(&message, _socket, 0);
            }
            while (received < 0 && Interrupted());

            if (received < 0)
                throw RecvFailed("zmq_msg_recv");

            var length = (int)zmq_msg_size(&message);
            ledger.Accept(new ReadOnlySpan<byte>(zmq_msg_data(&message), length), length);
        }
        finally
        {
            _ = zmq_msg_close(&message);
        }
    }

    public readonly void Dispose() => _ = zmq_close(_socket);

    private readonly void ReceiveIdFrame()
    {
        if (_routed)
            RecvFrame(_idPtr, _idFrame.Length);
    }

    /// <summary>A blocking receive whose failure ends the operation: EAGAIN here means RCVTIMEO expired.</summary>
    private readonly int RecvFrame(byte* buffer, int capacity)
    {
        var length = BlockingRecv(buffer, capacity);
        return length < 0 ? throw RecvFailed("zmq_recv") : length;
    }

    /// <summary>zmq_recv bounded by RCVTIMEO, retried on EINTR; -1 (errno set) on any other failure.</summary>
    private readonly int BlockingRecv(byte* buffer, int capacity)
    {
        int length;
        do
        {
            length = zmq_recv(_socket, buffer, (nuint)capacity, 0);
        }
        while (length < 0 && Interrupted());

        return length;
    }

    private readonly Exception RecvFailed(string what)
    {
        var error = Marshal.GetLastPInvokeError();
        return error == EAGAIN
            ? MessageReceiver.Idle($"{what} received nothing", _idle)
            : new LibZmqException(what, error);
    }

    /// <summary>After a receive without waiting returned -1: anything but "would block" is an error.</summary>
    private static void ThrowUnlessWouldBlock()
    {
        var error = Marshal.GetLastPInvokeError();
        if (error != EAGAIN)
            throw new LibZmqException("zmq_recv(ZMQ_DONTWAIT)", error);
    }
}
