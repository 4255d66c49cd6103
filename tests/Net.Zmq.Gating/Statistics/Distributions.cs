using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace NetZmqTests.Gating.Statistics;

/// <summary>The one home of the confidence level and of the quantiles every interval uses, from Perfolizer.</summary>
public static class Distributions
{
    /// <summary>The confidence of every interval the gates judge (two-sided) and of every one-sided bound.</summary>
    public const double Confidence = 0.95;

    /// <summary>What tolerances derived from runs are rounded up to, so that a refresh's diff stays readable.</summary>
    public const double ToleranceStep = 0.005;

    private static readonly NormalDistribution Normal = new(0, 1);

    /// <summary>The half-width of a two-sided interval in standard errors (1.95996…).</summary>
    public static double NormalQuantile975 { get; } = Normal.Quantile(1 - ((1 - Confidence) / 2));

    /// <summary>The standard normal's quantile of a one-sided bound (1.64485…).</summary>
    public static double NormalQuantile95 { get; } = Normal.Quantile(Confidence);

    public static double StudentQuantile975(double degreesOfFreedom) => StudentQuantile(degreesOfFreedom, Confidence);

    /// <summary>
    /// Student's t quantile of a two-sided interval, the degrees of freedom rounded down (a fractional
    /// Welch-Satterthwaite value then errs wide); infinite below one degree of freedom.
    /// </summary>
    public static double StudentQuantile(double degreesOfFreedom, double confidence) =>
        Math.Floor(degreesOfFreedom) is >= 1 and var n
            ? new StudentDistribution(n).Quantile(1 - ((1 - confidence) / 2))
            : double.PositiveInfinity;

    /// <summary>
    /// The standard error in log space that a two-sided interval of a ratio implies; infinite where the interval is not
    /// bounded on both sides (callers that read a missing interval otherwise say so).
    /// </summary>
    public static double StandardError(double lower, double upper) =>
        lower > 0 && double.IsFinite(upper)
            ? (Math.Log(upper) - Math.Log(lower)) / (2 * NormalQuantile975)
            : double.PositiveInfinity;
}
