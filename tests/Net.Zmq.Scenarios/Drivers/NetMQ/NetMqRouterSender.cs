using System.Diagnostics;
using NetMQ;
using NetMQ.Sockets;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

internal sealed class NetMqRouterSender : IRouterSender
{
    private readonly RouterSocket _socket;
    private readonly TimeSpan _handshakeTimeout;
    private readonly TimeSpan _idleTimeout;
    private readonly NetMqAbortSignal _abort;
    private readonly byte[] _peerId = RouterIdentities.Receiver.ToArray();
    private readonly byte[] _payload;
    private Msg _frame;

    /// <summary>How long one blocked send waits before it looks at the abort signal again.</summary>
    private static readonly TimeSpan AbortCheckInterval = TimeSpan.FromMilliseconds(50);

    public NetMqRouterSender(RouterSocket socket, int messageSize, WorkloadOptions options, NetMqAbortSignal abort)
    {
        _abort = abort;
        _socket = socket;
        _handshakeTimeout = options.HandshakeTimeout;
        _idleTimeout = options.IdleTimeout;
        _payload = Payloads.Payload.CreateTemplate(messageSize);
        _frame.InitEmpty();
    }

    public void SendHello()
    {
        var started = Stopwatch.GetTimestamp();
        while (true)
        {
            try
            {
                SendPeerId();
                break;
            }
            catch (HostUnreachableException e)
            {
                if (Stopwatch.GetElapsedTime(started) > _handshakeTimeout)
                {
                    throw new TimeoutException(
                        $"the receiver's ROUTER stayed unroutable for {_handshakeTimeout.TotalSeconds:0.#} s", e);
                }

                Thread.Sleep(1);
            }
        }

        SendCopy(RouterIdentities.Hello);
    }

    public void SendOperation(SendPlan plan)
    {
        var count = plan.Count;
        for (var i = 0; i < count; i++)
        {
            plan.Fill(i, _payload);
            SendPeerId();
            SendCopy(_payload);
        }
    }

    /// <summary>The id never changes, so NetMQ may reference the array instead of copying it.</summary>
    private void SendPeerId()
    {
        _frame.InitGC(_peerId, _peerId.Length);
        Send(more: true);
    }

    /// <summary>The payload buffer is rewritten for the next message, so each frame gets its own copy.</summary>
    private void SendCopy(ReadOnlySpan<byte> bytes)
    {
        _frame.InitPool(bytes.Length);
        bytes.CopyTo(_frame.Slice());
        Send(more: false);
    }

    /// <summary>A send that only blocks when the pipe is full, bounded by the idle timeout and by an abort.</summary>
    private void Send(bool more)
    {
        if (_socket.TrySend(ref _frame, AbortCheckInterval, more))
        {
            return;
        }

        var blockedSince = Stopwatch.GetTimestamp();
        while (!_socket.TrySend(ref _frame, AbortCheckInterval, more))
        {
            if (_abort.Requested || Stopwatch.GetElapsedTime(blockedSince) > _idleTimeout)
            {
                _frame.Close();
                _frame.InitEmpty();
                throw _abort.Requested
                    ? new OperationCanceledException("the workload was closed while the sender was blocked")
                    : new TimeoutException($"TrySend blocked for {_idleTimeout.TotalSeconds:0.#} s");
            }
        }
    }

    public void Dispose()
    {
        _frame.Close();
        _socket.Dispose();
    }
}
