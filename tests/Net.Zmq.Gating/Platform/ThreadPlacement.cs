namespace NetZmqTests.Gating.Platform;

/// <summary>
/// Where a measurement's threads run, which decides an operation's speed: pinned, the same for every case (the senders
/// on one CPU, every other thread on another), on any machine as on a 2-core one.
/// </summary>
/// <param name="home">The CPU of the measured receiver and every other thread; -1: free.</param>
/// <param name="away">The senders' CPU.</param>
public sealed class ThreadPlacement(string description, ulong original = 0, int home = -1, int away = -1)
{
    private readonly ulong _original = original;
    private readonly ulong _home = home >= 0 ? 1UL << home : 0;
    private readonly ulong _away = home >= 0 ? 1UL << away : 0;

    /// <summary>Pinned where, or why not.</summary>
    public string Description { get; } = description;

    public bool IsPinned => _home != 0;

    /// <summary>The calling thread's kernel id on Linux (what <see cref="Pin"/> takes); 0 elsewhere.</summary>
    public static int CurrentThreadId() => OperatingSystem.IsLinux() ? LinuxThreads.CurrentThreadId() : 0;

    /// <summary>
    /// PERF_PLACEMENT: <c>pinned</c> (default) where the platform allows it, or <c>free</c> (to compare); anything else
    /// is an error naming it.
    /// </summary>
    public static ThreadPlacement FromEnvironment(Func<string, string?> environment)
    {
        var value = environment("PERF_PLACEMENT")?.Trim();
        return string.IsNullOrEmpty(value) || value.Equals("pinned", StringComparison.OrdinalIgnoreCase) ? Pinnable()
            : value.Equals("free", StringComparison.OrdinalIgnoreCase)
                ? new ThreadPlacement("free: every thread left to the scheduler (PERF_PLACEMENT=free)")
                : throw new ArgumentException($"PERF_PLACEMENT={value} is not a placement; known: pinned, free");
    }

    private static ThreadPlacement Pinnable()
    {
        if (!OperatingSystem.IsLinux())
            return new ThreadPlacement("free: threads are pinned on Linux only");

        var allowed = LinuxThreads.GetAffinity(0);
        var cpus = Enumerable.Range(0, 64).Where(cpu => (allowed & (1UL << cpu)) != 0).ToList();
        return cpus.Count < 2
            ? new ThreadPlacement($"free: this process may use {cpus.Count} CPU, and pinning needs two")
            : new ThreadPlacement($"pinned: senders on CPU {cpus[1]}, the measured receiver and every other thread " +
                                  $"on CPU {cpus[0]} (of {cpus.Count} CPUs allowed)", allowed, cpus[0], cpus[1]);
    }

    /// <summary>
    /// Pins <paramref name="senders"/> (kernel thread ids) to one CPU and every other thread to the other, until the
    /// returned scope gives them the process's original CPUs back. Free placement does nothing.
    /// </summary>
    public IDisposable Pin(IReadOnlyCollection<int> senders)
    {
        Place(thread => senders.Contains(thread) ? _away : _home);
        return new Scope(this);
    }

    private void Place(Func<int, ulong> cpus)
    {
        if (!IsPinned)
            return;

        foreach (var thread in LinuxThreads.ProcessThreads())
        {
            // A thread may end between listing and pinning; nothing to do for it then.
            LinuxThreads.SetAffinity(thread, cpus(thread));
        }
    }

    private sealed class Scope(ThreadPlacement placement) : IDisposable
    {
        public void Dispose() => placement.Place(_ => placement._original);
    }
}
