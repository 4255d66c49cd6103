using System.Diagnostics;
using Net.Zmq;
using Net.Zmq.Core.Native;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

internal sealed class NetZmqRouterReceiver : IRouterReceiver
{
    private readonly Socket _socket;
    private readonly ReceiveMode _mode;
    private readonly TimeSpan _idleTimeout;
    private readonly byte[] _idFrame = new byte[RouterIdentities.IdFrameCapacity];
    private readonly byte[] _payload;
    // Made once here, not per operation: only the receive loop is measured.
    private readonly Poller? _poller;

    public NetZmqRouterReceiver(Socket socket, string endpoint, ReceiveMode mode, int messageSize, WorkloadOptions options)
    {
        _socket = socket;
        Endpoint = endpoint;
        _mode = mode;
        _idleTimeout = options.IdleTimeout;
        _payload = new byte[messageSize];
        if (mode == ReceiveMode.Poller)
        {
            _poller = new Poller(1);
            _poller.Add(socket, PollEvents.In);
        }
    }

    public string Endpoint { get; }

    public void AcceptHello()
    {
        var idLength = ReceiveFrame(_idFrame);
        var helloLength = ReceiveFrame(_payload);
        RouterIdentities.CheckHello(_idFrame.AsSpan(0, idLength), _payload.AsSpan(0, helloLength));
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
            ReceiveFrame(_idFrame);
            ledger.Accept(_payload, ReceiveFrame(_payload));
        }
    }

    private void ReceiveBlockingWithBatch(ReceiveLedger ledger, int messages)
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

    private void ReceiveNonBlocking(ReceiveLedger ledger, int messages)
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

    private void ReceivePoller(ReceiveLedger ledger, int messages)
    {
        var poller = _poller!;
        var timeoutMs = (long)_idleTimeout.TotalMilliseconds;
        var received = 0;
        while (received < messages)
        {
            if (poller.Poll(timeoutMs) == 0)
            {
                throw new TimeoutException($"Poller saw nothing to read for {_idleTimeout.TotalSeconds:0.#} s");
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
            throw new TimeoutException($"Recv received nothing for {_idleTimeout.TotalSeconds:0.#} s", e);
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
        _poller?.Dispose();
        _socket.Dispose();
    }
}
