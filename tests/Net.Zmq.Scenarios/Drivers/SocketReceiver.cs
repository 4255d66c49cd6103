using System.Buffers;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// The measured loops, each written once: the four receive modes and the buffer strategies, over a driver's
/// <typeparamref name="TSocket"/>. It is a struct, so the JIT specialises this class per driver and every call on
/// <see cref="_socket"/> is direct; the field is mutable so that calls change the struct in place, never a copy.
/// </summary>
public sealed class SocketReceiver<TSocket>(TSocket socket, string endpoint, WorkloadShape shape, TimeSpan idleTimeout)
    : MessageReceiver(endpoint, shape, idleTimeout)
    where TSocket : struct, IReceiveSocket
{
    // Never readonly: a call on a readonly field of a struct type works on a defensive copy, and NetMQ's body keeps
    // the Msg values it receives into in the struct itself.
#pragma warning disable IDE0044
    private TSocket _socket = socket;
#pragma warning restore IDE0044

    protected override int ReceiveControl(TimeSpan wait) => _socket.ReceiveControl(ControlFrame, wait);

    public override void ExtraNativeCall() => _socket.ExtraNativeCall();

    protected override void ReceivePureBlocking(ReceiveLedger ledger, int messages)
    {
        for (var i = 0; i < messages; i++)
        {
            _socket.Receive(ledger);
        }
    }

    /// <summary>Block for one message, then drain without waiting.</summary>
    protected override void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            _socket.Receive(ledger);
            received++;
            while (received < messages && _socket.TryReceive(ledger))
            {
                received++;
            }
        }
    }

    /// <summary>Drain without waiting; Thread.Sleep(1) when nothing is queued.</summary>
    protected override void ReceiveNonBlocking(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        long quietSince = 0;
        while (received < messages)
        {
            if (!_socket.TryReceive(ledger))
            {
                quietSince = QuietFor(quietSince);
                Thread.Sleep(1);
                continue;
            }

            quietSince = 0;
            received++;
        }
    }

    /// <summary>Poll until readable, then drain without waiting.</summary>
    protected override void ReceivePoller(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            if (!_socket.Poll())
            {
                throw Idle($"{_socket.PollCall} saw nothing to read");
            }

            while (received < messages && _socket.TryReceive(ledger))
            {
                received++;
            }
        }
    }

    /// <summary>
    /// A blocking receive per message into the buffers of the strategy in use (the buffer-strategy suite).
    /// </summary>
    protected override void ReceiveWithStrategy(ReceiveLedger ledger, int messages)
    {
        var strategy = Shape.Strategy;
        var size = Shape.MessageSize;
        if (strategy == BufferStrategy.ByteArray && _socket.ReceivesIntoArrays)
        {
            for (var i = 0; i < messages; i++)
            {
                var bytes = new byte[size];
                _socket.ReceiveInto(bytes, size, ledger);
            }
        }
        else if (strategy == BufferStrategy.ArrayPool && _socket.ReceivesIntoArrays)
        {
            for (var i = 0; i < messages; i++)
            {
                var rented = ArrayPool<byte>.Shared.Rent(size);
                try
                {
                    _socket.ReceiveInto(rented, size, ledger);
                }
                finally
                {
                    ArrayPool<byte>.Shared.Return(rented);
                }
            }
        }
        else if (_socket.Expresses(strategy))
        {
            for (var i = 0; i < messages; i++)
            {
                _socket.ReceiveOwn(strategy, ledger);
            }
        }
        else
        {
            throw new NotSupportedException($"{typeof(TSocket).Name} has no {strategy} receive loop");
        }
    }

    protected override void Dispose(bool disposing) => _socket.Dispose();
}
