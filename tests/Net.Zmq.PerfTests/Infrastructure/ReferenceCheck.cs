using System.Diagnostics;
using System.Globalization;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Statistics;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// What the reference check found: the suite's operation time over the minimal loop's, in wall time and in process CPU
/// time, both rates, and how busy the rest of the machine was meanwhile (<see cref="NeighbourLoad"/>).
/// </summary>
public sealed record ReferenceComparison(string CaseId, RatioEstimate Ratio, RatioEstimate CpuRatio, double SuiteMessagesPerSecond,
    double ReferenceMessagesPerSecond, string Placement, double NeighbourCpus)
{
    /// <summary>The suite may take at most this much longer, or shorter, than the minimal loop.</summary>
    public const double Tolerance = 0.10;

    /// <summary>
    /// Beside a busy neighbour wall time is stretched unevenly (the gates' rule, <see cref="GateEvaluator.BusyMachineCpus"/>),
    /// so there the two are compared in CPU time: the same work costs the same CPU whoever else runs.
    /// </summary>
    public bool Busy => NeighbourCpus > GateEvaluator.BusyMachineCpus;

    public RatioEstimate Judged => Busy && CpuRatio.Value > 0 ? CpuRatio : Ratio;

    public bool Holds => Math.Abs(Judged.Value - 1) <= Tolerance;

    public string Describe()
    {
        var verdict = Holds ? "within" : "OUTSIDE";
        var consequence = Holds ? "" : ": the suite's tables do not report what the code does";
        var judged = Busy ? string.Create(CultureInfo.InvariantCulture, $"judged in CPU time: {NeighbourCpus:0.00} CPUs busy beside it") : "judged in wall time";
        return string.Create(CultureInfo.InvariantCulture,
            $"{CaseId}: the suite's operation takes {Ratio} × the minimal loop's, CPU time {CpuRatio} × ({SuiteMessagesPerSecond / 1e6:0.000} M against {ReferenceMessagesPerSecond / 1e6:0.000} M messages/s, {Ratio.Pairs} pairs, threads {Placement.Split(':')[0]}, {judged}): {verdict} ±{Tolerance:P0}{consequence}");
    }
}

/// <summary>
/// Fidelity: the suite's PureBlocking ReceiveModes workload against an independent minimal loop doing the same work
/// (<see cref="IReferenceLoop"/>), both open at once, their threads placed alike, measured in alternating operations
/// (ABBA units in a random order, after two untimed operations each), the ratio paired per unit like every other.
/// </summary>
internal static class ReferenceCheck
{
    public static ReferenceComparison Measure(DriverId driver, int messageSize, ThreadPlacement placement, InjectedLoad? injected = null)
    {
        var definition = CaseCatalog.Get($"{driver}/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/{CaseDefinition.FormatSize(messageSize)}");
        var units = PerfCases.HasLongOperations(definition) ? 6 : 24;
        using var reference = ReferenceLoops.Open(driver, messageSize)
                              ?? throw new InvalidOperationException($"{driver} has no reference loop: {ReferenceLoops.WhyNot(driver)}");
        using var suite = MessageWorkload.Open(definition, WorkloadOptions.Measurement);
        suite.Settle();
        suite.Use(definition, injected);
        using var pinned = placement.Pin(new HashSet<int> { reference.SenderThreadId, suite.SenderThreadId });
        for (var i = 0; i < 2; i++)
        {
            reference.RunOperation();
            suite.RunOperation();
        }

        var random = new Random(20261124);
        var logRatios = new List<double>();
        var cpuLogRatios = new List<double>();
        var suiteTimes = new List<double>();
        var referenceTimes = new List<double>();
        var neighbours = NeighbourLoad.Read();
        for (var unit = 0; unit < units; unit++)
        {
            var suiteFirst = random.Next(2) == 0;
            double suiteLog = 0, referenceLog = 0, suiteCpuLog = 0, referenceCpuLog = 0;
            for (var position = 0; position < 4; position++)
            {
                // ABBA: whichever goes first also goes last, so a linear drift over the unit cancels.
                var runSuite = suiteFirst == (position is 0 or 3);
                var started = Stopwatch.GetTimestamp();
                var cpuStarted = CpuClock.ProcessNanoseconds();
                if (runSuite)
                {
                    suite.RunOperation();
                }
                else
                {
                    reference.RunOperation();
                }

                var nanoseconds = Stopwatch.GetElapsedTime(started).TotalNanoseconds;
                var cpuNanoseconds = Math.Max(1, CpuClock.ProcessNanoseconds() - cpuStarted);
                (runSuite ? suiteTimes : referenceTimes).Add(nanoseconds);
                if (runSuite)
                {
                    suiteLog += Math.Log(nanoseconds) / 2;
                    suiteCpuLog += Math.Log(cpuNanoseconds) / 2;
                }
                else
                {
                    referenceLog += Math.Log(nanoseconds) / 2;
                    referenceCpuLog += Math.Log(cpuNanoseconds) / 2;
                }
            }

            logRatios.Add(suiteLog - referenceLog);
            cpuLogRatios.Add(suiteCpuLog - referenceCpuLog);
        }

        var neighbourCpus = NeighbourLoad.Since(neighbours) ?? 0;
        return new ReferenceComparison(definition.Id, RatioEstimate.Paired(logRatios),
            CpuClock.IsAvailable ? RatioEstimate.Paired(cpuLogRatios) : new RatioEstimate(0, 0, 0),
            CaseCatalog.MessagesPerOperation / (Quantiles.Median(suiteTimes) / 1e9),
            CaseCatalog.MessagesPerOperation / (Quantiles.Median(referenceTimes) / 1e9),
            placement.Description, neighbourCpus);
    }
}
