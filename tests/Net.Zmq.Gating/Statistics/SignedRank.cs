namespace NetZmqTests.Gating.Statistics;

/// <summary>
/// The location estimate and interval behind every paired time ratio: the Hodges–Lehmann estimate (the median of the
/// Walsh averages) with the interval that inverts the Wilcoxon signed-rank test from its exact null distribution,
/// robust to a stalled operation in a few pairs. Below <see cref="MinimumPairs"/> values that interval is too coarse,
/// so there the mean and Student's t interval are used.
/// </summary>
public static class SignedRank
{
    /// <summary>The fewest values whose signed-rank interval is used.</summary>
    public const int MinimumPairs = 8;

    /// <summary>
    /// The estimate and its two-sided interval at <paramref name="confidence"/>; one value gives an unbounded interval.
    /// </summary>
    public static (double Estimate, double Lower, double Upper) Interval(
        IReadOnlyList<double> values, double confidence)
    {
        var n = values.Count;
        if (n == 0)
            throw new ArgumentException("An interval needs at least one value.", nameof(values));

        if (n == 1)
            return (values[0], double.NegativeInfinity, double.PositiveInfinity);

        if (n < MinimumPairs)
        {
            var (mean, half) = (values.Average(), SampleMoments.MeanHalfWidth(values, confidence));
            return (mean, mean - half, mean + half);
        }

        var walsh = Enumerable.Range(0, n)
            .SelectMany(i => Enumerable.Range(i, n - i).Select(j => (values[i] + values[j]) / 2)).Order().ToArray();
        var c = OrderStatistic(n, (1 - confidence) / 2);
        return (Quantiles.OfSorted(walsh, 0.5), walsh[c - 1], walsh[walsh.Length - c]);
    }

    /// <summary>
    /// The largest c with P(W⁺ ≤ c − 1) ≤ <paramref name="tail"/> under the null hypothesis, W⁺ being the signed-rank
    /// statistic of <paramref name="n"/> values: the interval is the c-th smallest to the c-th largest Walsh average.
    /// </summary>
    public static int OrderStatistic(int n, double tail)
    {
        // counts[w]: how many of the 2^n sign patterns have positive ranks summing to w.
        var max = n * (n + 1) / 2;
        var counts = new double[max + 1];
        counts[0] = 1;
        for (var rank = 1; rank <= n; rank++)
        {
            for (var w = max; w >= rank; w--)
                counts[w] += counts[w - rank];
        }

        var total = Math.Pow(2, n);
        var cumulative = 0.0;
        var c = 0;
        while (c <= max && (cumulative + counts[c]) / total <= tail)
        {
            cumulative += counts[c];
            c++;
        }

        if (c == 0)
        {
            throw new ArgumentException(
                $"{n} values cannot give a signed-rank interval with tails of {tail:P1}", nameof(n));
        }

        return c;
    }
}
