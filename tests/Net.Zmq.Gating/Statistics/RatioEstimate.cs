using System.Globalization;

namespace NetZmqTests.Gating.Statistics;

/// <summary>
/// A ratio of two cases' times with its confidence interval. <see cref="Paired"/>, how every gated ratio is made: one
/// log-ratio per pairing unit of operations measured in alternation, so drift and placement cancel inside a unit
/// (<see cref="SignedRank"/>). <see cref="Of"/>: median over median of two independent samples, with a bootstrap
/// interval, for cases not measured together.
/// </summary>
/// <param name="Pairs">How many paired log-ratios the estimate rests on; 0 for an unpaired estimate.</param>
public sealed record RatioEstimate(double Value, double Lower, double Upper, int Pairs = 0)
{
    /// <summary>A ratio that is 1 by definition (a case against itself).</summary>
    public static RatioEstimate Identity { get; } = new(1, 1, 1);

    public static RatioEstimate Paired(IReadOnlyList<double> logRatios)
    {
        var (estimate, lower, upper) = SignedRank.Interval(logRatios, Distributions.Confidence);
        return new RatioEstimate(Math.Exp(estimate), Math.Exp(lower), Math.Exp(upper), logRatios.Count);
    }

    public static RatioEstimate Of(IReadOnlyList<double> numerator, IReadOnlyList<double> denominator)
    {
        if (numerator.Count == 0 || denominator.Count == 0)
            throw new ArgumentException("A ratio needs at least one value on each side.");

        var (x, y) = (new double[numerator.Count], new double[denominator.Count]);
        var (lower, upper) = Bootstrap.Interval(random =>
            Quantiles.Median(Bootstrap.Resample(numerator, x, random))
            / Quantiles.Median(Bootstrap.Resample(denominator, y, random)));
        return new RatioEstimate(Quantiles.Median(numerator) / Quantiles.Median(denominator), lower, upper);
    }

    /// <summary>For example <c>1.023 [0.998, 1.051]</c>.</summary>
    public override string ToString() =>
        string.Create(CultureInfo.InvariantCulture, $"{Value:0.000} [{Lower:0.000}, {Upper:0.000}]");
}
