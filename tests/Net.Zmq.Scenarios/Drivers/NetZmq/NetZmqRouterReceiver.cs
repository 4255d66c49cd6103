using Net.Zmq;
using Net.Zmq.Core.Native;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

internal sealed class NetZmqRouterReceiver : RouterReceiver
{
    private readonly Socket _socket;
    private readonly byte[] _idFrame = new byte[RouterIdentities.IdFrameCapacity];
    private readonly byte[] _payload;
    // Made once here, not per operation: only the receive loop is measured.
    private readonly Poller? _poller;

    public NetZmqRouterReceiver(Socket socket, string endpoint, ReceiveMode mode, int messageSize, WorkloadOptions options)
        : base(endpoint, mode, options.IdleTimeout)
    {
        _socket = socket;
        _payload = new byte[messageSize];
        if (mode == ReceiveMode.Poller)
        {
            _poller = new Poller(1);
            _poller.Add(socket, PollEvents.In);
        }
    }

    public override void AcceptHello()
    {
        var idLength = ReceiveFrame(_idFrame);
        var helloLength = ReceiveFrame(_payload);
        RouterIdentities.CheckHello(_idFrame.AsSpan(0, idLength), _payload.AsSpan(0, helloLength));
    }

    protected override void ReceivePureBlocking(ReceiveLedger ledger, int messages)
    {
        for (var i = 0; i < messages; i++)
        {
            ReceiveFrame(_idFrame);
            ledger.Accept(_payload, ReceiveFrame(_payload));
        }
    }

    protected override void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages)
    {
        var received = 0;
        while (received < messages)
        {
            ReceiveFrame(_idFrame);
            ledger.Accept(_payload, ReceiveFrame(_payload));
            received++;
            while (received < messages && _socket.Recv(_idFrame, RecvFlags.DontWait) >= 0)
            {
                ledger.Accept(_payload, ReceiveFrame(_payload));
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
            if (_socket.Recv(_idFrame, RecvFlags.DontWait) < 0)
            {
                quietSince = QuietFor(quietSince);
                Thread.Sleep(1);
                continue;
            }

            quietSince = 0;
            ledger.Accept(_payload, ReceiveFrame(_payload));
            received++;
        }
    }

    protected override void ReceivePoller(ReceiveLedger ledger, int messages)
    {
        var poller = _poller!;
        var timeoutMs = (long)IdleTimeout.TotalMilliseconds;
        var received = 0;
        while (received < messages)
        {
            if (poller.Poll(timeoutMs) == 0)
            {
                throw Idle("Poller saw nothing to read");
            }

            while (received < messages && _socket.Recv(_idFrame, RecvFlags.DontWait) >= 0)
            {
                ledger.Accept(_payload, ReceiveFrame(_payload));
                received++;
            }
        }
    }

    /// <summary>A blocking receive bounded by RCVTIMEO, which Net.Zmq reports as EAGAIN.</summary>
    private int ReceiveFrame(byte[] buffer)
    {
        try
        {
            return _socket.Recv(buffer);
        }
        catch (ZmqException e) when (e.ErrorNumber == ZmqConstants.EAGAIN)
        {
            throw Idle("Recv received nothing", e);
        }
    }

    protected override void Dispose(bool disposing)
    {
        _poller?.Dispose();
        _socket.Dispose();
    }
}
