using System.Globalization;

namespace NetZmqTests.Gating.Statistics;

/// <summary>
/// The ratio of two cases' typical times (median over median) with a 95 % confidence interval. The interval is
/// a percentile bootstrap over both samples with a fixed seed, so the same samples always give the same interval.
/// </summary>
public sealed record RatioEstimate(double Value, double Lower, double Upper)
{
    public const double ConfidenceLevel = 0.95;
    private const int Resamples = 4000;
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
