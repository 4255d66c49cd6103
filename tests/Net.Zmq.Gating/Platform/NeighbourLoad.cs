using System.Diagnostics;
using System.Globalization;

namespace NetZmqTests.Gating.Platform;

/// <summary>
/// How much CPU other processes took while something was measured: the machine's busy time (Linux /proc/stat, every
/// CPU) less this process's own CPU time and that of the rest of this test run (<see cref="RunProcesses"/>: the
/// console that relays the run's progress is not a neighbour), over the wall time between two readings, in CPUs (1.0 is
/// one core kept busy, as <c>yes &gt; /dev/null</c> does). A neighbour changes wall-time ratios, not only their spread:
/// beside one, every buffer strategy's time over ByteArray's fell by a fifth here, because ByteArray's garbage
/// collection competes for the cores differently; CPU-time ratios did not move. So the gates judge wall time only where
/// the machine was quiet (<see cref="Gates.GateEvaluator.BusyMachineCpus"/>), and CPU time where it was not. Steal time
/// from other virtual machines is counted where the hypervisor reports it (this one reports nearly none).
/// </summary>
public static class NeighbourLoad
{
    /// <summary>The kernel's clock tick for /proc/stat (USER_HZ, 100 on every Linux the suite runs on).</summary>
    private const double NanosecondsPerTick = 1e9 / 100;

    /// <summary>
    /// A reading: the machine's busy ticks, this process's CPU nanoseconds, the ticks of the run's other processes, and
    /// the wall clock.
    /// </summary>
    public readonly record struct Reading(long MachineBusyTicks, long ProcessCpuNanoseconds, IReadOnlyDictionary<int, long> RunTicks, long Timestamp);

    /// <summary>Now; null where the machine's CPU accounting cannot be read (not Linux).</summary>
    public static Reading? Read()
    {
        if (!CpuClock.IsAvailable || !File.Exists("/proc/stat"))
        {
            return null;
        }

        // "cpu  user nice system idle iowait irq softirq steal …": busy is user, nice, system and steal. Interrupt and
        // softirq time is left out: the kernel spends it on this process's own loopback traffic without charging it
        // to the process, and counting it would make every tcp cell look as if it had a neighbour.
        var fields = File.ReadLines("/proc/stat").First().Split(' ', StringSplitOptions.RemoveEmptyEntries);
        var ticks = fields.Skip(1).Take(8).Select(f => long.Parse(f, CultureInfo.InvariantCulture)).ToArray();
        return new Reading(ticks[0] + ticks[1] + ticks[2] + ticks[7], CpuClock.ProcessNanoseconds(), RunProcesses.TicksNow(), Stopwatch.GetTimestamp());
    }

    /// <summary>
    /// CPUs other processes used on average from <paramref name="from"/> until now; null where either reading cannot be
    /// taken.
    /// </summary>
    public static double? Since(Reading? from) => from is { } start && Read() is { } now ? OtherProcessesCpus(start, now) : null;

    /// <summary>
    /// CPUs other processes used on average between two readings (never below 0: the two clocks tick differently).
    /// </summary>
    public static double OtherProcessesCpus(Reading from, Reading to)
    {
        var wall = Stopwatch.GetElapsedTime(from.Timestamp, to.Timestamp).TotalNanoseconds;
        var machine = (to.MachineBusyTicks - from.MachineBusyTicks) * NanosecondsPerTick;
        var run = RunProcesses.TicksBetween(from.RunTicks, to.RunTicks) * NanosecondsPerTick;
        var others = machine - (to.ProcessCpuNanoseconds - from.ProcessCpuNanoseconds) - run;
        return wall > 0 ? Math.Max(0, others / wall) : 0;
    }
}
