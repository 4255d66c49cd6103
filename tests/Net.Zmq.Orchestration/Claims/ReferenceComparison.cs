using System.Globalization;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Orchestration.Claims;

/// <summary>
/// What the reference check found: the suite's operation time over the minimal loop's, in wall and process CPU time,
/// over several fresh connection pairs, and how busy the machine was (<see cref="NeighbourLoad"/>).
/// </summary>
public sealed record ReferenceComparison(string CaseId, RatioEstimate Ratio, RatioEstimate CpuRatio, double SuiteMessagesPerSecond,
    double ReferenceMessagesPerSecond, string Placement, double NeighbourCpus, int Rounds, int UnitsPerRound)
{
    /// <summary>The suite may take at most this much longer, or shorter, than the minimal loop: the claim.</summary>
    public const double ClaimedTolerance = 0.10;

    /// <summary>
    /// What the check can resolve with long operations: identical code drifts between rounds in regimes that outlive
    /// fresh connections.
    /// </summary>
    public const double LongOperationTolerance = 0.35;

    /// <summary>The bound this comparison is judged against: <see cref="ClaimedTolerance"/> by default.</summary>
    public double Tolerance { get; init; } = ClaimedTolerance;

    /// <summary>Beside a busy neighbour wall time stretches unevenly, so <see cref="Judged"/> is CPU time.</summary>
    public bool Busy => NeighbourCpus > GateEvaluator.BusyMachineCpus;

    public RatioEstimate Judged => Busy && CpuRatio.Value > 0 ? CpuRatio : Ratio;

    /// <summary>
    /// Fails only when the whole 95 % interval lies outside ±<see cref="Tolerance"/>, like every gate: a connection
    /// settles into a regime of its own, so two of the same code differ by more than one pair's interval.
    /// </summary>
    public bool Holds => Judged.Lower <= 1 + Tolerance && Judged.Upper >= 1 - Tolerance;

    /// <summary>Outside ±<see cref="Tolerance"/> but not significantly: said, not failed.</summary>
    public bool Unclear => Holds && Math.Abs(Judged.Value - 1) > Tolerance;

    /// <summary>
    /// Each round's wall-time ratio, in order: a departure in every round is the code's, in some the connections'.
    /// </summary>
    public IReadOnlyList<double> RoundRatios { get; init; } = [];

    public string Describe()
    {
        var verdict = !Holds ? "OUTSIDE" : Unclear ? "not clearly outside" : "within";
        var consequence = !Holds ? ": the suite's tables do not report what the code does"
            : Unclear ? " (its 95 % interval reaches inside: the connections' regimes, not the suite, may be what differs)" : "";
        var judged = Busy
            ? string.Create(CultureInfo.InvariantCulture, $"judged in CPU time: {NeighbourCpus:0.00} CPUs busy beside it")
            : "judged in wall time";
        var rounds = RoundRatios.Count == 0 ? "" : "; rounds "
            + string.Join(" ", RoundRatios.Select(r => r.ToString("0.000", CultureInfo.InvariantCulture)));
        return string.Create(CultureInfo.InvariantCulture,
            $"{CaseId}: the suite's operation takes {Ratio} × the minimal loop's, CPU time {CpuRatio} × " +
            $"({SuiteMessagesPerSecond / 1e6:0.000} M against {ReferenceMessagesPerSecond / 1e6:0.000} M messages/s, " +
            $"{Rounds} fresh pairs of connections × {UnitsPerRound} units, threads {Placement.Split(':')[0]}, " +
            $"{judged}{rounds}): {verdict} ±{Tolerance:P0}{consequence}");
    }
}
