using Net.Zmq;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Driver.NetZmq;

/// <summary>
/// The reference loop on Net.Zmq, deliberately without any of the suite's driver code: two ROUTERs in one context, a
/// sender thread that fills its buffer per message (as every case's sender does; skipping the fill alone would make
/// it faster) and sends [receiver id][payload], and a receiver reading both frames into reused buffers.
/// </summary>
internal sealed class NetZmqReferenceLoop : IReferenceLoop
{
    private const int HighWaterMark = 1000;
    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(10);
    private static readonly byte[] ReceiverId = "r"u8.ToArray();

    private readonly int _messages;
    private readonly Context _context = new();
    private readonly Socket _receiver;
    private readonly Socket _sender;
    private readonly byte[] _template;
    private readonly byte[] _payload;
    private readonly byte[] _inbox;
    private readonly byte[] _idInbox = new byte[16];
    private readonly Thread _thread;
    private readonly SemaphoreSlim _go = new(0);
    private readonly SemaphoreSlim _done = new(0);
    private volatile bool _stopping;
    private volatile Exception? _senderError;
    private volatile int _senderThreadId;

    public NetZmqReferenceLoop(int messageSize, int messages)
    {
        _messages = messages;
        _template = new byte[messageSize];
        new Random(messageSize).NextBytes(_template);
        _payload = new byte[messageSize];
        _inbox = new byte[messageSize];
        _receiver = Router(ReceiverId);
        _receiver.Bind("tcp://127.0.0.1:0");
        _sender = Router("s"u8.ToArray());
        _sender.SetOption(SocketOption.Router_Mandatory, 1);
        _sender.Connect(_receiver.GetOptionString(SocketOption.Last_Endpoint));
        SendFirstWhenRoutable();
        ReceiveOne();
        _thread = new Thread(SendOperations) { IsBackground = true, Name = "reference sender" };
        _thread.Start();
        while (_senderThreadId == 0 && OperatingSystem.IsLinux() && _thread.IsAlive)
            Thread.Yield();
    }

    public int SenderThreadId => _senderThreadId;

    public void RunOperation()
    {
        _go.Release();
        for (var i = 0; i < _messages; i++)
            ReceiveOne();

        if (!_done.Wait(Deadline))
        {
            throw new TimeoutException(
                $"the reference sender did not finish within {Deadline.TotalSeconds:0} s");
        }

        if (_senderError is { } error)
            throw new InvalidOperationException($"the reference sender failed: {error.Message}", error);
    }

    /// <summary>Each frame a blocking receive bounded by the socket's receive timeout (which throws).</summary>
    private void ReceiveOne()
    {
        _receiver.Recv(_idInbox);
        var size = _receiver.Recv(_inbox);
        if (size != _inbox.Length)
        {
            throw new InvalidOperationException(
                $"the reference loop received {size} bytes where it sent {_inbox.Length}");
        }
    }

    private void SendOperations()
    {
        _senderThreadId = ThreadPlacement.CurrentThreadId();
        while (true)
        {
            _go.Wait();
            if (_stopping)
                return;

            try
            {
                for (var i = 0; i < _messages; i++)
                {
                    _template.CopyTo(_payload, 0);
                    _sender.Send(ReceiverId, SendFlags.SendMore);
                    _sender.Send(_payload);
                }
            }
            catch (Exception e)
            {
                _senderError = e;
                return;
            }
            finally
            {
                _done.Release();
            }
        }
    }

    /// <summary>A mandatory ROUTER refuses a peer it has not met: retry until routable, within the deadline.</summary>
    private void SendFirstWhenRoutable()
    {
        var started = System.Diagnostics.Stopwatch.GetTimestamp();
        while (true)
        {
            try
            {
                _sender.Send(ReceiverId, SendFlags.SendMore);
                _sender.Send(_payload);
                return;
            }
            catch (ZmqException) when (System.Diagnostics.Stopwatch.GetElapsedTime(started) < Deadline)
            {
                Thread.Sleep(1);
            }
        }
    }

    private Socket Router(byte[] id)
    {
        var socket = new Socket(_context, SocketType.Router);
        socket.SetOption(SocketOption.Routing_Id, id);
        socket.SetOption(SocketOption.Linger, 0);
        socket.SetOption(SocketOption.Sndhwm, HighWaterMark);
        socket.SetOption(SocketOption.Rcvhwm, HighWaterMark);
        socket.SetOption(SocketOption.Rcvtimeo, (int)Deadline.TotalMilliseconds);
        socket.SetOption(SocketOption.Sndtimeo, (int)Deadline.TotalMilliseconds);
        return socket;
    }

    public void Dispose()
    {
        _stopping = true;
        _go.Release();
        _context.Shutdown();
        if (_thread.Join(Deadline))
        {
            _sender.Dispose();
            _receiver.Dispose();
            _context.Dispose();
            _go.Dispose();
            _done.Dispose();
        }
    }
}
