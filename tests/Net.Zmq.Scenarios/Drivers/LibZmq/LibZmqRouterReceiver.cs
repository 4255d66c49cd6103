using System.Runtime.InteropServices;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;
using static NetZmqTests.Scenarios.Drivers.LibZmqNative;

namespace NetZmqTests.Scenarios.Drivers;

internal sealed unsafe class LibZmqRouterReceiver : RouterReceiver
{
    private readonly nint _socket;
    // Pinned for the receiver's lifetime so the loops pass raw pointers without fixed blocks.
    private readonly byte[] _idFrame = GC.AllocateArray<byte>(RouterIdentities.IdFrameCapacity, pinned: true);
    private readonly byte[] _payload;
    private readonly byte* _idPtr;
    private readonly byte* _payloadPtr;

    public LibZmqRouterReceiver(nint socket, string endpoint, ReceiveMode mode, int messageSize, WorkloadOptions options)
        : base(endpoint, mode, options.IdleTimeout)
    {
        _socket = socket;
        _payload = GC.AllocateArray<byte>(messageSize, pinned: true);
        _idPtr = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_idFrame, 0);
        _payloadPtr = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_payload, 0);
    }

    public override void AcceptHello()
    {
        var idLength = RecvFrame(_idPtr, _idFrame.Length, 0);
        var helloLength = RecvFrame(_payloadPtr, _payload.Length, 0);
        RouterIdentities.CheckHello(_idFrame.AsSpan(0, idLength), _payload.AsSpan(0, helloLength));
    }

    protected override void ReceivePureBlocking(ReceiveLedger ledger, int messages)
    {
        for (var i = 0; i < messages; i++)
        {
            RecvFrame(_idPtr, _idFrame.Length, 0);
            ledger.Accept(_payload, RecvFrame(_payloadPtr, _payload.Length, 0));
        }
    }

    protected override void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            RecvFrame(_idPtr, _idFrame.Length, 0);
            ledger.Accept(_payload, RecvFrame(_payloadPtr, _payload.Length, 0));
            received++;
            while (received < messages && zmq_recv(_socket, _idPtr, (nuint)_idFrame.Length, ZMQ_DONTWAIT) >= 0)
            {
                ledger.Accept(_payload, RecvFrame(_payloadPtr, _payload.Length, 0));
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
            if (zmq_recv(_socket, _idPtr, (nuint)_idFrame.Length, ZMQ_DONTWAIT) < 0)
            {
                ThrowUnlessWouldBlock(true);
                quietSince = QuietFor(quietSince);
                Thread.Sleep(1);
                continue;
            }

            quietSince = 0;
            ledger.Accept(_payload, RecvFrame(_payloadPtr, _payload.Length, 0));
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
            while (received < messages && zmq_recv(_socket, _idPtr, (nuint)_idFrame.Length, ZMQ_DONTWAIT) >= 0)
            {
                ledger.Accept(_payload, RecvFrame(_payloadPtr, _payload.Length, 0));
                received++;
            }

            ThrowUnlessWouldBlock(received < messages);
        }
    }

    /// <summary>A receive whose failure ends the operation: EAGAIN here means RCVTIMEO expired.</summary>
    private int RecvFrame(byte* buffer, int capacity, int flags)
    {
        var length = zmq_recv(_socket, buffer, (nuint)capacity, flags);
        if (length < 0)
        {
            var error = Marshal.GetLastPInvokeError();
            throw error == EAGAIN
                ? Idle("zmq_recv received nothing")
                : new LibZmqException("zmq_recv", error);
        }

        return length;
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
