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

        static (double Sum, double Weight) Add(IEnumerable<(double Sum, double Weight)> values) =>
            values.Aggregate((Sum: 0.0, Weight: 0.0), (t, x) => (t.Sum + x.Sum, t.Weight + x.Weight));

        static (double Sum, double Weight) Total(IEnumerable<(double Log, double Weight)> values) =>
            Add(values.Select(x => (x.Log * x.Weight, x.Weight)));

        var totals = clusters.Select(Total).ToArray();
        var drawn = new (double Sum, double Weight)[totals.Length];
        var (lower, upper) = Bootstrap.Interval(random =>
        {
            var (sum, weight) = Add(Bootstrap.Resample(totals, drawn, random));
            return sum / weight;
        });
        var all = Total(clusters.SelectMany(c => c));
        return new RatioEstimate(Math.Exp(all.Sum / all.Weight), Math.Exp(lower), Math.Exp(upper));
    }
}
