namespace NetZmqTests.Gating.Platform;

/// <summary>
/// CPU time used by the whole process, every thread's: beside wall time it tells work from waiting, since a neighbour
/// that takes a core stretches an operation's wall time but not its CPU time.
/// </summary>
public static class CpuClock
{
    public static bool IsAvailable { get; } = OperatingSystem.IsLinux() && LinuxThreads.ProcessCpuNanoseconds() >= 0;

    /// <summary>The process's CPU time so far, in nanoseconds; 0 where it cannot be read.</summary>
    public static long ProcessNanoseconds() => IsAvailable ? LinuxThreads.ProcessCpuNanoseconds() : 0;
}
