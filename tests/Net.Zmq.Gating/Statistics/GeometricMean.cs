namespace NetZmqTests.Gating.Statistics;

/// <summary>
/// The geometric mean of ratios given as their logarithms, in clusters, with a cluster-bootstrap interval: whole
/// clusters are resampled, because ratios of one cluster share their reference's measurement and its luck.
/// </summary>
public static class GeometricMean
{
    public static RatioEstimate Of(IReadOnlyList<IReadOnlyList<double>> clusters) =>
        OfWeighted([.. clusters.Select(c => (IReadOnlyList<(double, double)>)[.. c.Select(log => (log, 1.0))])]);

    /// <summary>
    /// Weighted by precision, (logarithm, weight): a few scattering ratios then do not drown what the steady ones agree
    /// on.
    /// </summary>
    public static RatioEstimate OfWeighted(IReadOnlyList<IReadOnlyList<(double Log, double Weight)>> clusters)
    {
        if (clusters.Count == 0
            || clusters.Any(c => c.Count == 0 || c.Any(x => !(x.Weight > 0 && double.IsFinite(x.Weight)))))
        {
            throw new ArgumentException("A weighted geometric mean needs at least one value in every cluster, "
                                        + "each with a finite positive weight.");
        }

        var totals = clusters.Select(c => (Sum: c.Sum(x => x.Log * x.Weight), Weight: c.Sum(x => x.Weight))).ToArray();
        var drawn = new (double Sum, double Weight)[totals.Length];
        var (lower, upper) = Bootstrap.Interval(random =>
        {
            Bootstrap.Resample(totals, drawn, random);
            return drawn.Sum(t => t.Sum) / drawn.Sum(t => t.Weight);
        });
        var all = clusters.SelectMany(c => c).ToList();
        var (sum, weight) = (all.Sum(x => x.Log * x.Weight), all.Sum(x => x.Weight));
        return new RatioEstimate(Math.Exp(sum / weight), Math.Exp(lower), Math.Exp(upper));
    }
}
