using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// One case's workload: the measured receiver on the calling thread, a concurrent sender on its own. Opening it sets
/// everything up and proves the route (a hello, then a ready marker); <see cref="RunOperation"/> is what a benchmark
/// times. Correctness runs exactly this code.
/// </summary>
public sealed partial class MessageWorkload : IDisposable
{
    private readonly string _name;
    private readonly WorkloadOptions _options;
    private readonly IDriverSession _receiverSession;
    private readonly IDriverSession? _senderSession;
    private readonly MessageReceiver _receiver;
    private readonly IMessageSender _sender;
    private readonly SenderPump _pump;
    private readonly ReceiveLedger _ledger;
    private readonly WorkloadShape _opened;
    private WorkloadShape _variant;
    private WorkloadFaultException? _poisoned;

    /// <summary>How long the handshake waits for one hello before sending another.</summary>
    private static readonly TimeSpan HelloInterval = TimeSpan.FromMilliseconds(20);

    /// <summary>One context per driver: a same-driver workload shares it, as Net.Zmq's own benchmarks do.</summary>
    private MessageWorkload(
        string name, ZmqDriver senderDriver, ZmqDriver receiverDriver, WorkloadShape shape, WorkloadOptions options)
    {
        _name = name;
        _options = options;
        _opened = shape;
        _variant = shape;
        var setup = new Stack<IDisposable?>();
        try
        {
            _receiverSession = receiverDriver.OpenSession(options);
            setup.Push(_receiverSession);
            _senderSession = senderDriver == receiverDriver ? null : senderDriver.OpenSession(options);
            setup.Push(_senderSession);

            _receiver = _receiverSession.BindReceiver(shape);
            setup.Push(_receiver);
            _sender = (_senderSession ?? _receiverSession).ConnectSender(_receiver.Endpoint, shape);
            setup.Push(_sender);
            Handshake(options.HandshakeTimeout);
            _ledger = new ReceiveLedger(shape.MessageSize, options.VerifyContent);
            _pump = new SenderPump(_sender, name);
        }
        catch (Exception e)
        {
            foreach (var done in setup)
                done?.Dispose();

            throw new WorkloadFaultException(FaultKind.DriverError, $"{name}: setup failed: {e.Message}", e);
        }
    }

    public static MessageWorkload Open(CaseDefinition definition, WorkloadOptions options)
    {
        var driver = ZmqDrivers.Get(definition.Driver);
        return new MessageWorkload(definition.Id, driver, driver, WorkloadShape.Of(definition), options);
    }

    /// <summary>A cross-driver workload over tcp: <paramref name="sender"/>'s sender to the other's receiver.</summary>
    public static MessageWorkload OpenInterop(
        ZmqDriver sender, ZmqDriver receiver, WorkloadShape shape, WorkloadOptions options) =>
        new($"{sender.Id}->{receiver.Id}/{shape}", sender, receiver, shape, options);

    /// <summary>
    /// The next operations run <paramref name="variant"/> (another receive mode or strategy) on the same sockets and
    /// threads, with <paramref name="injected"/> applied per message: a case and its reference can then alternate
    /// operations on one workload, under the same drift and thread placement.
    /// </summary>
    public void Use(CaseDefinition variant, InjectedLoad? injected = null)
    {
        var shape = WorkloadShape.Of(variant);
        if (shape with { Mode = _opened.Mode, Strategy = _opened.Strategy } != _opened)
        {
            throw new ArgumentException(
                $"{_name}: {variant.Id} is not a variant of this workload ({_opened}): only the receive mode and " +
                "strategy may differ", nameof(variant));
        }

        _receiver.Use(shape);
        _variant = shape;
        _ledger.Injected = injected;
        if (injected is not null)
            injected.Receiver = _receiver;
    }

    /// <summary>Managed bytes the sender thread allocated during the last operation.</summary>
    public long SenderBytesLastOperation => _pump.LastOperationBytes;

    /// <summary>The sender thread's kernel id (Linux; 0 elsewhere), which a measurement pins apart.</summary>
    public int SenderThreadId => _pump.ThreadId;

    /// <summary>True once the sender's thread has ended (after <see cref="Dispose"/>, or when it died).</summary>
    public bool SenderThreadEnded => _pump.ThreadEnded;

    public ZeroCopyCounts ZeroCopy => _sender.ZeroCopy;

    /// <summary>
    /// <see cref="CaseCatalog.MessagesPerOperation"/> messages, each checked. A fault throws
    /// <see cref="WorkloadFaultException"/> and poisons the workload.
    /// </summary>
    public void RunOperation(MessageFault? fault = null) => Run(CaseCatalog.MessagesPerOperation, fault);

    /// <summary>A short operation run before timing, so connection buffers grow and every thread has run.</summary>
    public void Settle(int messages = 1000) => Run(messages, fault: null);

    private void Run(int messages, MessageFault? fault, Action? sent = null)
    {
        if (_poisoned is not null)
        {
            throw new InvalidOperationException(
                $"{_name}: an earlier operation failed, so this workload is unusable: {_poisoned.Message}");
        }

        _ledger.BeginOperation(messages);
        _pump.Start(new SendPlan(_ledger.Next, messages, fault, _variant.Strategy));
        try
        {
            if (sent is not null)
            {
                // The sender's whole operation first (failing as it would have), then sent.
                AwaitSender("the sender did not send its messages within ", " s with nothing receiving");
                sent();
            }

            _receiver.ReceiveOperation(_ledger, messages);
            if (sent is null)
                AwaitSender("every message arrived, but the sender did not return within ", " s");
        }
        catch (Exception e)
        {
            _poisoned = Describe(e);
            throw _poisoned;
        }
    }

    private WorkloadFaultException Describe(Exception e)
    {
        var progress =
            $"{_ledger.AcceptedInOperation:N0} of {_ledger.ExpectedInOperation:N0} messages received in this operation";
        var sender = _pump.Failure is { } failure && failure != e ? $"; the sender had failed: {failure.Message}" : "";
        return e switch
        {
            MessageFaultException fault =>
                new WorkloadFaultException(fault.Kind, $"{_name}: {fault.Message} ({progress})", e),
            TimeoutException when _pump.Failure is not null =>
                new WorkloadFaultException(FaultKind.SenderFailed, $"{_name}: {e.Message} ({progress}){sender}", e),
            TimeoutException => new WorkloadFaultException(FaultKind.Timeout, $"{_name}: {e.Message} ({progress})", e),
            _ when e == _pump.Failure => new WorkloadFaultException(
                FaultKind.SenderFailed, $"{_name}: the sender failed: {e.Message} ({progress})", e),
            _ => new WorkloadFaultException(FaultKind.DriverError, $"{_name}: {e.Message} ({progress}){sender}", e),
        };
    }

    /// <summary>
    /// Aborts blocking calls and closes the receiver first (releasing a sender blocked on a full pipe). A sender thread
    /// that outlived every deadline keeps its socket and context open rather than closed under it.
    /// </summary>
    public void Dispose()
    {
        _receiverSession.Abort();
        _senderSession?.Abort();
        _receiver.Dispose();
        if (_pump.Stop(_options.IdleTimeout + TimeSpan.FromSeconds(1)))
        {
            _sender.Dispose();
            _pump.Dispose();
            _senderSession?.Dispose();
            _receiverSession.Dispose();
        }
        else if (_senderSession is not null)
        {
            _receiverSession.Dispose();
        }
    }
}
