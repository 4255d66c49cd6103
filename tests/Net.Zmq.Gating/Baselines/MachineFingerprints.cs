using System.Runtime;
using System.Runtime.InteropServices;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Baselines;

public static class MachineFingerprints
{
    /// <summary>
    /// Test only: names another CPU model, so that a run here is of a class the baselines do not have. Never for
    /// committed baselines.
    /// </summary>
    public const string TestCpuModelVariable = "PERF_TEST_CPU_MODEL";

    /// <summary>This process's machine, under <see cref="TestCpuModelVariable"/>'s CPU model where set.</summary>
    public static MachineFingerprint Current(Platform.ThreadPlacement placement, Func<string, string?> environment) => new(
        environment(TestCpuModelVariable) is { Length: > 0 } pretend ? $"{pretend.Trim()} ({TestCpuModelVariable}, test only; really {CpuModel()})" : CpuModel(),
        Environment.ProcessorCount,
        RuntimeInformation.OSDescription,
        $"{RuntimeInformation.FrameworkDescription} {RuntimeInformation.ProcessArchitecture}",
        GarbageCollector(),
        BenchmarkSession.BenchmarkDotNetVersion,
        placement.Description,
        CpuSignature(File.Exists(CpuInfo) ? File.ReadLines(CpuInfo) : []),
        File.Exists(KernelRelease)
            ? $"Linux {File.ReadAllText(KernelRelease).Trim()}"
            : $"{Environment.OSVersion.Platform} {Environment.OSVersion.Version}");

    private const string CpuInfo = "/proc/cpuinfo";
    private const string KernelRelease = "/proc/sys/kernel/osrelease";

    /// <summary>
    /// The processor's generation from /proc/cpuinfo: x86's family, model and stepping; ARM's implementer, part and
    /// revision; else null.
    /// </summary>
    public static string? CpuSignature(IEnumerable<string> cpuInfo)
    {
        var fields = FirstCpu(cpuInfo);
        string? Join(params (string Field, string Shown)[] parts) => parts.All(p => fields.ContainsKey(p.Field))
            ? string.Join(' ', parts.Select(p => $"{p.Shown} {fields[p.Field]}"))
            : null;
        return Join(("cpu family", "family"), ("model", "model"), ("stepping", "stepping"))
               ?? Join(("CPU implementer", "implementer"), ("CPU part", "part"), ("CPU revision", "revision"));
    }

    /// <summary>The fields of /proc/cpuinfo's first processor.</summary>
    private static Dictionary<string, string> FirstCpu(IEnumerable<string> cpuInfo) => cpuInfo
        .TakeWhile(l => l.Length > 0)
        .Select(l => (Line: l, Colon: l.IndexOf(':', StringComparison.Ordinal)))
        .Where(l => l.Colon > 0)
        .Select(l => (Field: l.Line[..l.Colon].Trim(), Value: l.Line[(l.Colon + 1)..].Trim()))
        .DistinctBy(f => f.Field, StringComparer.Ordinal)
        .ToDictionary(f => f.Field, f => f.Value, StringComparer.Ordinal);

    private static string GarbageCollector()
    {
        var flavour = GCSettings.IsServerGC ? "Server" : "Workstation";
        var concurrent = AppContext.TryGetSwitch("System.GC.Concurrent", out var on) && !on ? "non-concurrent" : "concurrent";
        return $"{flavour}, {concurrent}, latency {GCSettings.LatencyMode}";
    }

    private static string CpuModel() =>
        (File.Exists(CpuInfo) ? FirstCpu(File.ReadLines(CpuInfo)).GetValueOrDefault("model name") : null)
        ?? $"{RuntimeInformation.ProcessArchitecture} (model not visible on this OS)";
}
