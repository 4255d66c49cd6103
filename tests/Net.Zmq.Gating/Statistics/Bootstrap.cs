namespace NetZmqTests.Gating.Statistics;

/// <summary>The one home of bootstrap resampling, from a fixed seed: the same values give the same interval.</summary>
public static class Bootstrap
{
    /// <summary>Enough resamples that an interval's ends move by under 1 % between seeds.</summary>
    public const int Resamples = 4000;

    public const int Seed = 20261123;

    /// <summary>The percentile interval of a statistic <paramref name="draw"/> computes on one resample.</summary>
    public static (double Lower, double Upper) Interval(Func<Random, double> draw)
    {
        var random = new Random(Seed);
        var values = Enumerable.Range(0, Resamples).Select(_ => draw(random)).Order().ToArray();
        var tail = (1 - Distributions.Confidence) / 2;
        return (Quantiles.OfSorted(values, tail), Quantiles.OfSorted(values, 1 - tail));
    }

    /// <summary>Fills <paramref name="target"/> from <paramref name="source"/>, drawn with replacement.</summary>
    public static T[] Resample<T>(IReadOnlyList<T> source, T[] target, Random random)
    {
        for (var i = 0; i < target.Length; i++)
            target[i] = source[random.Next(source.Count)];

        return target;
    }
}
