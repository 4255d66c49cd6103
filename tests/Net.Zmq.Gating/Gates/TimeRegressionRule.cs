using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// The time-regression gate of one case, in wall or CPU time: it fails only when the slowdown against the baseline
/// ratio exceeds the tolerance significantly and by more than <see cref="NoiseFloorNanosecondsPerMessage"/>.
/// </summary>
public static class TimeRegressionRule
{
    /// <summary>
    /// A time regression smaller than this, per message, never fails a gate, however significant: a few percent of the
    /// shortest operation measured.
    /// </summary>
    public const double NoiseFloorNanosecondsPerMessage = 10;

    /// <summary>
    /// Ratio ÷ baseline ratio, its interval carrying both measurements' standard errors and the run-to-run swing
    /// (<see cref="Tolerances.RunToRun"/>) in quadrature: a baseline is a measurement too.
    /// </summary>
    public static RatioEstimate Slowdown(
        RatioEstimate measured, double recorded, double recordedLower, double recordedUpper, double runToRun)
    {
        var logSlowdown = Math.Log(measured.Value / recorded);
        var error = Math.Sqrt(Square(Distributions.StandardError(measured.Lower, measured.Upper))
                              + Square(Distributions.StandardError(recordedLower, recordedUpper)) + Square(runToRun));
        return new RatioEstimate(
            Math.Exp(logSlowdown), Math.Exp(logSlowdown - (Z95 * error)), Math.Exp(logSlowdown + (Z95 * error)),
            measured.Pairs);
    }

    private static readonly double Z95 = Distributions.NormalQuantile975;

    private static double Square(double x) => x * x;

    /// <summary>What a time gate judges a measured ratio against.</summary>
    public sealed record Bound(RatioEstimate Recorded, double RunToRun, double Tolerance);

    public static GateResult Evaluate(
        GateKind kind, AnalyzedCase analyzed, RatioEstimate measured, Bound bound, string baselinePath)
    {
        var (recorded, runToRun) = (bound.Recorded.Value, bound.RunToRun);
        var tolerance = 1 + bound.Tolerance;
        var slowdown = Slowdown(measured, recorded, bound.Recorded.Lower, bound.Recorded.Upper, runToRun);
        string? note = null;
        var fails = false;
        // Only a slowdown beyond the tolerance is put to the test: within it, the gate holds whatever the test says.
        if (slowdown.Value > tolerance)
        {
            var significant = slowdown.Lower > tolerance;
            var perMessage = PerMessage(analyzed, measured.Value - recorded);
            fails = significant && perMessage > NoiseFloorNanosecondsPerMessage;
            note = fails
                ? F($"{slowdown.Value:0.000}× the baseline ratio, 95 % interval [{slowdown.Lower:0.000}, ") +
                  F($"{slowdown.Upper:0.000}] ({measured.Pairs} pairs) above {tolerance:0.00}; ") +
                  F($"{perMessage:0} ns per message slower")
                : !significant
                    ? F($"{slowdown.Value:0.000}× the baseline ratio, above {tolerance:0.00} but not significantly: ") +
                      "the 95 % interval of the slowdown (this run's and the baseline's uncertainty) reaches " +
                      F($"{slowdown.Lower:0.000}")
                    : F($"above the bound, but only {perMessage:0.#} ns per message slower than the baseline ratio ") +
                      F($"(noise floor {NoiseFloorNanosecondsPerMessage:0} ns)");
        }

        return new GateResult(new GateId(kind, analyzed.Case.ReferenceVariant), analyzed.Case.Id, measured.ToString(),
            F($"≤ {recorded * tolerance:0.000} (baseline {recorded:0.000} + {bound.Tolerance:P0}") +
            (runToRun > 0 ? F($", runs swing ±{runToRun:P1})") : ")"),
            fails ? GateVerdict.Fail : GateVerdict.Pass, baselinePath, note) { JudgesTime = true };
    }

    /// <summary>
    /// A ratio's excess in nanoseconds per message, on the reference's wall time for CPU time too: the noise floor is
    /// about how long a message takes, not how many cores worked on it.
    /// </summary>
    public static double PerMessage(AnalyzedCase analyzed, double excess) =>
        excess * Quantiles.Median(analyzed.ReferenceNanosecondsPerOperation) / analyzed.Measurement.MessagesPerOperation;
}
