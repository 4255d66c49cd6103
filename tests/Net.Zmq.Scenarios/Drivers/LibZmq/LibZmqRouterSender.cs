using System.Diagnostics;
using System.Runtime.InteropServices;
using NetZmqTests.Scenarios.Workloads;
using static NetZmqTests.Scenarios.Drivers.LibZmqNative;

namespace NetZmqTests.Scenarios.Drivers;

internal sealed unsafe class LibZmqRouterSender : IRouterSender
{
    private readonly nint _socket;
    private readonly TimeSpan _handshakeTimeout;
    private readonly TimeSpan _idleTimeout;
    private readonly byte[] _peerId = GC.AllocateArray<byte>(RouterIdentities.Receiver.Length, pinned: true);
    private readonly byte[] _payload;
    private readonly byte* _peerIdPtr;
    private readonly byte* _payloadPtr;

    public LibZmqRouterSender(nint socket, int messageSize, WorkloadOptions options)
    {
        _socket = socket;
        _handshakeTimeout = options.HandshakeTimeout;
        _idleTimeout = options.IdleTimeout;
        RouterIdentities.Receiver.CopyTo(_peerId);
        _payload = GC.AllocateArray<byte>(messageSize, pinned: true);
        Payloads.Payload.CreateTemplate(messageSize).CopyTo(_payload, 0);
        _peerIdPtr = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_peerId, 0);
        _payloadPtr = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_payload, 0);
    }

    public void SendHello()
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

        fixed (byte* hello = RouterIdentities.Hello)
        {
            SendFrame(hello, RouterIdentities.Hello.Length, 0);
        }
    }

    public void SendOperation(SendPlan plan)
    {
        var count = plan.Count;
        var payloadLength = _payload.Length;
        for (var i = 0; i < count; i++)
        {
            plan.Fill(i, _payload);
            SendFrame(_peerIdPtr, _peerId.Length, ZMQ_SNDMORE);
            SendFrame(_payloadPtr, payloadLength, 0);
        }
    }

    /// <summary>Blocking send: with mandatory routing a full pipe blocks, bounded by SNDTIMEO.</summary>
    private void SendFrame(byte* buffer, int length, int flags)
    {
        if (zmq_send(_socket, buffer, (nuint)length, flags) < 0)
        {
            var error = Marshal.GetLastPInvokeError();
            throw error == EAGAIN
                ? new TimeoutException($"zmq_send blocked for {_idleTimeout.TotalSeconds:0.#} s")
                : new LibZmqException("zmq_send", error);
        }
    }

    public void Dispose() => _ = zmq_close(_socket);
}
