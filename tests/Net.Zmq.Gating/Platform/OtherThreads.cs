using System.Diagnostics;
using System.Text;

namespace NetZmqTests.Gating.Platform;

/// <summary>
/// The process's other threads as the kernel sees them: whether any of them still works. What the instruction pass
/// waits for between a workload's sending and its receiving, so that everything sent has reached the receiver's queue
/// (a native library's own thread carries it) before the receiver's instructions are counted. Linux only: each
/// thread's CPU clock, read by its id, and for the threads that carry messages their state and system call in /proc,
/// all read without allocating.
/// </summary>
public static class OtherThreads
{
    /// <summary>How long the threads must have rested, in consecutive looks <see cref="LookEvery"/> apart.</summary>
    private const int QuietLooks = 3;

    /// <summary>
    /// Two milliseconds: beside a CPU hog a woken thread (or the kernel's delivery of what it sent) waited for a CPU
    /// longer than three looks one millisecond apart, and the receiver then found its queue short in one repetition of
    /// several.
    /// </summary>
    private static readonly TimeSpan LookEvery = TimeSpan.FromMilliseconds(2);

    /// <summary>
    /// The futex system call (x86-64, AArch64 differ; both checked): what a thread waiting for Valgrind's scheduler
    /// lock sits in.
    /// </summary>
    private static readonly int[] FutexCalls = [202, 98];

    /// <summary>Why the threads cannot be watched here; null where they can.</summary>
    public static string? Unavailable =>
        !OperatingSystem.IsLinux() ? "threads are watched on Linux only"
        : LinuxThreads.ThreadCpuNanoseconds(LinuxThreads.CurrentThreadId()) < 0 ? "this kernel does not give a thread's CPU clock by its id"
        : !File.Exists($"/proc/self/task/{LinuxThreads.CurrentThreadId()}/syscall") ? "/proc/self/task/*/syscall is missing: a thread's system call cannot be read"
        : null;

    /// <summary>Every thread of this process now, by kernel id.</summary>
    public static IReadOnlySet<int> Now() => LinuxThreads.ProcessThreads().ToHashSet();

    /// <summary>
    /// The threads started since <paramref name="before"/> whose names <paramref name="carries"/> accepts: a workload's
    /// own message carriers, not an earlier one's that linger.
    /// </summary>
    public static IReadOnlySet<int> StartedSince(IReadOnlySet<int> before, Func<string, bool> carries) =>
        LinuxThreads.ProcessThreads().Where(t => !before.Contains(t) && carries(Name(t))).ToHashSet();

    /// <summary>
    /// Waits until no thread but the caller has used any CPU for <see cref="QuietLooks"/> looks in a row, and every one
    /// of <paramref name="carriers"/> sleeps in a system call other than a futex wait: woken and not yet run (a busy
    /// machine), or queued for Valgrind's scheduler lock, a thread uses no CPU and is not at rest. False when that has
    /// not happened within <paramref name="deadline"/>.
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
            {
                return false;
            }

            Thread.Sleep(LookEvery);
            Read(threads, now);
            quiet = now.AsSpan().SequenceEqual(last) && carried.All(c => AtRest(c.Stat, c.Syscall, buffer)) ? quiet + 1 : 0;
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

    /// <summary>
    /// Sleeping (S in its stat), in a system call that is not a futex wait; or gone (a library's thread ends when its
    /// context does).
    /// </summary>
    private static bool AtRest(byte[] stat, byte[] syscall, byte[] buffer)
    {
        var read = LinuxThreads.ReadProcFile(stat, buffer);
        if (read < 0)
        {
            return true;
        }

        var close = read > 0 ? buffer.AsSpan(0, read).LastIndexOf((byte)')') : -1;
        if (close < 0 || close + 2 >= read || buffer[close + 2] != (byte)'S')
        {
            return false;
        }

        read = LinuxThreads.ReadProcFile(syscall, buffer);
        var call = 0;
        var digits = 0;
        for (; digits < read && buffer[digits] is >= (byte)'0' and <= (byte)'9'; digits++)
        {
            call = (call * 10) + (buffer[digits] - '0');
        }

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

    private static byte[] Path(int thread, string file) => Encoding.ASCII.GetBytes($"/proc/self/task/{thread}/{file}\0");
}
