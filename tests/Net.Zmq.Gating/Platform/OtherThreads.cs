using System.Diagnostics;
using System.Text;

namespace NetZmqTests.Gating.Platform;

/// <summary>
/// Whether any of the process's other threads still works: the instruction pass waits between sending and receiving
/// until everything sent has reached the receiver's queue. Linux only, read without allocating.
/// </summary>
public static class OtherThreads
{
    /// <summary>Consecutive looks the threads must have rested, <see cref="LookEvery"/> apart.</summary>
    private const int QuietLooks = 3;

    /// <summary>Not 1 ms: beside a CPU hog a woken thread can wait for a CPU longer than three such looks.</summary>
    private static readonly TimeSpan LookEvery = TimeSpan.FromMilliseconds(2);

    /// <summary>The futex system call (x86-64, AArch64): where a thread waits for Valgrind's scheduler lock.</summary>
    private static readonly int[] FutexCalls = [202, 98];

    /// <summary>Why the threads cannot be watched here; null where they can.</summary>
    public static string? Unavailable =>
        !OperatingSystem.IsLinux() ? "threads are watched on Linux only"
        : LinuxThreads.ThreadCpuNanoseconds(LinuxThreads.CurrentThreadId()) < 0
            ? "this kernel does not give a thread's CPU clock by its id"
        : !File.Exists($"/proc/self/task/{LinuxThreads.CurrentThreadId()}/syscall")
            ? "/proc/self/task/*/syscall is missing: a thread's system call cannot be read"
        : null;

    public static IReadOnlySet<int> Now() => LinuxThreads.ProcessThreads().ToHashSet();

    /// <summary>
    /// The threads started since <paramref name="before"/> whose names <paramref name="carries"/> accepts: a
    /// workload's own message carriers, not an earlier one's that linger.
    /// </summary>
    public static IReadOnlySet<int> StartedSince(IReadOnlySet<int> before, Func<string, bool> carries) =>
        LinuxThreads.ProcessThreads().Where(t => !before.Contains(t) && carries(Name(t))).ToHashSet();

    /// <summary>
    /// Waits until no thread but the caller has used any CPU for <see cref="QuietLooks"/> looks in a row, and every
    /// one of <paramref name="carriers"/> sleeps in a system call other than a futex wait (a thread woken and not yet
    /// run uses no CPU either); false when that has not happened within <paramref name="deadline"/>.
    /// </summary>
    public static bool WaitUntilIdle(TimeSpan deadline, IReadOnlySet<int> carriers)
    {
        var self = LinuxThreads.CurrentThreadId();
        var threads = LinuxThreads.ProcessThreads().Where(t => t != self).ToArray();
        var carried = carriers.Select(t => (Stat: Path(t, "stat"), Syscall: Path(t, "syscall"))).ToArray();
        var buffer = new byte[512];
        var last = new long[threads.Length];
        var now = new long[threads.Length];
        Read(threads, last);
        var started = Stopwatch.GetTimestamp();
        var quiet = 0;
        while (quiet < QuietLooks)
        {
            if (Stopwatch.GetElapsedTime(started) > deadline)
                return false;

            Thread.Sleep(LookEvery);
            Read(threads, now);
            quiet = now.AsSpan().SequenceEqual(last) && carried.All(c => AtRest(c.Stat, c.Syscall, buffer))
                ? quiet + 1
                : 0;
            (last, now) = (now, last);
        }

        return true;
    }

    private static void Read(int[] threads, long[] into)
    {
        for (var i = 0; i < threads.Length; i++)
            into[i] = LinuxThreads.ThreadCpuNanoseconds(threads[i]);
    }

    /// <summary>Sleeping (S in its stat) in a system call that is not a futex wait; or gone.</summary>
    private static bool AtRest(byte[] stat, byte[] syscall, byte[] buffer)
    {
        var read = LinuxThreads.ReadProcFile(stat, buffer);
        if (read < 0)
            return true;

        var close = read > 0 ? buffer.AsSpan(0, read).LastIndexOf((byte)')') : -1;
        if (close < 0 || close + 2 >= read || buffer[close + 2] != (byte)'S')
            return false;

        read = LinuxThreads.ReadProcFile(syscall, buffer);
        var call = 0;
        var digits = 0;
        for (; digits < read && buffer[digits] is >= (byte)'0' and <= (byte)'9'; digits++)
            call = (call * 10) + (buffer[digits] - '0');

        return digits > 0 && Array.IndexOf(FutexCalls, call) < 0;
    }

    private static string Name(int thread)
    {
        try
        {
            return File.ReadAllText($"/proc/self/task/{thread}/comm").Trim();
        }
        catch (IOException)
        {
            return "";
        }
    }

    private static byte[] Path(int thread, string file) =>
        Encoding.ASCII.GetBytes($"/proc/self/task/{thread}/{file}\0");
}
