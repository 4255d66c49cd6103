using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// One case's workload: the measured receiver on the calling thread, a concurrent sender on its own thread, in the
/// case's pattern, transport, receive mode and buffer strategy. Opening it sets everything up and proves the
/// route or subscription (a hello that must arrive, then a ready marker); <see cref="RunOperation"/> is one
/// operation, the thing a benchmark times. Correctness runs exactly this code.
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

    /// <summary>
    /// How long the handshake waits for one hello before sending another (a PUB's are dropped until SUB's subscription
    /// arrives).
    /// </summary>
    private static readonly TimeSpan HelloInterval = TimeSpan.FromMilliseconds(20);

    private MessageWorkload(string name, ZmqDriver senderDriver, ZmqDriver receiverDriver, WorkloadShape shape, WorkloadOptions options)
    {
        _name = name;
        _options = options;
        _opened = shape;
        _variant = shape;
        var setup = new Stack<IDisposable>();
        try
        {
            _receiverSession = receiverDriver.OpenSession(options);
            setup.Push(_receiverSession);
            // One context per driver: a same-driver workload shares it, as Net.Zmq's own benchmarks do.
            _senderSession = senderDriver == receiverDriver ? null : senderDriver.OpenSession(options);
            if (_senderSession is not null)
            {
                setup.Push(_senderSession);
            }

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
            while (setup.Count > 0)
            {
                setup.Pop().Dispose();
            }

            throw new WorkloadFaultException(FaultKind.DriverError, $"{name}: setup failed: {e.Message}", e);
        }
    }

    /// <summary>Opens the workload of a catalog case: sender and receiver from the case's driver.</summary>
    public static MessageWorkload Open(CaseDefinition definition, WorkloadOptions options)
    {
        var driver = ZmqDrivers.Get(definition.Driver);
        return new MessageWorkload(definition.Id, driver, driver, WorkloadShape.Of(definition), options);
    }

    /// <summary>
    /// Opens a cross-driver workload over tcp: <paramref name="sender"/>'s sender talks to
    /// <paramref name="receiver"/>'s receiver.
    /// </summary>
    public static MessageWorkload OpenInterop(ZmqDriver sender, ZmqDriver receiver, WorkloadShape shape, WorkloadOptions options) =>
        new($"{sender.Id}->{receiver.Id}/{shape}", sender, receiver, shape, options);

    /// <summary>
    /// The next operations run <paramref name="variant"/>: another receive mode or buffer strategy of the same group
    /// (same driver, pattern, transport and size) on the same sockets, sender and threads, with
    /// <paramref name="injected"/> applied to every received message (PERF_INJECT; null for none). This is what lets
    /// a case and its reference be measured in alternating operations on one workload, where the machine's drift
    /// and the threads' placement are the same for both.
    /// </summary>
    public void Use(CaseDefinition variant, InjectedLoad? injected = null)
    {
        var shape = WorkloadShape.Of(variant);
        if (shape with { Mode = _opened.Mode, Strategy = _opened.Strategy } != _opened)
        {
            throw new ArgumentException($"{_name}: {variant.Id} is not a variant of this workload ({_opened}): only the receive mode and strategy may differ",
                nameof(variant));
        }

        _receiver.Use(shape);
        _variant = shape;
        _ledger.Injected = injected;
        if (injected is not null)
        {
            injected.Receiver = _receiver;
        }
    }

    /// <summary>
    /// Managed bytes the sender thread allocated during the last operation (the receiver's are the caller's own
    /// thread's).
    /// </summary>
    public long SenderBytesLastOperation => _pump.LastOperationBytes;

    /// <summary>
    /// The sender thread's kernel id (Linux; 0 elsewhere): the thread a measurement pins apart from the receiver.
    /// </summary>
    public int SenderThreadId => _pump.ThreadId;

    /// <summary>True once the sender's thread has ended (after <see cref="Dispose"/>, or when it died).</summary>
    public bool SenderThreadEnded => _pump.ThreadEnded;

    /// <summary>The sender's zero-copy buffers so far: handed to the library, and released by it.</summary>
    public ZeroCopyCounts ZeroCopy => _sender.ZeroCopy;

    /// <summary>
    /// One operation: <see cref="CaseCatalog.MessagesPerOperation"/> messages from the sender, each checked by the
    /// receiver, and the sender done. A fault throws <see cref="WorkloadFaultException"/> and poisons the workload.
    /// </summary>
    public void RunOperation(MessageFault? fault = null) => Run(CaseCatalog.MessagesPerOperation, fault);

    /// <summary>
    /// Sends and checks <paramref name="messages"/> messages, exactly like an operation but shorter: what a new
    /// workload runs before it is timed, so that connection buffers have grown and every thread has run once.
    /// </summary>
    public void Settle(int messages = 1000) => Run(messages, fault: null);

    private void Run(int messages, MessageFault? fault, Action? sent = null)
    {
        if (_poisoned is not null)
        {
            throw new InvalidOperationException($"{_name}: an earlier operation failed, so this workload is unusable: {_poisoned.Message}");
        }

        _ledger.BeginOperation(messages);
        _pump.Start(new SendPlan(_ledger.Next, messages, fault, _variant.Strategy));
        try
        {
            if (sent is not null)
            {
                SentFirst(sent);
            }

            _receiver.ReceiveOperation(_ledger, messages);
            if (sent is null && !_pump.WaitFinished(_options.IdleTimeout))
            {
                throw new TimeoutException($"every message arrived, but the sender did not return within {_options.IdleTimeout.TotalSeconds:0.#} s");
            }

            if (_pump.Failure is { } failure)
            {
                throw failure;
            }
        }
        catch (Exception e)
        {
            _poisoned = Describe(e);
            throw _poisoned;
        }
    }

    private WorkloadFaultException Describe(Exception e)
    {
        var progress = $"{_ledger.AcceptedInOperation:N0} of {_ledger.ExpectedInOperation:N0} messages received in this operation";
        var sender = _pump.Failure is { } failure && failure != e ? $"; the sender had failed: {failure.Message}" : "";
        return e switch
        {
            MessageFaultException fault => new WorkloadFaultException(fault.Kind, $"{_name}: {fault.Message} ({progress})", e),
            TimeoutException when _pump.Failure is not null =>
                new WorkloadFaultException(FaultKind.SenderFailed, $"{_name}: {e.Message} ({progress}){sender}", e),
            TimeoutException => new WorkloadFaultException(FaultKind.Timeout, $"{_name}: {e.Message} ({progress})", e),
            _ when e == _pump.Failure => new WorkloadFaultException(FaultKind.SenderFailed, $"{_name}: the sender failed: {e.Message} ({progress})", e),
            _ => new WorkloadFaultException(FaultKind.DriverError, $"{_name}: {e.Message} ({progress}){sender}", e),
        };
    }

    /// <summary>
    /// Aborts blocking calls and closes the receiver first (so a sender blocked on a full pipe is released), then
    /// stops the sender and closes the rest. If the sender thread outlived every deadline, its socket is left open
    /// rather than closed under it, and so is its context (terminating a context waits for all its sockets).
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
