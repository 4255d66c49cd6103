namespace NetZmqTests.Gating.Statistics;

/// <summary>
/// One ratio's log-ratios from a run of several processes, one list per process, one value per block. A state of one
/// whole process moves every block of it, so after Kalibera and Jones the variance of the mean of the process means
/// has two components, σ²(process) ÷ P + σ²(block) ÷ (P·b), estimated here from one case's blocks.
/// </summary>
public sealed record ProcessSamples(IReadOnlyList<IReadOnlyList<double>> BlocksByProcess)
{
    public int Processes => BlocksByProcess.Count;

    public IReadOnlyList<double> Means => [.. BlocksByProcess.Select(b => b.Average())];

    /// <summary>Degrees of freedom of blocks within processes: none where every process measured one block.</summary>
    public int WithinDegreesOfFreedom => BlocksByProcess.Sum(b => b.Count - 1);

    /// <summary>The pooled variance of blocks within a process (σ²(block)); 0 without degrees of freedom.</summary>
    public double WithinVariance => WithinDegreesOfFreedom == 0 ? 0
        : BlocksByProcess.Sum(SampleMoments.SumOfSquares) / WithinDegreesOfFreedom;

    /// <summary>The harmonic mean of blocks per process (what σ²(block) is divided by in a process mean).</summary>
    public double BlocksPerProcess => Processes / BlocksByProcess.Sum(b => 1.0 / b.Count);

    /// <summary>The variance of the process means: σ²(process) + σ²(block) ÷ b in expectation.</summary>
    public double BetweenVariance => SampleMoments.Variance(Means);

    /// <summary>
    /// This case's unbiased estimate of σ²(process), possibly negative; null without blocks within processes to
    /// separate it.
    /// </summary>
    public double? ProcessComponent => Processes < 2 || WithinDegreesOfFreedom == 0
        ? null
        : BetweenVariance - (WithinVariance / BlocksPerProcess);
}

/// <summary>The interval of a ratio measured in several processes (<see cref="ProcessSamples"/>).</summary>
public static class ProcessLevel
{
    /// <summary>
    /// The mean of the process means, its interval from both variance components (σ²(process) truncated at 0) with
    /// Welch-Satterthwaite degrees of freedom; where no process measured two blocks, Student's t over the process
    /// means. A state of one process then widens the interval of the cases it moved, and only theirs.
    /// </summary>
    public static RatioEstimate Estimate(ProcessSamples samples)
    {
        var p = samples.Processes;
        if (p < 2)
            throw new ArgumentException("A process-level interval needs at least two processes.", nameof(samples));

        var estimate = samples.Means.Average();
        var (variance, degrees) = samples.ProcessComponent is { } component
            ? Welch(samples, Math.Max(0, component) / p, samples.WithinVariance / (p * samples.BlocksPerProcess))
            : (samples.BetweenVariance / p, p - 1.0);
        var half = Distributions.StudentQuantile975(degrees) * Math.Sqrt(variance);
        return new RatioEstimate(Math.Exp(estimate), Math.Exp(estimate - half), Math.Exp(estimate + half),
            samples.BlocksByProcess.Sum(b => b.Count));
    }

    /// <summary>The mean's variance from its two components, with Welch-Satterthwaite degrees of freedom.</summary>
    private static (double Variance, double Degrees) Welch(ProcessSamples samples, double process, double blocks)
    {
        var (variance, within) = (process + blocks, samples.WithinDegreesOfFreedom);
        var share = (process * process / (samples.Processes - 1)) + (blocks * blocks / within);
        return (variance, share <= 0 ? within : variance * variance / share);
    }
}
