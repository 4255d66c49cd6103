namespace NetZmqTests.Gating.Statistics;

/// <summary>
/// How several runs' estimates of one ratio spread: their centre with an interval, the spread beyond what each run's
/// own interval shows, and the upper confidence bound of a variance from a few runs. Used to adopt a machine class
/// from unchanged runs, where a spread estimated low lets the next run fail unchanged code.
/// </summary>
public static class RunSpread
{
    private static readonly double Z95 = Distributions.NormalQuantile975;

    /// <summary>
    /// The median of the runs' estimates, with an interval for the median itself: its standard error is about 1.25 ×
    /// the runs' spread over √n, and never less than a single run's own over √n.
    /// </summary>
    public static RatioEstimate Centred(IReadOnlyList<RatioEstimate> runs)
    {
        var logs = runs.Select(r => Math.Log(r.Value)).ToList();
        var centre = Quantiles.Median(logs);
        var spread = logs.Count > 1 ? Math.Sqrt(SampleMoments.Variance(logs)) : 0;
        var ownError = Quantiles.Median(runs.Select(OwnError).ToList());
        var error = Math.Max(1.2533 * spread, ownError) / Math.Sqrt(logs.Count);
        return new RatioEstimate(Math.Exp(centre), Math.Exp(centre - (Z95 * error)), Math.Exp(centre + (Z95 * error)),
            runs.Sum(r => r.Pairs));
    }

    /// <summary>
    /// How far the runs' estimates spread beyond their own intervals (<see cref="Baselines.Tolerances.RunToRun"/>): the
    /// variance of their logs at its upper bound, less their mean squared standard error, as a standard deviation; 0
    /// where even the bound stays within what the runs' own intervals show.
    /// </summary>
    public static double Swing(IReadOnlyList<RatioEstimate> runs)
    {
        if (runs.Count < 2)
            return 0;

        var logs = runs.Select(r => Math.Log(r.Value)).ToList();
        var excess = UpperBoundOfVariance(SampleMoments.Variance(logs), logs.Count)
                     - runs.Select(OwnError).Average(e => e * e);
        return excess > 0 ? RoundUp(Math.Sqrt(excess), Distributions.ToleranceStep) : 0;
    }

    /// <summary>
    /// The one-sided upper confidence bound of a variance from <paramref name="count"/> values: estimate × (n − 1) ÷
    /// χ²(0.05; n − 1), the χ² quantile from its table up to 10 degrees of freedom, by Wilson–Hilferty beyond. A fixed
    /// margin lets a few runs that agree by luck set too tight a bound.
    /// </summary>
    public static double UpperBoundOfVariance(double variance, int count)
    {
        var k = count - 1;
        var cube = 1 - (2.0 / (9 * k)) - (Distributions.NormalQuantile95 * Math.Sqrt(2.0 / (9 * k)));
        return variance * k / (k <= ChiSquare05.Length ? ChiSquare05[k - 1] : k * cube * cube * cube);
    }

    private static readonly double[] ChiSquare05 =
        [0.00393, 0.1026, 0.3518, 0.7107, 1.1455, 1.6354, 2.1673, 2.7326, 3.3251, 3.9403];

    /// <summary>A run's standard error from its own interval; a run without one adds no error of its own.</summary>
    private static double OwnError(RatioEstimate run) =>
        Distributions.StandardError(run.Lower, run.Upper) is var error && double.IsFinite(error) ? error : 0;

    /// <summary>Up to the next multiple of <paramref name="step"/>, without a binary fraction's tail.</summary>
    public static double RoundUp(double value, double step) =>
        Math.Round(Math.Ceiling((value / step) - 1e-9) * step, 6);
}
