namespace NetZmqTests.Gating.Statistics;

/// <summary>
/// The geometric mean of ratios given as their logarithms, in clusters, with a 95 % cluster-bootstrap interval:
/// whole clusters are resampled (fixed seed: the same values always give the same interval). Ratios of one group
/// share their reference's measurement, so its luck moves them together; resampling them one by one would make
/// that shared luck look like a consistent slowdown.
/// </summary>
public static class GeometricMean
{
    private const int Resamples = Distributions.BootstrapResamples;
    private const int Seed = 20261123;

    public static RatioEstimate Of(IReadOnlyList<IReadOnlyList<double>> clusters) =>
        OfWeighted([.. clusters.Select(c => (IReadOnlyList<(double, double)>)[.. c.Select(log => (log, 1.0))])]);

    /// <summary>
    /// The weighted geometric mean of ratios given as (logarithm, weight), in clusters, with the same cluster-bootstrap
    /// interval: ratios known to ±2 % count for more than ratios known to ±30 %, so that a few scattering ones do not
    /// drown what the steady ones agree on.
    /// </summary>
    public static RatioEstimate OfWeighted(IReadOnlyList<IReadOnlyList<(double Log, double Weight)>> clusters)
    {
        if (clusters.Count == 0 || clusters.Any(c => c.Count == 0 || c.Any(x => !(x.Weight > 0) || !double.IsFinite(x.Weight))))
        {
            throw new ArgumentException("A weighted geometric mean needs at least one value in every cluster, each with a finite positive weight.");
        }

        static (double Sum, double Weight) Total(IEnumerable<(double Log, double Weight)> values) =>
            values.Aggregate((Sum: 0.0, Weight: 0.0), (t, x) => (t.Sum + (x.Log * x.Weight), t.Weight + x.Weight));

        var totals = clusters.Select(Total).ToArray();
        var random = new Random(Seed);
        var means = new double[Resamples];
        for (var r = 0; r < Resamples; r++)
        {
            var (sum, weight) = (0.0, 0.0);
            for (var i = 0; i < totals.Length; i++)
            {
                var cluster = totals[random.Next(totals.Length)];
                sum += cluster.Sum;
                weight += cluster.Weight;
            }

            means[r] = sum / weight;
        }

        Array.Sort(means);
        var tail = (1 - RatioEstimate.ConfidenceLevel) / 2;
        var all = Total(clusters.SelectMany(c => c));
        return new RatioEstimate(Math.Exp(all.Sum / all.Weight), Math.Exp(Quantiles.OfSorted(means, tail)), Math.Exp(Quantiles.OfSorted(means, 1 - tail)));
    }
}
