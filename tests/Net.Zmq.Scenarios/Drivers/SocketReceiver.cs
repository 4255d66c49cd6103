using System.Buffers;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// The measured loops, each written once, over a driver's struct <typeparamref name="TSocket"/>: the JIT specialises
/// this class per driver so every call on <see cref="_socket"/> is direct.
/// </summary>
public sealed class SocketReceiver<TSocket>(
    TSocket socket, string endpoint, WorkloadShape shape, TimeSpan idleTimeout)
    : MessageReceiver(endpoint, shape, idleTimeout)
    where TSocket : struct, IReceiveSocket
{
    // Never readonly: calls on a readonly struct field work on a defensive copy, and NetMQ's body keeps its Msg values
    // in the struct itself.
#pragma warning disable IDE0044
    private TSocket _socket = socket;
#pragma warning restore IDE0044

    protected override int ReceiveControlFrame(TimeSpan wait) => _socket.ReceiveControl(ControlFrame, wait);

    public override void ExtraNativeCall() => _socket.ExtraNativeCall();

    protected override void ReceivePureBlocking(ReceiveLedger ledger, int messages)
    {
        for (var i = 0; i < messages; i++)
            _socket.Receive(ledger);
    }

    protected override void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            _socket.Receive(ledger);
            received++;
            while (received < messages && _socket.TryReceive(ledger))
                received++;
        }
    }

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

    protected override void ReceivePoller(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            if (!_socket.Poll())
                throw Idle($"{_socket.PollCall} saw nothing to read");

            while (received < messages && _socket.TryReceive(ledger))
                received++;
        }
    }

    protected override void ReceiveWithStrategy(ReceiveLedger ledger, int messages)
    {
        var strategy = Shape.Strategy;
        var size = Shape.MessageSize;
        if (strategy == BufferStrategy.ByteArray && _socket.ReceivesIntoArrays)
        {
            for (var i = 0; i < messages; i++)
                _socket.ReceiveInto(new byte[size], size, ledger);
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
                _socket.ReceiveOwn(strategy, ledger);
        }
        else
        {
            throw new NotSupportedException($"{typeof(TSocket).Name} has no {strategy} receive loop");
        }
    }

    public override void Dispose() => _socket.Dispose();
}
