using System.Diagnostics;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Statistics;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Orchestration.Claims;

/// <summary>
/// Fidelity: the suite's PureBlocking ReceiveModes workload against an independent minimal loop doing the same work
/// (<see cref="IReferenceLoop"/>), both open at once, threads placed alike, in alternating ABBA units (random order,
/// two untimed operations each first). A connection settles into a regime of its own, so they are compared over
/// several rounds on fresh workloads, the interval that of the rounds' means (Student's t): regimes average out and
/// their spread widens the interval honestly.
/// </summary>
public static class ReferenceCheck
{
    public static ReferenceComparison Measure(
        DriverId driver, int messageSize, ThreadPlacement placement, InjectedLoad? injected = null)
    {
        var definition = CaseCatalog.Get($"{driver}/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/" +
            CaseDefinition.FormatSize(messageSize));
        // Long operations: fewer units, as many rounds.
        const int rounds = 6;
        var longOperations = PerfCases.HasLongOperations(definition);
        var unitsPerRound = longOperations ? 2 : 4;
        var random = new Random(20261124);
        var suiteTimes = new List<double>();
        var referenceTimes = new List<double>();
        var neighbours = NeighbourLoad.Read();
        var units = Enumerable.Range(0, rounds).Select(_ => MeasureRound(driver, messageSize, definition, placement,
            injected, unitsPerRound, random, suiteTimes, referenceTimes)).ToList();
        List<double> roundLogs = [.. units.Select(round => round.Average(u => u.Log))];
        return new ReferenceComparison(definition.Id, RatioEstimate.Paired(roundLogs),
            CpuClock.IsAvailable
                ? RatioEstimate.Paired([.. units.Select(round => round.Average(u => u.CpuLog))])
                : new RatioEstimate(0, 0, 0),
            CaseCatalog.MessagesPerOperation / (Quantiles.Median(suiteTimes) / 1e9),
            CaseCatalog.MessagesPerOperation / (Quantiles.Median(referenceTimes) / 1e9),
            placement.Description, NeighbourLoad.Since(neighbours) ?? 0, rounds, unitsPerRound)
        {
            RoundRatios = roundLogs.Select(Math.Exp).ToList(),
            Tolerance = longOperations
                ? ReferenceComparison.LongOperationTolerance : ReferenceComparison.ClaimedTolerance,
        };
    }

    /// <summary>One fresh suite workload and loop: their units' paired log-ratios, in wall and CPU time.</summary>
    private static List<(double Log, double CpuLog)> MeasureRound(
        DriverId driver, int messageSize, CaseDefinition definition, ThreadPlacement placement, InjectedLoad? injected,
        int units, Random random, List<double> suiteTimes, List<double> referenceTimes)
    {
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

        return
        [
            .. Enumerable.Range(0, units).Select(_ => MeasureUnit(
                suite, reference, suiteFirst: random.Next(2) == 0, suiteTimes, referenceTimes)),
        ];
    }

    /// <summary>
    /// One unit, ABBA (whoever goes first goes last, so a linear drift cancels): the log-ratio in wall and CPU time.
    /// </summary>
    private static (double Log, double CpuLog) MeasureUnit(MessageWorkload suite, IReferenceLoop reference,
        bool suiteFirst, List<double> suiteTimes, List<double> referenceTimes)
    {
        double log = 0, cpuLog = 0;
        for (var position = 0; position < 4; position++)
        {
            var runSuite = suiteFirst == (position is 0 or 3);
            var started = Stopwatch.GetTimestamp();
            var cpuStarted = CpuClock.ProcessNanoseconds();
            if (runSuite)
                suite.RunOperation();
            else
                reference.RunOperation();

            var nanoseconds = Stopwatch.GetElapsedTime(started).TotalNanoseconds;
            var cpuNanoseconds = Math.Max(1, CpuClock.ProcessNanoseconds() - cpuStarted);
            (runSuite ? suiteTimes : referenceTimes).Add(nanoseconds);
            var half = runSuite ? 0.5 : -0.5;
            log += half * Math.Log(nanoseconds);
            cpuLog += half * Math.Log(cpuNanoseconds);
        }

        return (log, cpuLog);
    }
}
