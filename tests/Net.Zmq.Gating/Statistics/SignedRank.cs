namespace NetZmqTests.Gating.Statistics;

/// <summary>
/// The one-sample location estimate and interval behind every paired time ratio: the Hodges–Lehmann estimate (the
/// median of the Walsh averages, (dᵢ + dⱼ) / 2 for i ≤ j) with the distribution-free interval that inverts the
/// Wilcoxon signed-rank test, from its exact null distribution. Robust to a stalled operation in a few pairs, and
/// exact for the small samples a Perf run has.
/// <para>
/// With fewer than <see cref="MinimumPairs"/> values the signed-rank interval is coarse (below six values no outcome
/// reaches 95 %; at six or seven it spans nearly the whole sample), so there the mean and Student's t interval are
/// used instead, honest about how little a few values say.
/// </para>
/// </summary>
public static class SignedRank
{
    /// <summary>
    /// The fewest values whose signed-rank interval is used (at 8 it is the 4th smallest to the 4th largest of 36 Walsh
    /// averages).
    /// </summary>
    public const int MinimumPairs = 8;

    /// <summary>
    /// The estimate and its two-sided interval at <paramref name="confidence"/>; one value gives an unbounded interval.
    /// </summary>
    public static (double Estimate, double Lower, double Upper) Interval(IReadOnlyList<double> values, double confidence)
    {
        var n = values.Count;
        if (n == 0)
        {
            throw new ArgumentException("An interval needs at least one value.", nameof(values));
        }

        if (n == 1)
        {
            return (values[0], double.NegativeInfinity, double.PositiveInfinity);
        }

        if (n < MinimumPairs)
        {
            var mean = values.Average();
            var sd = Math.Sqrt(values.Sum(v => (v - mean) * (v - mean)) / (n - 1));
            var half = Distributions.StudentQuantile(n - 1, confidence) * sd / Math.Sqrt(n);
            return (mean, mean - half, mean + half);
        }

        var walsh = new double[n * (n + 1) / 2];
        var k = 0;
        for (var i = 0; i < n; i++)
        {
            for (var j = i; j < n; j++)
            {
                walsh[k++] = (values[i] + values[j]) / 2;
            }
        }

        Array.Sort(walsh);
        var c = OrderStatistic(n, (1 - confidence) / 2);
        return (Quantiles.OfSorted(walsh, 0.5), walsh[c - 1], walsh[walsh.Length - c]);
    }

    /// <summary>
    /// The largest c with P(W⁺ ≤ c − 1) ≤ <paramref name="tail"/> under the null hypothesis, W⁺ being the signed-rank
    /// statistic of <paramref name="n"/> values: the interval is the c-th smallest to the c-th largest Walsh average.
    /// </summary>
    public static int OrderStatistic(int n, double tail)
    {
        // counts[w] = number of the 2^n sign patterns whose positive ranks sum to w.
        var max = n * (n + 1) / 2;
        var counts = new double[max + 1];
        counts[0] = 1;
        for (var rank = 1; rank <= n; rank++)
        {
            for (var w = max; w >= rank; w--)
            {
                counts[w] += counts[w - rank];
            }
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
            throw new ArgumentException($"{n} values cannot give a signed-rank interval with tails of {tail:P1}", nameof(n));
        }

        return c;
    }
}
