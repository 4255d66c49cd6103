namespace NetZmqTests.Gating.Statistics;

/// <summary>The one home of the sample variance and of Student's t interval of a mean.</summary>
public static class SampleMoments
{
    /// <summary>Σ (x − mean)², what every variance here is made of.</summary>
    public static double SumOfSquares(IReadOnlyList<double> values)
    {
        var mean = values.Average();
        return values.Sum(v => (v - mean) * (v - mean));
    }

    /// <summary>The sample variance (over n − 1).</summary>
    public static double Variance(IReadOnlyList<double> values) => SumOfSquares(values) / (values.Count - 1);

    /// <summary>Half the two-sided Student's t interval of the mean: t(n − 1) · s ÷ √n.</summary>
    public static double MeanHalfWidth(IReadOnlyList<double> values, double confidence = Distributions.Confidence) =>
        Distributions.StudentQuantile(values.Count - 1, confidence) * Math.Sqrt(Variance(values))
        / Math.Sqrt(values.Count);
}
