using System.Collections.Concurrent;
using System.Runtime.InteropServices;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Counts one subject's calls into libzmq through its own copy of build/NativeCounter/zmqcount.c's library, which
/// forwards each call to the real file and counts it by function and outcome. Only a counting process, which never
/// times anything, loads it (<see cref="InCountingProcess"/>).
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
            throw new InvalidOperationException($"{LibraryPath} counts {outcomes} outcomes; " +
                $"this suite reads {CallKey.Outcomes.Count} ({string.Join(", ", CallKey.Outcomes)})");
        }

        _keys =
        [
            .. Enumerable.Range(0, functions).SelectMany(f =>
                CallKey.Outcomes.Select(o => CallKey.Of(Marshal.PtrToStringUTF8((nint)name(f))!, o))),
        ];
        _read = (delegate* unmanaged<ulong*, void>)NativeLibrary.GetExport(handle, "zmqcount_read");
    }

    public nint Handle { get; }

    public static bool InCountingProcess => Environment.GetEnvironmentVariable(Variable) == "1";

    public static string LibraryPath => Path.Combine(AppContext.BaseDirectory, "native", "libzmqcount.so");

    /// <summary>Why calls cannot be counted here (build/NativeCounter.targets' verdict); null where they can.</summary>
    public static string? Unavailable
    {
        get
        {
            var verdict = Path.Combine(AppContext.BaseDirectory, "native", "counter.txt");
            if (!File.Exists(verdict))
            {
                return $"no native call counter: {verdict} is missing " +
                    "(build/NativeCounter.targets writes it when a test project is built)";
            }

            var text = File.ReadAllText(verdict).Trim();
            return text == "available" && File.Exists(LibraryPath) ? null
                : text.StartsWith("absent|", StringComparison.Ordinal) ? text["absent|".Length..]
                : $"{verdict}: expected \"available\" or \"absent|<reason>\", found \"{text}\"";
        }
    }

    public static NativeCallCounter? Of(DriverId driver) => Counters.GetValueOrDefault(driver);

    /// <summary>Each subject gets its own copy of the counting library (one file is one copy in the process).</summary>
    public static NativeCallCounter Load(DriverId driver, string realLibrary) =>
        Counters.GetOrAdd(driver, _ => Open(driver.ToString(), realLibrary));

    /// <summary>A counter in a copy named <paramref name="name"/> forwarding to <paramref name="realLibrary"/>.
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
                throw new InvalidOperationException(
                    $"the call counter {name} could not load {realLibrary}: {Marshal.PtrToStringUTF8((nint)error())}");
            }
        }
        finally
        {
            Marshal.FreeCoTaskMem(path);
        }

        return new NativeCallCounter(handle);
    }

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
    public IReadOnlyDictionary<string, long> Between(long[] before, long[] after) => Enumerable.Range(0, _keys.Length)
        .Where(i => after[i] != before[i])
        .ToDictionary(i => _keys[i], i => after[i] - before[i], StringComparer.Ordinal);
}
