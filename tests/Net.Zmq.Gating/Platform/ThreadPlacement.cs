namespace NetZmqTests.Gating.Platform;

/// <summary>
/// Where a measurement's threads run. On a 2-core machine the sender, the measured receiver and the library's I/O
/// thread share two cores, and where the scheduler happens to put them decides an operation's speed: left free, the
/// same workload ran 64 B operations in 2.9 ms or 4.2 ms depending on placement, and inproc workloads settled into
/// a placement 45 % faster than the next workload's. Pinned, that choice is made once, the same way for every
/// case: the senders on one CPU, every other thread of the process (the measured receiver, the subject's own
/// I/O thread, the runtime's and the test host's threads) on another. Measured here, pinning halved the spread of
/// paired 64 B log-ratios (sd 0.15 to 0.07) and of workload-to-workload means. It also makes a machine with more
/// cores measure like a 2-core one: the run uses two CPUs wherever it runs.
/// </summary>
public sealed class ThreadPlacement
{
    private readonly ulong _original;
    private readonly ulong _home;
    private readonly ulong _away;

    private ThreadPlacement(string description, ulong original = 0, int home = -1, int away = -1)
    {
        Description = description;
        _original = original;
        if (home >= 0)
        {
            _home = 1UL << home;
            _away = 1UL << away;
        }
    }

    /// <summary>What a report says about placement: pinned where, or why not.</summary>
    public string Description { get; }

    public bool IsPinned => _home != 0;

    /// <summary>The calling thread's kernel id on Linux (what <see cref="Pin"/> takes); 0 elsewhere.</summary>
    public static int CurrentThreadId() => OperatingSystem.IsLinux() ? LinuxThreads.CurrentThreadId() : 0;

    /// <summary>
    /// PERF_PLACEMENT: <c>pinned</c> (default) where the platform allows it, or <c>free</c> to leave every thread to
    /// the scheduler (to compare). An unknown value is an error naming it.
    /// </summary>
    public static ThreadPlacement FromEnvironment(Func<string, string?> environment)
    {
        var value = environment("PERF_PLACEMENT")?.Trim();
        if (string.IsNullOrEmpty(value) || value.Equals("pinned", StringComparison.OrdinalIgnoreCase))
        {
            return Pinnable();
        }

        return value.Equals("free", StringComparison.OrdinalIgnoreCase)
            ? new ThreadPlacement("free: every thread left to the scheduler (PERF_PLACEMENT=free)")
            : throw new ArgumentException($"PERF_PLACEMENT={value} is not a placement; known: pinned, free");
    }

    private static ThreadPlacement Pinnable()
    {
        if (!OperatingSystem.IsLinux())
        {
            return new ThreadPlacement("free: threads are pinned on Linux only");
        }

        var allowed = LinuxThreads.GetAffinity(0);
        var cpus = Enumerable.Range(0, 64).Where(cpu => (allowed & (1UL << cpu)) != 0).ToList();
        return cpus.Count < 2
            ? new ThreadPlacement($"free: this process may use {cpus.Count} CPU, and pinning needs two")
            : new ThreadPlacement(
                $"pinned: senders on CPU {cpus[1]}, the measured receiver and every other thread on CPU {cpus[0]} (of {cpus.Count} CPUs allowed)",
                allowed, cpus[0], cpus[1]);
    }

    /// <summary>
    /// Pins <paramref name="senders"/> (kernel thread ids) to one CPU and every other thread of the process to the
    /// other, until the returned scope is disposed, which gives every thread the process's original CPUs back.
    /// Free placement does nothing.
    /// </summary>
    public IDisposable Pin(IReadOnlyCollection<int> senders)
    {
        if (!IsPinned)
        {
            return Scope.Nothing;
        }

        foreach (var thread in LinuxThreads.ProcessThreads())
        {
            // A thread may end between listing and pinning; nothing to do for it then.
            LinuxThreads.SetAffinity(thread, senders.Contains(thread) ? _away : _home);
        }

        return new Scope(this);
    }

    private void Release()
    {
        foreach (var thread in LinuxThreads.ProcessThreads())
        {
            LinuxThreads.SetAffinity(thread, _original);
        }
    }

    private sealed class Scope(ThreadPlacement? placement) : IDisposable
    {
        public static Scope Nothing { get; } = new(null);

        public void Dispose() => placement?.Release();
    }
}
