using NetZmqTests.Gating.Platform;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// The concurrent sender: one long-lived background thread per workload, so thread start-up is in no measured
/// operation (Net.Zmq's own benchmarks start a thread inside every operation).
/// </summary>
internal sealed class SenderPump : IDisposable
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

    /// <summary>The sender thread's kernel id on Linux (0 elsewhere, or before it started), for pinning.</summary>
    public int ThreadId => _threadId;

    /// <summary>What the sender thread allocated last operation (read after <see cref="WaitFinished"/>).</summary>
    public long LastOperationBytes => Interlocked.Read(ref _lastOperationBytes);

    public bool ThreadEnded => !_thread.IsAlive;

    public Exception? Failure => _failure;

    public void Start(SendPlan plan)
    {
        _plan = plan;
        _start.Release();
    }

    public bool WaitFinished(TimeSpan deadline) => _finished.Wait(deadline);

    /// <summary>Runs <paramref name="action"/> on the sender thread; false if not done by the deadline.</summary>
    public bool RunOnThread(Action action, TimeSpan deadline)
    {
        _action = action;
        _start.Release();
        return _finished.Wait(deadline);
    }

    private void Run()
    {
        _threadId = ThreadPlacement.CurrentThreadId();
        do
        {
            _start.Wait();
        }
        while (!_stopping && Serve());
    }

    /// <summary>One start: an action, or an operation's sends; false when a failed send ends the thread.</summary>
    private bool Serve()
    {
        var action = _action;
        _action = null;
        try
        {
            if (action is not null)
            {
                action();
                return true;
            }

            var before = GC.GetAllocatedBytesForCurrentThread();
            _sender.SendOperation(_plan);
            Interlocked.Exchange(ref _lastOperationBytes, GC.GetAllocatedBytesForCurrentThread() - before);
            return true;
        }
        catch (Exception e)
        {
            _failure = e;
            return action is not null;
        }
        finally
        {
            _finished.Release();
        }
    }

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
}
