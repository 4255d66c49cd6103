using System.Diagnostics;
using Net.Zmq;
using Net.Zmq.Core.Native;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

internal sealed class NetZmqRouterSender : IRouterSender
{
    private readonly Socket _socket;
    private readonly TimeSpan _handshakeTimeout;
    private readonly TimeSpan _idleTimeout;
    private readonly byte[] _peerId = RouterIdentities.Receiver.ToArray();
    private readonly byte[] _payload;

    public NetZmqRouterSender(Socket socket, int messageSize, WorkloadOptions options)
    {
        _socket = socket;
        _handshakeTimeout = options.HandshakeTimeout;
        _idleTimeout = options.IdleTimeout;
        _payload = Payloads.Payload.CreateTemplate(messageSize);
    }

    public void SendHello()
    {
        var started = Stopwatch.GetTimestamp();
        while (true)
        {
            try
            {
                Send(_peerId, SendFlags.SendMore);
                break;
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

        Send(RouterIdentities.Hello, SendFlags.None);
    }

    public void SendOperation(SendPlan plan)
    {
        var count = plan.Count;
        for (var i = 0; i < count; i++)
        {
            plan.Fill(i, _payload);
            Send(_peerId, SendFlags.SendMore);
            Send(_payload, SendFlags.None);
        }
    }

    /// <summary>Blocking send: with mandatory routing a full pipe blocks, bounded by SNDTIMEO (reported as EAGAIN).</summary>
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

    public void Dispose() => _socket.Dispose();
}
