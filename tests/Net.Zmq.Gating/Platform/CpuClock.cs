namespace NetZmqTests.Gating.Platform;

/// <summary>The whole process's CPU time: beside wall time it tells work from waiting.</summary>
public static class CpuClock
{
    public static bool IsAvailable { get; } = OperatingSystem.IsLinux() && LinuxThreads.ProcessCpuNanoseconds() >= 0;

    /// <summary>The process's CPU time so far, in nanoseconds; 0 where it cannot be read.</summary>
    public static long ProcessNanoseconds() => IsAvailable ? LinuxThreads.ProcessCpuNanoseconds() : 0;
}
