namespace NetZmqTests.Gating.Platform;

/// <summary>
/// CPU time used by the whole process: every thread's, the subjects' own I/O threads included, and none of the
/// time spent waiting. Beside wall time it tells work from waiting: a neighbour that takes a core stretches an
/// operation's wall time but not its CPU time.
/// </summary>
public static class CpuClock
{
    /// <summary>True where the process CPU clock can be read (Linux).</summary>
    public static bool IsAvailable { get; } = OperatingSystem.IsLinux() && LinuxThreads.ProcessCpuNanoseconds() >= 0;

    /// <summary>The process's CPU time so far, in nanoseconds; 0 where <see cref="IsAvailable"/> is false.</summary>
    public static long ProcessNanoseconds() => IsAvailable ? LinuxThreads.ProcessCpuNanoseconds() : 0;
}
