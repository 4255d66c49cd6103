using System.Diagnostics;
using System.Globalization;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Statistics;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>What the reference check found: the suite's operation time over the minimal loop's, and both rates.</summary>
public sealed record ReferenceComparison(string CaseId, RatioEstimate Ratio, double SuiteMessagesPerSecond, double ReferenceMessagesPerSecond, string Placement)
{
    /// <summary>The suite may take at most this much longer, or shorter, than the minimal loop.</summary>
    public const double Tolerance = 0.10;

    public bool Holds => Math.Abs(Ratio.Value - 1) <= Tolerance;

    public string Describe()
    {
        var verdict = Holds ? "within" : "OUTSIDE";
        var consequence = Holds ? "" : ": the suite's tables do not report what the code does";
        return string.Create(CultureInfo.InvariantCulture,
            $"{CaseId}: the suite's operation takes {Ratio} × the minimal loop's ({SuiteMessagesPerSecond / 1e6:0.000} M against {ReferenceMessagesPerSecond / 1e6:0.000} M messages/s, {Ratio.Pairs} pairs, threads {Placement.Split(':')[0]}): {verdict} ±{Tolerance:P0}{consequence}");
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
        var suiteTimes = new List<double>();
        var referenceTimes = new List<double>();
        for (var unit = 0; unit < units; unit++)
        {
            var suiteFirst = random.Next(2) == 0;
            double suiteLog = 0, referenceLog = 0;
            for (var position = 0; position < 4; position++)
            {
                // ABBA: whichever goes first also goes last, so a linear drift over the unit cancels.
                var runSuite = suiteFirst == (position is 0 or 3);
                var started = Stopwatch.GetTimestamp();
                if (runSuite)
                {
                    suite.RunOperation();
                }
                else
                {
                    reference.RunOperation();
                }

                var nanoseconds = Stopwatch.GetElapsedTime(started).TotalNanoseconds;
                (runSuite ? suiteTimes : referenceTimes).Add(nanoseconds);
                if (runSuite)
                {
                    suiteLog += Math.Log(nanoseconds) / 2;
                }
                else
                {
                    referenceLog += Math.Log(nanoseconds) / 2;
                }
            }

            logRatios.Add(suiteLog - referenceLog);
        }

        return new ReferenceComparison(definition.Id, RatioEstimate.Paired(logRatios),
            CaseCatalog.MessagesPerOperation / (Quantiles.Median(suiteTimes) / 1e9),
            CaseCatalog.MessagesPerOperation / (Quantiles.Median(referenceTimes) / 1e9),
            placement.Description);
    }
}
