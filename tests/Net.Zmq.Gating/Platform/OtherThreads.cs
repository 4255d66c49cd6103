using System.Diagnostics;

namespace NetZmqTests.Gating.Platform;

/// <summary>
/// The process's other threads as the kernel sees them: whether any of them still runs. What the instruction pass
/// waits for between a workload's sending and its receiving, so that everything sent has reached the receiver's queue
/// (a native library's own thread carries it) before the receiver's instructions are counted. Linux only: each
/// thread's CPU clock, read by its id, which allocates nothing and costs a system call.
/// </summary>
public static class OtherThreads
{
    /// <summary>How long every other thread must have used no CPU, in consecutive looks one millisecond apart.</summary>
    private const int QuietLooks = 3;

    /// <summary>Why the threads cannot be watched here; null where they can.</summary>
    public static string? Unavailable =>
        !OperatingSystem.IsLinux() ? "threads are watched on Linux only"
        : LinuxThreads.ThreadCpuNanoseconds(LinuxThreads.CurrentThreadId()) < 0 ? "this kernel does not give a thread's CPU clock by its id"
        : null;

    /// <summary>
    /// Waits until no thread but the caller has used any CPU for <see cref="QuietLooks"/> looks in a row; false when that
    /// has not happened within <paramref name="deadline"/> (a thread that never rests).
    /// </summary>
    public static bool WaitUntilIdle(TimeSpan deadline)
    {
        var self = LinuxThreads.CurrentThreadId();
        var threads = LinuxThreads.ProcessThreads().Where(t => t != self).ToArray();
        var last = new long[threads.Length];
        var now = new long[threads.Length];
        Read(threads, last);
        var started = Stopwatch.GetTimestamp();
        var quiet = 0;
        while (quiet < QuietLooks)
        {
            if (Stopwatch.GetElapsedTime(started) > deadline)
            {
                return false;
            }

            Thread.Sleep(1);
            Read(threads, now);
            quiet = now.AsSpan().SequenceEqual(last) ? quiet + 1 : 0;
            (last, now) = (now, last);
        }

        return true;
    }

    private static void Read(int[] threads, long[] into)
    {
        for (var i = 0; i < threads.Length; i++)
        {
            into[i] = LinuxThreads.ThreadCpuNanoseconds(threads[i]);
        }
    }
}
