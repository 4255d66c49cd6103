using NetMQ;
using NetMQ.Sockets;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Receives into two Msg values it reuses: NetMQ's own allocation-light receive path (NetMQ sizes each Msg to the
/// frame it receives).
/// </summary>
internal sealed class NetMqRouterReceiver : RouterReceiver
{
    private readonly RouterSocket _socket;
    private Msg _idFrame;
    private Msg _payload;

    public NetMqRouterReceiver(RouterSocket socket, string endpoint, ReceiveMode mode, WorkloadOptions options)
        : base(endpoint, mode, options.IdleTimeout)
    {
        _socket = socket;
        _idFrame.InitEmpty();
        _payload.InitEmpty();
    }

    public override void AcceptHello()
    {
        ReceiveFrame(ref _idFrame);
        ReceiveFrame(ref _payload);
        RouterIdentities.CheckHello(_idFrame.Slice(), _payload.Slice());
    }

    protected override void ReceivePureBlocking(ReceiveLedger ledger, int messages)
    {
        for (var i = 0; i < messages; i++)
        {
            ReceiveFrame(ref _idFrame);
            ReceiveFrame(ref _payload);
            ledger.Accept(_payload.Slice(), _payload.Size);
        }
    }

    protected override void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages)
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

    protected override void ReceiveNonBlocking(ReceiveLedger ledger, int messages)
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

    protected override void ReceivePoller(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            if ((_socket.Poll(PollEvents.PollIn, IdleTimeout) & PollEvents.PollIn) == 0)
            {
                throw Idle("Poll saw nothing to read");
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
        if (!_socket.TryReceive(ref frame, IdleTimeout))
        {
            throw Idle("TryReceive received nothing");
        }
    }

    protected override void Dispose(bool disposing)
    {
        _idFrame.Close();
        _payload.Close();
        _socket.Dispose();
    }
}
