using System.Runtime;
using System.Runtime.InteropServices;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Baselines;

public static class MachineFingerprints
{
    /// <summary>This process's machine, runtime, GC and thread placement, as the baseline and the report record them.</summary>
    public static MachineFingerprint Current(Platform.ThreadPlacement placement) => new(
        CpuModel(),
        Environment.ProcessorCount,
        RuntimeInformation.OSDescription,
        $"{RuntimeInformation.FrameworkDescription} {RuntimeInformation.ProcessArchitecture}",
        GarbageCollector(),
        BenchmarkSession.BenchmarkDotNetVersion,
        placement.Description);

    private static string GarbageCollector()
    {
        var flavour = GCSettings.IsServerGC ? "Server" : "Workstation";
        var concurrent = AppContext.TryGetSwitch("System.GC.Concurrent", out var on) && !on ? "non-concurrent" : "concurrent";
        return $"{flavour}, {concurrent}, latency {GCSettings.LatencyMode}";
    }

    private static string CpuModel()
    {
        const string cpuInfo = "/proc/cpuinfo";
        if (File.Exists(cpuInfo))
        {
            var line = File.ReadLines(cpuInfo).FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal));
            if (line is not null)
            {
                return line[(line.IndexOf(':', StringComparison.Ordinal) + 1)..].Trim();
            }
        }

        return $"{RuntimeInformation.ProcessArchitecture} (model not visible on this OS)";
    }
}
