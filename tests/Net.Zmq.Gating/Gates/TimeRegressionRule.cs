using System.Globalization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// The time-regression gate of one case, in wall time or in CPU time: its ratio to the group's reference may exceed the
/// baseline ratio by the case's tolerance, and fails only when the slowdown exceeds it significantly and by more
/// than <see cref="NoiseFloorNanosecondsPerMessage"/> per message (<see cref="GateEvaluator"/> says when it applies).
/// </summary>
public static class TimeRegressionRule
{
    /// <summary>
    /// A time regression smaller than this, per message, never fails a gate, however significant: 0.1 ms in an
    /// operation of 10,000 messages, a few percent of the shortest operation measured here (3 ms).
    /// </summary>
    public const double NoiseFloorNanosecondsPerMessage = 10;

    /// <summary>
    /// The case's slowdown against its baseline, ratio ÷ baseline ratio, with a 95 % interval that carries both
    /// measurements' uncertainty (each one's own paired interval, as standard errors in log space) and the case's
    /// run-to-run swing (<see cref="Tolerances.RunToRun"/>), added in quadrature: a baseline is a measurement too,
    /// and a gate that took it as exact would blame its luck on the run.
    /// </summary>
    public static RatioEstimate Slowdown(
        RatioEstimate measured, double recorded, double recordedLower, double recordedUpper, double runToRun)
    {
        var logSlowdown = Math.Log(measured.Value / recorded);
        var error = Math.Sqrt(Square(Distributions.StandardError(measured.Lower, measured.Upper))
                              + Square(Distributions.StandardError(recordedLower, recordedUpper)) + Square(runToRun));
        return new RatioEstimate(Math.Exp(logSlowdown), Math.Exp(logSlowdown - (Z95 * error)), Math.Exp(logSlowdown + (Z95 * error)))
        {
            Pairs = measured.Pairs,
        };
    }

    private static readonly double Z95 = Distributions.NormalQuantile975;

    private static double Square(double x) => x * x;

    /// <summary>
    /// What a time gate judges a measured ratio against: the recorded ratio with its interval, its run-to-run swing and
    /// the tolerance.
    /// </summary>
    public sealed record Bound(RatioEstimate Recorded, double RunToRun, double Tolerance);

    /// <summary>
    /// One time regression gate (wall or CPU time): <paramref name="measured"/> against the recorded ratio.
    /// </summary>
    public static GateResult Evaluate(GateKind kind, AnalyzedCase analyzed, RatioEstimate measured, Bound bound, string baselinePath)
    {
        var (recorded, runToRun, ratioTolerance) = (bound.Recorded.Value, bound.RunToRun, bound.Tolerance);
        var tolerance = 1 + ratioTolerance;
        var slowdown = Slowdown(measured, recorded, bound.Recorded.Lower, bound.Recorded.Upper, runToRun);
        string? note = null;
        var fails = false;
        // Only a slowdown beyond the tolerance is put to the test: within it, the gate holds whatever the test says.
        if (slowdown.Value > tolerance)
        {
            var significant = slowdown.Lower > tolerance;
            // The cost per message is judged on the reference's wall time, for CPU time too: the floor is about how
            // long a message takes, not how many cores worked on it.
            var slowdownPerMessage = (measured.Value - recorded) * Quantiles.Median(analyzed.ReferenceNanosecondsPerOperation)
                                     / analyzed.Measurement.MessagesPerOperation;
            fails = significant && slowdownPerMessage > NoiseFloorNanosecondsPerMessage;
            note = fails ? string.Create(CultureInfo.InvariantCulture,
                    $"{slowdown.Value:0.000}× the baseline ratio, 95 % interval [{slowdown.Lower:0.000}, {slowdown.Upper:0.000}] ({measured.Pairs} pairs) above {tolerance:0.00}; {slowdownPerMessage:0} ns per message slower")
                : !significant ? string.Create(CultureInfo.InvariantCulture,
                    $"{slowdown.Value:0.000}× the baseline ratio, above {tolerance:0.00} but not significantly: the 95 % interval of the slowdown (this run's and the baseline's uncertainty) reaches {slowdown.Lower:0.000}")
                : string.Create(CultureInfo.InvariantCulture,
                    $"above the bound, but only {slowdownPerMessage:0.#} ns per message slower than the baseline ratio (noise floor {NoiseFloorNanosecondsPerMessage:0} ns)");
        }

        var id = new GateId(kind, analyzed.Case.ReferenceVariant);
        return new GateResult(
            id, analyzed.Case.Id, measured.ToString(),
            string.Create(CultureInfo.InvariantCulture, $"≤ {recorded * tolerance:0.000} (baseline {recorded:0.000} + {ratioTolerance:P0}") +
            (runToRun > 0 ? string.Create(CultureInfo.InvariantCulture, $", runs swing ±{runToRun:P1})") : ")"),
            fails ? GateVerdict.Fail : GateVerdict.Pass, baselinePath, note) { JudgesTime = true };
    }
}
