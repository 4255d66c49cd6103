using System.Diagnostics;
using NetMQ;
using NetMQ.Sockets;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>Receives into two Msg values it reuses: NetMQ's own allocation-light receive path.</summary>
internal sealed class NetMqRouterReceiver : IRouterReceiver
{
    private readonly RouterSocket _socket;
    private readonly ReceiveMode _mode;
    private readonly TimeSpan _idleTimeout;
    private Msg _idFrame;
    private Msg _payload;

    public NetMqRouterReceiver(RouterSocket socket, string endpoint, ReceiveMode mode, int messageSize, WorkloadOptions options)
    {
        _socket = socket;
        Endpoint = endpoint;
        _mode = mode;
        _idleTimeout = options.IdleTimeout;
        _ = messageSize; // NetMQ sizes each Msg to the frame it receives.
        _idFrame.InitEmpty();
        _payload.InitEmpty();
    }

    public string Endpoint { get; }

    public void AcceptHello()
    {
        ReceiveFrame(ref _idFrame);
        ReceiveFrame(ref _payload);
        RouterIdentities.CheckHello(_idFrame.Slice(), _payload.Slice());
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
            ReceiveFrame(ref _idFrame);
            ReceiveFrame(ref _payload);
            ledger.Accept(_payload.Slice(), _payload.Size);
        }
    }

    private void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            ReceiveFrame(ref _idFrame);
            ReceiveFrame(ref _payload);
            ledger.Accept(_payload.Slice(), _payload.Size);
            received++;
            while (received < messages && _socket.TryReceive(ref _idFrame, TimeSpan.Zero))
            {
                ReceiveFrame(ref _payload);
                ledger.Accept(_payload.Slice(), _payload.Size);
                received++;
            }
        }
    }

    private void ReceiveNonBlocking(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        long quietSince = 0;
        while (received < messages)
        {
            if (!_socket.TryReceive(ref _idFrame, TimeSpan.Zero))
            {
                quietSince = QuietFor(quietSince);
                Thread.Sleep(1);
                continue;
            }

            quietSince = 0;
            ReceiveFrame(ref _payload);
            ledger.Accept(_payload.Slice(), _payload.Size);
            received++;
        }
    }

    private void ReceivePoller(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            if ((_socket.Poll(PollEvents.PollIn, _idleTimeout) & PollEvents.PollIn) == 0)
            {
                throw new TimeoutException($"Poll saw nothing to read for {_idleTimeout.TotalSeconds:0.#} s");
            }

            while (received < messages && _socket.TryReceive(ref _idFrame, TimeSpan.Zero))
            {
                ReceiveFrame(ref _payload);
                ledger.Accept(_payload.Slice(), _payload.Size);
                received++;
            }
        }
    }

    /// <summary>
    /// A bounded blocking receive. (NetMQ throws for TimeSpan.MaxValue, and an unbounded wait could hang.)
    /// </summary>
    private void ReceiveFrame(ref Msg frame)
    {
        if (!_socket.TryReceive(ref frame, _idleTimeout))
        {
            throw new TimeoutException($"TryReceive received nothing for {_idleTimeout.TotalSeconds:0.#} s");
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

    public void Dispose()
    {
        _idFrame.Close();
        _payload.Close();
        _socket.Dispose();
    }
}
