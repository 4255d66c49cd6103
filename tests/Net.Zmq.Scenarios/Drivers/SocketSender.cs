using System.Buffers;
using System.Diagnostics;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// The send loops, each written once over a driver's struct <typeparamref name="TSocket"/>. Each message starts as a
/// copy of the payload template; the plan writes its sequence number (and any injected fault).
/// </summary>
public sealed class SocketSender<TSocket>(TSocket socket, WorkloadShape shape, TimeSpan handshakeTimeout)
    : IMessageSender
    where TSocket : struct, ISendSocket
{
    // Never readonly: calls on a readonly struct field work on a copy, and the bodies keep state (a Msg, counters).
#pragma warning disable IDE0044
    private TSocket _socket = socket;
#pragma warning restore IDE0044
    private readonly int _size = shape.MessageSize;
    private readonly byte[] _template = Payloads.Payload.CreateTemplate(shape.MessageSize);

    // On the pinned object heap, as always measured, so no collection moves the buffer every send reads.
    private readonly byte[] _payload = Payloads.Payload.CreateTemplate(shape.MessageSize, pinned: true);

    public ZeroCopyCounts ZeroCopy => _socket.ZeroCopy;

    /// <summary>A ROUTER cannot route to the receiver until the connection is up: retry (bounded).</summary>
    public void SendHello()
    {
        var started = Stopwatch.GetTimestamp();
        while (shape.Routed && _socket.TrySendPeerId() is { } unroutable)
        {
            if (Stopwatch.GetElapsedTime(started) > handshakeTimeout)
                throw MessageReceiver.Idle("the receiver's ROUTER stayed unroutable", handshakeTimeout, unroutable);

            Thread.Sleep(1);
        }

        _socket.SendControl(RouterIdentities.Hello);
    }

    public void SendReady()
    {
        _socket.SendPeerId();
        _socket.SendControl(RouterIdentities.Ready);
    }

    public void SendOperation(SendPlan plan)
    {
        var count = plan.Count;
        var strategy = plan.Strategy;
        if (strategy == BufferStrategy.ReusedBuffer)
        {
            for (var i = 0; i < count; i++)
            {
                plan.Fill(i, _payload, _template);
                _socket.SendPeerId();
                _socket.SendReused(_payload);
            }
        }
        else if (strategy == BufferStrategy.ByteArray && _socket.SendsArrays)
        {
            SendNewArrays(plan);
        }
        else if (strategy == BufferStrategy.ArrayPool && _socket.SendsArrays)
        {
            SendRentedArrays(plan);
        }
        else if (_socket.Expresses(strategy))
        {
            for (var i = 0; i < count; i++)
                _socket.SendOwn(strategy, plan, i, _template);
        }
        else
        {
            throw new NotSupportedException($"{typeof(TSocket).Name} has no {strategy} send loop");
        }
    }

    public void Dispose() => _socket.Dispose();

    /// <summary>A new array per message, as a program that allocates per send does.</summary>
    private void SendNewArrays(SendPlan plan)
    {
        var count = plan.Count;
        for (var i = 0; i < count; i++)
        {
            var bytes = new byte[_size];
            plan.Write(i, bytes, _template);
            _socket.SendPeerId();
            _socket.SendArray(bytes, _size);
        }
    }

    private void SendRentedArrays(SendPlan plan)
    {
        var count = plan.Count;
        for (var i = 0; i < count; i++)
        {
            var rented = ArrayPool<byte>.Shared.Rent(_size);
            try
            {
                plan.Write(i, rented.AsSpan(0, _size), _template);
                _socket.SendPeerId();
                _socket.SendArray(rented, _size);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }
    }
}
