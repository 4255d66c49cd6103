using System.Diagnostics;
using NetMQ;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers.NetMQ;

/// <summary>
/// NetMQ's send body: one Msg reinitialised per frame, copied from a pool for the reused buffer (as NetMQ's SendFrame
/// does) or referencing a managed array as it is. Mutable (the Msg), so kept in a mutable field.
/// </summary>
internal struct NetMqSendSocket(
    NetMQSocket socket, WorkloadShape shape, WorkloadOptions options, NetMqAbortSignal abort) : ISendSocket, IDisposable
{
    private readonly NetMQSocket _socket = socket;
    private readonly WorkloadShape _shape = shape;
    private readonly WorkloadOptions _options = options;
    private readonly NetMqAbortSignal _abort = abort;
    private readonly byte[] _peerId = RouterIdentities.Receiver.ToArray();
    private readonly byte[] _reused = Payloads.Payload.CreateTemplate(shape.MessageSize);
    private Msg _frame = NetMqSession.EmptyMsg();

    /// <summary>How long one blocked send waits before it looks at the abort signal again.</summary>
    private static readonly TimeSpan AbortCheckInterval = TimeSpan.FromMilliseconds(50);

    public readonly ZeroCopyCounts ZeroCopy => default;

    public void SendControl(ReadOnlySpan<byte> frame) => SendCopy(frame);

    public Exception? TrySendPeerId()
    {
        try
        {
            SendPeerId();
            return null;
        }
        catch (HostUnreachableException e)
        {
            return e;
        }
    }

    /// <summary>The id never changes, so NetMQ may reference the array instead of copying it.</summary>
    public void SendPeerId()
    {
        if (!_shape.Routed)
            return;

        _frame.InitGC(_peerId, _peerId.Length);
        Send(more: true);
    }

    public void SendReused(byte[] payload) => SendCopy(payload);

    /// <summary>ByteArray only: NetMQ has no ArrayPool case (a frame would keep a rented array past return).</summary>
    public readonly bool SendsArrays => false;

    public readonly void SendArray(byte[] buffer, int length) =>
        throw new NotSupportedException("NetMQ sends arrays of its own");

    public readonly bool Expresses(BufferStrategy strategy) =>
        strategy is BufferStrategy.ByteArray or BufferStrategy.Message;

    public void SendOwn(BufferStrategy strategy, in SendPlan plan, int i, byte[] payloadTemplate)
    {
        if (strategy == BufferStrategy.Message)
        {
            // NetMQ's message is its pooled Msg: the reused buffer copied into one per frame, as for ReusedBuffer.
            plan.Fill(i, _reused, payloadTemplate);
            SendPeerId();
            SendCopy(_reused);
            return;
        }

        var bytes = new byte[_shape.MessageSize];
        plan.Write(i, bytes, payloadTemplate);
        SendPeerId();
        // NetMQ sends a managed array as it is: the frame keeps the array, no copy.
        _frame.InitGC(bytes, bytes.Length);
        Send(more: false);
    }

    public void Dispose()
    {
        _frame.Close();
        _socket.Dispose();
    }

    /// <summary>The payload buffer is rewritten for the next message, so each frame gets its own copy.</summary>
    private void SendCopy(ReadOnlySpan<byte> bytes)
    {
        _frame.InitPool(bytes.Length);
        bytes.CopyTo(_frame.Slice());
        Send(more: false);
    }

    /// <summary>
    /// Only blocks when the pipe is full (PUSH, a mandatory ROUTER), bounded by the idle timeout and by an abort; PUB
    /// never blocks.
    /// </summary>
    private void Send(bool more)
    {
        if (_socket.TrySend(ref _frame, AbortCheckInterval, more))
            return;

        var blockedSince = Stopwatch.GetTimestamp();
        while (!_socket.TrySend(ref _frame, AbortCheckInterval, more))
        {
            if (_abort.Requested || Stopwatch.GetElapsedTime(blockedSince) > _options.IdleTimeout)
            {
                _frame.Close();
                _frame.InitEmpty();
                throw _abort.Requested
                    ? new OperationCanceledException("the workload was closed while the sender was blocked")
                    : MessageReceiver.Idle("TrySend blocked", _options.IdleTimeout);
            }
        }
    }
}
