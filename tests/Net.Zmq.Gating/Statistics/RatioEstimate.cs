using System.Globalization;

namespace NetZmqTests.Gating.Statistics;

/// <summary>
/// A ratio of two cases' times with its 95 % confidence interval. Two ways to get one:
/// <list type="bullet">
/// <item><see cref="Paired"/>, how every gated ratio is made: from operations of the two cases measured in
/// alternation on one workload, one log-ratio per pairing unit, and the signed-rank estimate and interval over
/// those (<see cref="SignedRank"/>). The machine's drift and the threads' placement are shared inside a unit and
/// cancel.</item>
/// <item><see cref="Of"/>: median over median of two independent samples, with a percentile bootstrap interval
/// (fixed seed): for comparisons of cases that were not measured together.</item>
/// </list>
/// </summary>
public sealed record RatioEstimate(double Value, double Lower, double Upper)
{
    /// <summary>How many paired log-ratios the estimate rests on; 0 for an unpaired estimate.</summary>
    public int Pairs { get; init; }

    /// <summary>Half the interval's width relative to the estimate: the precision a gate on this ratio has.</summary>

    /// <summary>
    /// The ratio whose logarithm is the location of <paramref name="logRatios"/>, with its 95 % interval.
    /// </summary>
    public static RatioEstimate Paired(IReadOnlyList<double> logRatios)
    {
        var (estimate, lower, upper) = SignedRank.Interval(logRatios, ConfidenceLevel);
        return new RatioEstimate(Math.Exp(estimate), Math.Exp(lower), Math.Exp(upper)) { Pairs = logRatios.Count };
    }

    public const double ConfidenceLevel = 0.95;
    private const int Resamples = Distributions.BootstrapResamples;
    private const int Seed = 20261122;

    public static RatioEstimate Of(IReadOnlyList<double> numerator, IReadOnlyList<double> denominator)
    {
        if (numerator.Count == 0 || denominator.Count == 0)
        {
            throw new ArgumentException("A ratio needs at least one value on each side.");
        }

        var value = Quantiles.Median(numerator) / Quantiles.Median(denominator);
        var random = new Random(Seed);
        var ratios = new double[Resamples];
        var x = new double[numerator.Count];
        var y = new double[denominator.Count];
        for (var r = 0; r < Resamples; r++)
        {
            Resample(numerator, x, random);
            Resample(denominator, y, random);
            ratios[r] = Quantiles.Median(x) / Quantiles.Median(y);
        }

        Array.Sort(ratios);
        var tail = (1 - ConfidenceLevel) / 2;
        return new RatioEstimate(value, Quantiles.OfSorted(ratios, tail), Quantiles.OfSorted(ratios, 1 - tail));
    }

    /// <summary>A ratio that is 1 by definition (a case against itself).</summary>
    public static RatioEstimate Identity { get; } = new(1, 1, 1);

    private static void Resample(IReadOnlyList<double> source, double[] target, Random random)
    {
        for (var i = 0; i < target.Length; i++)
        {
            target[i] = source[random.Next(source.Count)];
        }
    }

    /// <summary>For example <c>1.023 [0.998, 1.051]</c>.</summary>
    public override string ToString() =>
        string.Create(CultureInfo.InvariantCulture, $"{Value:0.000} [{Lower:0.000}, {Upper:0.000}]");
}
