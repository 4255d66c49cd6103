using System.Runtime.InteropServices;

namespace NetZmqTests.Gating.Platform;

/// <summary>The few Linux calls measurement needs: thread ids, CPU affinity and the process's CPU clock.</summary>
internal static unsafe partial class LinuxThreads
{
    private const string LibC = "libc";
    private const int ClockProcessCpuTime = 2;

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    [LibraryImport(LibC, EntryPoint = "gettid")]
    public static partial int CurrentThreadId();

    [LibraryImport(LibC, EntryPoint = "sched_getaffinity", SetLastError = true)]
    private static partial int SchedGetAffinity(int thread, nuint size, ulong* mask);

    [LibraryImport(LibC, EntryPoint = "sched_setaffinity", SetLastError = true)]
    private static partial int SchedSetAffinity(int thread, nuint size, ulong* mask);

    [LibraryImport(LibC, EntryPoint = "clock_gettime")]
    private static partial int ClockGetTime(int clock, TimeSpec* time);

    /// <summary>CPU time all of this process's threads have used, in nanoseconds; -1 where unreadable.</summary>
    public static long ProcessCpuNanoseconds() => Nanoseconds(ClockProcessCpuTime);

    /// <summary>
    /// CPU time a thread of this process has used, in nanoseconds; -1 when it has ended. The kernel's clock of one
    /// thread by its id (MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)): a system call, no file to read.
    /// </summary>
    public static long ThreadCpuNanoseconds(int thread) => Nanoseconds((~thread << 3) | 6);

    private static long Nanoseconds(int clock)
    {
        TimeSpec time;
        return ClockGetTime(clock, &time) == 0 ? (time.Seconds * 1_000_000_000) + time.Nanoseconds : -1;
    }

    /// <summary>The CPUs (up to 64) a thread may run on, as a bit mask; 0 when it cannot be read.</summary>
    public static ulong GetAffinity(int thread)
    {
        ulong mask = 0;
        return SchedGetAffinity(thread, sizeof(ulong), &mask) == 0 ? mask : 0;
    }

    /// <summary>Restricts a thread to the CPUs in <paramref name="mask"/>; false when it is gone or refused.</summary>
    public static bool SetAffinity(int thread, ulong mask) => SchedSetAffinity(thread, sizeof(ulong), &mask) == 0;

    [LibraryImport(LibC, EntryPoint = "open")]
    private static partial int Open(byte* path, int flags);

    [LibraryImport(LibC, EntryPoint = "read")]
    private static partial nint Read(int file, byte* buffer, nuint count);

    [LibraryImport(LibC, EntryPoint = "close")]
    private static partial int Close(int file);

    /// <summary>
    /// Reads a small file of /proc into <paramref name="buffer"/> by its NUL-terminated path, allocating nothing; the
    /// bytes read, or -1.
    /// </summary>
    public static int ReadProcFile(byte[] nulTerminatedPath, byte[] buffer)
    {
        fixed (byte* path = nulTerminatedPath)
        fixed (byte* into = buffer)
        {
            var file = Open(path, 0);
            if (file < 0)
                return -1;

            var read = Read(file, into, (nuint)buffer.Length);
            _ = Close(file);
            return (int)read;
        }
    }

    /// <summary>Every thread of this process, by kernel thread id.</summary>
    public static IEnumerable<int> ProcessThreads() => Ids("/proc/self/task");

    /// <summary>The numbered folders of a /proc folder (its processes, or a process's threads), by id.</summary>
    public static IEnumerable<int> Ids(string folder) => Directory.EnumerateDirectories(folder)
        .Select(d => int.TryParse(Path.GetFileName(d), out var id) ? id : 0).Where(id => id > 0);
}
