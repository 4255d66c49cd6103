using System.Diagnostics;
using NetMQ;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

internal sealed class NetMqSender : IMessageSender
{
    private readonly NetMQSocket _socket;
    private readonly WorkloadShape _shape;
    private readonly TimeSpan _handshakeTimeout;
    private readonly TimeSpan _idleTimeout;
    private readonly NetMqAbortSignal _abort;
    private readonly byte[] _peerId = RouterIdentities.Receiver.ToArray();
    private readonly byte[] _template;
    private readonly byte[] _payload;
    private Msg _frame;

    /// <summary>How long one blocked send waits before it looks at the abort signal again.</summary>
    private static readonly TimeSpan AbortCheckInterval = TimeSpan.FromMilliseconds(50);

    public NetMqSender(NetMQSocket socket, WorkloadShape shape, WorkloadOptions options, NetMqAbortSignal abort)
    {
        _abort = abort;
        _socket = socket;
        _shape = shape;
        _handshakeTimeout = options.HandshakeTimeout;
        _idleTimeout = options.IdleTimeout;
        _template = Payloads.Payload.CreateTemplate(shape.MessageSize);
        _payload = (byte[])_template.Clone();
        _frame.InitEmpty();
    }

    /// <summary>NetMQ's sockets are managed: nothing native is handed over.</summary>
    public ZeroCopyCounts ZeroCopy => default;

    public void SendHello()
    {
        if (_shape.Routed)
        {
            SendPeerIdWhenRoutable();
        }

        SendCopy(RouterIdentities.Hello);
    }

    public void SendReady()
    {
        SendPeerId();
        SendCopy(RouterIdentities.Ready);
    }

    public void SendOperation(SendPlan plan)
    {
        var count = plan.Count;
        switch (plan.Strategy)
        {
            case BufferStrategy.ReusedBuffer:
            case BufferStrategy.Message:
                // The reused buffer is copied into a pooled Msg per frame: the same send path as NetMQ's SendFrame.
                for (var i = 0; i < count; i++)
                {
                    plan.Fill(i, _payload, _template);
                    SendPeerId();
                    SendCopy(_payload);
                }

                break;
            case BufferStrategy.ByteArray:
                for (var i = 0; i < count; i++)
                {
                    var bytes = new byte[_shape.MessageSize];
                    _template.CopyTo(bytes, 0);
                    plan.Fill(i, bytes, _template);
                    SendPeerId();
                    // NetMQ sends a managed array as it is: the frame keeps the array, no copy.
                    _frame.InitGC(bytes, bytes.Length);
                    Send(more: false);
                }

                break;
            default:
                throw new NotSupportedException($"{nameof(NetMqSender)} has no {plan.Strategy} send loop");
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
                SendPeerId();
                return;
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
    }

    /// <summary>The id never changes, so NetMQ may reference the array instead of copying it.</summary>
    private void SendPeerId()
    {
        if (!_shape.Routed)
        {
            return;
        }

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

    /// <summary>
    /// A send that only blocks when the pipe is full (PUSH, a mandatory ROUTER), bounded by the idle timeout and by an
    /// abort; PUB never blocks, and its high-water mark holds whole operations.
    /// </summary>
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
