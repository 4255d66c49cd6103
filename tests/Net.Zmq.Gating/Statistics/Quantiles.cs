namespace NetZmqTests.Gating.Statistics;

public static class Quantiles
{
    /// <summary>The median; the mean of the two middle values for an even count.</summary>
    public static double Median(IReadOnlyList<double> values)
    {
        if (values.Count == 0)
            throw new ArgumentException("The median of no values is undefined.", nameof(values));

        var sorted = values.Order().ToArray();
        var middle = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /// <summary>Linear-interpolation quantile (type 7) of already sorted values.</summary>
    public static double OfSorted(IReadOnlyList<double> sorted, double probability)
    {
        var position = (sorted.Count - 1) * probability;
        var lower = (int)Math.Floor(position);
        var upper = Math.Min(lower + 1, sorted.Count - 1);
        return sorted[lower] + ((position - lower) * (sorted[upper] - sorted[lower]));
    }
}
