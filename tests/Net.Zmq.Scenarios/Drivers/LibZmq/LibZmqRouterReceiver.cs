using System.Diagnostics;
using System.Runtime.InteropServices;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;
using static NetZmqTests.Scenarios.Drivers.LibZmqNative;

namespace NetZmqTests.Scenarios.Drivers;

internal sealed unsafe class LibZmqRouterReceiver : IRouterReceiver
{
    private readonly nint _socket;
    private readonly ReceiveMode _mode;
    private readonly TimeSpan _idleTimeout;
    // Pinned for the receiver's lifetime so the loops pass raw pointers without fixed blocks.
    private readonly byte[] _idFrame = GC.AllocateArray<byte>(RouterIdentities.IdFrameCapacity, pinned: true);
    private readonly byte[] _payload;
    private readonly byte* _idPtr;
    private readonly byte* _payloadPtr;

    public LibZmqRouterReceiver(nint socket, string endpoint, ReceiveMode mode, int messageSize, WorkloadOptions options)
    {
        _socket = socket;
        Endpoint = endpoint;
        _mode = mode;
        _idleTimeout = options.IdleTimeout;
        _payload = GC.AllocateArray<byte>(messageSize, pinned: true);
        _idPtr = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_idFrame, 0);
        _payloadPtr = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_payload, 0);
    }

    public string Endpoint { get; }

    public void AcceptHello()
    {
        var idLength = RecvFrame(_idPtr, _idFrame.Length, 0);
        var helloLength = RecvFrame(_payloadPtr, _payload.Length, 0);
        RouterIdentities.CheckHello(_idFrame.AsSpan(0, idLength), _payload.AsSpan(0, helloLength));
    }

    public void ReceiveOperation(ReceiveLedger ledger, int messages)
    {
        switch (_mode)
        {
            case ReceiveMode.PureBlocking: ReceivePureBlocking(ledger, messages); break;
            case ReceiveMode.BlockingWithBatch: ReceiveBlockingWithBatch(ledger, messages); break;
            case ReceiveMode.NonBlocking: ReceiveNonBlocking(ledger, messages); break;
            case ReceiveMode.Poller: ReceivePoller(ledger, messages); break;
            default: throw new ArgumentOutOfRangeException(nameof(messages), _mode, "unknown receive mode");
        }
    }

    private void ReceivePureBlocking(ReceiveLedger ledger, int messages)
    {
        for (var i = 0; i < messages; i++)
        {
            RecvFrame(_idPtr, _idFrame.Length, 0);
            ledger.Accept(_payload, RecvFrame(_payloadPtr, _payload.Length, 0));
        }
    }

    private void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages)
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

    private void ReceiveNonBlocking(ReceiveLedger ledger, int messages)
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

    private void ReceivePoller(ReceiveLedger ledger, int messages)
    {
        var item = new PollItem { Socket = _socket, Events = ZMQ_POLLIN };
        var timeout = new CLong((nint)_idleTimeout.TotalMilliseconds);
        var received = 0;
        while (received < messages)
        {
            var ready = zmq_poll(&item, 1, timeout);
            if (ready == 0)
            {
                throw new TimeoutException($"zmq_poll saw nothing to read for {_idleTimeout.TotalSeconds:0.#} s");
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
                ? new TimeoutException($"zmq_recv received nothing for {_idleTimeout.TotalSeconds:0.#} s")
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

    private long QuietFor(long quietSince)
    {
        if (quietSince == 0)
        {
            return Stopwatch.GetTimestamp();
        }

        if (Stopwatch.GetElapsedTime(quietSince) > _idleTimeout)
        {
            throw new TimeoutException($"nothing to read for {_idleTimeout.TotalSeconds:0.#} s of non-blocking polling");
        }

        return quietSince;
    }

    public void Dispose() => _ = zmq_close(_socket);
}
