using System.Runtime.InteropServices;
using Net.Zmq;
using Net.Zmq.Core.Native;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Driver.NetZmq;

/// <summary>Net.Zmq's send body: Socket.Send of spans, and its Message types (copied, zero-copy, pooled).</summary>
internal readonly struct NetZmqSendSocket(Socket socket, WorkloadShape shape, WorkloadOptions options)
    : ISendSocket, IDisposable
{
    private readonly byte[] _peerId = RouterIdentities.Receiver.ToArray();
    private readonly ZeroCopyRelease _release = new();

    public ZeroCopyCounts ZeroCopy => _release.Counts;

    public void SendControl(ReadOnlySpan<byte> frame) => Send(frame, SendFlags.None);

    public Exception? TrySendPeerId()
    {
        try
        {
            Send(_peerId, SendFlags.SendMore);
            return null;
        }
        catch (ZmqException e) when (e.ErrorNumber == ZmqConstants.EHOSTUNREACH)
        {
            return e;
        }
    }

    public void SendPeerId()
    {
        if (shape.Routed)
            Send(_peerId, SendFlags.SendMore);
    }

    public void SendReused(byte[] payload) => Send(payload, SendFlags.None);

    public bool SendsArrays => true;

    public void SendArray(byte[] buffer, int length) => Send(buffer.AsSpan(0, length), SendFlags.None);

    public bool Expresses(BufferStrategy strategy) =>
        strategy is BufferStrategy.Message or BufferStrategy.MessageZeroCopy
#if NETZMQ_MESSAGEPOOL
            or BufferStrategy.MessagePool or BufferStrategy.MessagePoolRecvPool
#endif
        ;

    public void SendOwn(BufferStrategy strategy, in SendPlan plan, int i, byte[] payloadTemplate)
    {
        var size = shape.MessageSize;
        if (strategy == BufferStrategy.MessageZeroCopy)
        {
            var data = Marshal.AllocHGlobal(size);
            Span<byte> bytes;
            unsafe
            {
                bytes = new Span<byte>((void*)data, size);
            }

            plan.Write(i, bytes, payloadTemplate);
            // From here the buffer is the message's: libzmq frees it through the callback, sent or not.
            using var zeroCopy = new Message(data, size, _release.Free);
            _release.HandedOver();
            SendPeerId();
            SendMessage(zeroCopy);
            return;
        }

#if NETZMQ_MESSAGEPOOL
        if (strategy is BufferStrategy.MessagePool or BufferStrategy.MessagePoolRecvPool)
        {
            SendPooled(plan, i, payloadTemplate, size);
            return;
        }
#endif
        using var message = new Message(size);
        plan.Write(i, message.Data, payloadTemplate);
        SendPeerId();
        SendMessage(message);
    }

#if NETZMQ_MESSAGEPOOL
    /// <summary>Never inlined, and the only method naming MessagePool, so a build without it runs the rest.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private void SendPooled(in SendPlan plan, int i, byte[] payloadTemplate, int size)
    {
        // Sending returns the message to the pool; a pooled message must not be touched after Send.
        var pooled = MessagePool.Shared.Rent(size);
        pooled.SetActualDataSize(size);
        plan.Write(i, pooled.Data, payloadTemplate);
        SendPeerId();
        SendMessage(pooled);
    }
#endif

    public void Dispose() => socket.Dispose();

    /// <summary>
    /// PUSH and a mandatory ROUTER block on a full pipe, bounded by SNDTIMEO (reported as EAGAIN); PUB never blocks.
    /// </summary>
    private void Send(ReadOnlySpan<byte> frame, SendFlags flags)
    {
        while (true)
        {
            try
            {
                socket.Send(frame, flags);
                return;
            }
            catch (ZmqException e)
            {
                NetZmqFailure.RetryOrThrow(e, "Send blocked", options.IdleTimeout);
            }
        }
    }

    private void SendMessage(Message message)
    {
        while (true)
        {
            try
            {
                socket.Send(message, SendFlags.None);
                return;
            }
            catch (ZmqException e)
            {
                // Interrupted, the message is left as it was (libzmq's contract): sending it again is safe.
                NetZmqFailure.RetryOrThrow(e, "Send(Message) blocked", options.IdleTimeout);
            }
        }
    }

    /// <summary>
    /// The zero-copy buffers' release: one delegate for every message (libzmq calls it once per buffer, on any thread)
    /// and the counts the workload checks, in one place.
    /// </summary>
    private sealed class ZeroCopyRelease
    {
        private long _handedOver;
        private long _freed;

        public ZeroCopyRelease() => Free = data =>
        {
            Marshal.FreeHGlobal(data);
            Interlocked.Increment(ref _freed);
        };

        public Action<nint> Free { get; }

        public ZeroCopyCounts Counts => new(Interlocked.Read(ref _handedOver), Interlocked.Read(ref _freed));

        public void HandedOver() => Interlocked.Increment(ref _handedOver);
    }
}
