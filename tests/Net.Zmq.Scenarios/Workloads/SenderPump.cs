using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// The concurrent sender: one long-lived background thread per workload that sends an operation's messages each
/// time it is started. Thread start-up is therefore not part of any measured operation (Net.Zmq's own benchmarks
/// start a new receiver thread inside every operation, which puts thread creation into every figure).
/// </summary>
internal sealed partial class SenderPump : IDisposable
{
    private readonly IMessageSender _sender;
    private readonly Thread _thread;
    private readonly SemaphoreSlim _start = new(0);
    private readonly SemaphoreSlim _finished = new(0);
    private SendPlan _plan;
    private Action? _action;
    private volatile Exception? _failure;
    private long _lastOperationBytes;
    private volatile bool _stopping;
    private volatile int _threadId;

    public SenderPump(IMessageSender sender, string name)
    {
        _sender = sender;
        // Background: a stuck sender can never keep the test host alive.
        _thread = new Thread(Run) { IsBackground = true, Name = $"sender {name}" };
        _thread.Start();
    }

    /// <summary>
    /// The sender thread's kernel id on Linux (0 elsewhere, or before the thread has started): what a measurement
    /// needs to pin it to a CPU of its own.
    /// </summary>
    public int ThreadId => _threadId;

    /// <summary>
    /// What the sender thread allocated during its last operation (read after <see cref="WaitFinished"/>).
    /// </summary>
    public long LastOperationBytes => Interlocked.Read(ref _lastOperationBytes);

    public bool ThreadEnded => !_thread.IsAlive;

    /// <summary>The sender's error, once it has failed.</summary>
    public Exception? Failure => _failure;

    public void Start(SendPlan plan)
    {
        _plan = plan;
        _start.Release();
    }

    /// <summary>Waits until the operation's last message has been handed to the driver.</summary>
    public bool WaitFinished(TimeSpan deadline) => _finished.Wait(deadline);

    /// <summary>
    /// Runs <paramref name="action"/> on the sender thread between operations; false when it did not finish within
    /// <paramref name="deadline"/>.
    /// </summary>
    public bool RunOnThread(Action action, TimeSpan deadline)
    {
        _action = action;
        _start.Release();
        return _finished.Wait(deadline);
    }

    private void Run()
    {
        _threadId = OperatingSystem.IsLinux() ? KernelThreadId() : 0;
        while (true)
        {
            _start.Wait();
            if (_stopping)
            {
                return;
            }

            if (_action is { } action)
            {
                _action = null;
                RunAction(action);
                continue;
            }

            try
            {
                var before = GC.GetAllocatedBytesForCurrentThread();
                _sender.SendOperation(_plan);
                Interlocked.Exchange(ref _lastOperationBytes, GC.GetAllocatedBytesForCurrentThread() - before);
            }
            catch (Exception e)
            {
                _failure = e;
                return;
            }
            finally
            {
                _finished.Release();
            }
        }
    }

    private void RunAction(Action action)
    {
        try
        {
            action();
        }
        catch (Exception e)
        {
            _failure = e;
        }
        finally
        {
            _finished.Release();
        }
    }

    /// <summary>Asks the thread to stop and waits for it; the caller aborts blocking calls first.</summary>
    public bool Stop(TimeSpan deadline)
    {
        _stopping = true;
        _start.Release();
        return _thread.Join(deadline);
    }

    public void Dispose()
    {
        _start.Dispose();
        _finished.Dispose();
    }

    [System.Runtime.InteropServices.LibraryImport("libc", EntryPoint = "gettid")]
    private static partial int KernelThreadId();
}
