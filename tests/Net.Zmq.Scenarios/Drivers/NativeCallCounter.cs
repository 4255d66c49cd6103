using System.Collections.Concurrent;
using System.Runtime.InteropServices;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Counts one subject's calls into libzmq (build/NativeCounter/zmqcount.c, compiled at build time beside the test
/// assembly): a copy of the counting library per subject, which forwards every call to the libzmq file the subject
/// would load and counts it by function and outcome. Only a counting process loads it
/// (<see cref="InCountingProcess"/>): there the floor's and each Net.Zmq build's "libzmq" is their counter, and no
/// timed operation ever runs in such a process.
/// </summary>
public sealed unsafe class NativeCallCounter
{
    /// <summary>Set to 1 in the process a Perf run starts to count calls; never in a measuring one.</summary>
    public const string Variable = "PERF_COUNTING_PROCESS";

    private static readonly ConcurrentDictionary<DriverId, NativeCallCounter> Counters = new();

    private readonly delegate* unmanaged<ulong*, void> _read;
    private readonly string[] _keys;

    private NativeCallCounter(nint handle)
    {
        Handle = handle;
        var functions = ((delegate* unmanaged<int>)NativeLibrary.GetExport(handle, "zmqcount_functions"))();
        var outcomes = ((delegate* unmanaged<int>)NativeLibrary.GetExport(handle, "zmqcount_outcomes"))();
        var name = (delegate* unmanaged<int, byte*>)NativeLibrary.GetExport(handle, "zmqcount_name");
        if (outcomes != CallKey.Outcomes.Count)
        {
            throw new InvalidOperationException($"{LibraryPath} counts {outcomes} outcomes; this suite reads {CallKey.Outcomes.Count} ({string.Join(", ", CallKey.Outcomes)})");
        }

        _keys = [.. Enumerable.Range(0, functions).SelectMany(f => CallKey.Outcomes.Select(o => CallKey.Of(Marshal.PtrToStringUTF8((nint)name(f))!, o)))];
        _read = (delegate* unmanaged<ulong*, void>)NativeLibrary.GetExport(handle, "zmqcount_read");
    }

    /// <summary>The counter's handle: what the subject's "libzmq" resolves to.</summary>
    public nint Handle { get; }

    public static bool InCountingProcess => Environment.GetEnvironmentVariable(Variable) == "1";

    public static string LibraryPath => Path.Combine(AppContext.BaseDirectory, "native", "libzmqcount.so");

    /// <summary>
    /// Why calls cannot be counted here (the build's verdict, build/NativeCounter.targets); null where they can.
    /// </summary>
    public static string? Unavailable
    {
        get
        {
            var verdict = Path.Combine(AppContext.BaseDirectory, "native", "counter.txt");
            if (!File.Exists(verdict))
            {
                return $"no native call counter: {verdict} is missing (build/NativeCounter.targets writes it when a test project is built)";
            }

            var text = File.ReadAllText(verdict).Trim();
            return text == "available" && File.Exists(LibraryPath) ? null
                : text.StartsWith("absent|", StringComparison.Ordinal) ? text["absent|".Length..]
                : $"{verdict}: expected \"available\" or \"absent|<reason>\", found \"{text}\"";
        }
    }

    /// <summary>The counter of <paramref name="driver"/>, where this process loaded one for it.</summary>
    public static NativeCallCounter? Of(DriverId driver) => Counters.GetValueOrDefault(driver);

    /// <summary>
    /// A counter for <paramref name="driver"/> that forwards to <paramref name="realLibrary"/>: a copy of the counting
    /// library of its own (one file is one copy in the process, so each subject's counts stay its own).
    /// </summary>
    public static NativeCallCounter Load(DriverId driver, string realLibrary) => Counters.GetOrAdd(driver, _ => Open(driver.ToString(), realLibrary));

    /// <summary>
    /// A counter of its own, named <paramref name="name"/> (its copy's file name), forwarding to
    /// <paramref name="realLibrary"/>: what <see cref="Load"/> and the counter's tests use.
    /// </summary>
    public static NativeCallCounter Open(string name, string realLibrary)
    {
        var folder = Path.Combine(Path.GetTempPath(), $"zmqcount-{Environment.ProcessId}");
        Directory.CreateDirectory(folder);
        var copy = Path.Combine(folder, $"{name}.so");
        File.Copy(LibraryPath, copy, overwrite: true);
        var handle = NativeLibrary.Load(copy);
        var open = (delegate* unmanaged<byte*, int>)NativeLibrary.GetExport(handle, "zmqcount_open");
        var path = Marshal.StringToCoTaskMemUTF8(realLibrary);
        try
        {
            if (open((byte*)path) != 0)
            {
                var error = (delegate* unmanaged<byte*>)NativeLibrary.GetExport(handle, "zmqcount_error");
                throw new InvalidOperationException($"the call counter {name} could not load {realLibrary}: {Marshal.PtrToStringUTF8((nint)error())}");
            }
        }
        finally
        {
            Marshal.FreeCoTaskMem(path);
        }

        return new NativeCallCounter(handle);
    }

    /// <summary>Every call counted so far, by <see cref="CallKey"/>.</summary>
    public long[] Read()
    {
        var counts = new ulong[_keys.Length];
        fixed (ulong* into = counts)
        {
            _read(into);
        }

        return [.. counts.Select(c => (long)c)];
    }

    /// <summary>The calls made between two <see cref="Read"/>s, the zero ones left out.</summary>
    public IReadOnlyDictionary<string, long> Between(long[] before, long[] after) =>
        Enumerable.Range(0, _keys.Length).Where(i => after[i] != before[i]).ToDictionary(i => _keys[i], i => after[i] - before[i], StringComparer.Ordinal);
}
