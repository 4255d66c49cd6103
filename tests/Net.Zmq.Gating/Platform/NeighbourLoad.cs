using System.Diagnostics;
using System.Globalization;

namespace NetZmqTests.Gating.Platform;

/// <summary>
/// CPUs other processes took while something was measured: the machine's busy time less this test run's
/// (<see cref="RunProcesses"/>). A neighbour shifts wall-time ratios, not CPU-time ones, so the gates judge wall time
/// only where the machine was quiet (<see cref="Gates.GateEvaluator.BusyMachineCpus"/>).
/// </summary>
public static class NeighbourLoad
{
    /// <summary>USER_HZ, /proc/stat's tick: 100 on every Linux the suite runs on.</summary>
    private const double NanosecondsPerTick = 1e9 / 100;

    public readonly record struct Reading(
        long MachineBusyTicks, long ProcessCpuNanoseconds, IReadOnlyDictionary<int, long> RunTicks, long Timestamp);

    /// <summary>Now; null where the machine's CPU accounting cannot be read.</summary>
    public static Reading? Read()
    {
        if (!CpuClock.IsAvailable || !File.Exists("/proc/stat"))
            return null;

        // "cpu  user nice system idle iowait irq softirq steal …": busy is user, nice, system and steal; not
        // interrupts, which the kernel spends on this process's own loopback traffic without charging it.
        var fields = File.ReadLines("/proc/stat").First().Split(' ', StringSplitOptions.RemoveEmptyEntries);
        var ticks = fields.Skip(1).Take(8).Select(f => long.Parse(f, CultureInfo.InvariantCulture)).ToArray();
        return new Reading(ticks[0] + ticks[1] + ticks[2] + ticks[7], CpuClock.ProcessNanoseconds(),
            RunProcesses.TicksNow(), Stopwatch.GetTimestamp());
    }

    /// <summary>CPUs other processes used from <paramref name="from"/> until now; null where unreadable.</summary>
    public static double? Since(Reading? from) =>
        from is { } start && Read() is { } now ? OtherProcessesCpus(start, now) : null;

    /// <summary>CPUs other processes used between two readings (never below 0: the clocks tick differently).</summary>
    public static double OtherProcessesCpus(Reading from, Reading to)
    {
        var wall = Stopwatch.GetElapsedTime(from.Timestamp, to.Timestamp).TotalNanoseconds;
        var machine = (to.MachineBusyTicks - from.MachineBusyTicks) * NanosecondsPerTick;
        var run = RunProcesses.TicksBetween(from.RunTicks, to.RunTicks) * NanosecondsPerTick;
        var others = machine - (to.ProcessCpuNanoseconds - from.ProcessCpuNanoseconds) - run;
        return wall > 0 ? Math.Max(0, others / wall) : 0;
    }
}
