using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace NetZmqTests.Gating.Statistics;

/// <summary>
/// The quantiles every interval of the suite is built from, in one place and from Perfolizer's distributions (the
/// statistics library BenchmarkDotNet ships with), not typed by hand: the normal's and Student's t.
/// </summary>
public static class Distributions
{
    /// <summary>The confidence of every two-sided interval the gates judge.</summary>
    public const double Confidence = 0.95;

    /// <summary>
    /// How many times a bootstrap resamples: enough that a 95 % interval's ends move by under 1 % between seeds.
    /// </summary>
    public const int BootstrapResamples = 4000;

    /// <summary>
    /// The step tolerances derived from runs are rounded up to: a half per cent, so that a refresh's diff stays
    /// readable.
    /// </summary>
    public const double ToleranceStep = 0.005;

    private static readonly double UpperTail = 1 - ((1 - Confidence) / 2);

    /// <summary>
    /// The standard normal's quantile at 97.5 %, the half-width of a 95 % interval in standard errors (1.95996…).
    /// </summary>
    public static double NormalQuantile975 { get; } = new NormalDistribution(0, 1).Quantile(UpperTail);

    /// <summary>
    /// Student's t quantile at 97.5 % for <paramref name="degreesOfFreedom"/>, rounded down to a whole number (a
    /// fractional Welch-Satterthwaite value then errs wide); infinite below one degree of freedom.
    /// </summary>
    public static double StudentQuantile975(double degreesOfFreedom) => StudentQuantile(degreesOfFreedom, Confidence);

    /// <summary>
    /// Student's t quantile of a two-sided interval at <paramref name="confidence"/>, as
    /// <see cref="StudentQuantile975"/>.
    /// </summary>
    public static double StudentQuantile(double degreesOfFreedom, double confidence)
    {
        var n = Math.Floor(degreesOfFreedom);
        return double.IsNaN(n) || n < 1 ? double.PositiveInfinity : new StudentDistribution(n).Quantile(1 - ((1 - confidence) / 2));
    }
}
