namespace NetZmqTests.Gating.Statistics;

/// <summary>
/// One ratio's log-ratios from a run of several processes, one list per process, one value per block (a fresh pair of
/// workloads). The processes are the top level of repetition: a state of one whole process (where its code landed,
/// how its threads met) moves every block of it, so an interval over the blocks alone is too narrow whenever processes
/// differ. After Kalibera and Jones, the variance of the mean of the process means has two components,
/// σ²(process) ÷ P + σ²(block) ÷ (P·b): this type estimates both from one case's blocks, and <see cref="ProcessLevel"/>
/// makes the interval.
/// </summary>
public sealed record ProcessSamples(IReadOnlyList<IReadOnlyList<double>> BlocksByProcess)
{
    public int Processes => BlocksByProcess.Count;

    /// <summary>Each process's mean log-ratio.</summary>
    public IReadOnlyList<double> Means => [.. BlocksByProcess.Select(b => b.Average())];

    /// <summary>
    /// Degrees of freedom of the blocks within processes: none where every process measured one block.
    /// </summary>
    public int WithinDegreesOfFreedom => BlocksByProcess.Sum(b => b.Count - 1);

    /// <summary>The pooled variance of blocks within a process (σ²(block)); 0 without degrees of freedom.</summary>
    public double WithinVariance => WithinDegreesOfFreedom == 0 ? 0
        : BlocksByProcess.Sum(b => { var m = b.Average(); return b.Sum(v => (v - m) * (v - m)); }) / WithinDegreesOfFreedom;

    /// <summary>The harmonic mean of blocks per process (what σ²(block) is divided by in a process mean).</summary>
    public double BlocksPerProcess => Processes / BlocksByProcess.Sum(b => 1.0 / b.Count);

    /// <summary>The variance of the process means: σ²(process) + σ²(block) ÷ b in expectation.</summary>
    public double BetweenVariance
    {
        get
        {
            var means = Means;
            var mean = means.Average();
            return means.Sum(m => (m - mean) * (m - mean)) / (Processes - 1);
        }
    }

    /// <summary>
    /// This case's unbiased estimate of σ²(process), possibly negative; null without blocks within processes to
    /// separate it.
    /// </summary>
    public double? ProcessComponent => Processes < 2 || WithinDegreesOfFreedom == 0 ? null : BetweenVariance - (WithinVariance / BlocksPerProcess);
}

/// <summary>The interval of a ratio measured in several processes (<see cref="ProcessSamples"/>).</summary>
public static class ProcessLevel
{
    /// <summary>
    /// The ratio as the mean of the process means, its 95 % interval from σ²(process) ÷ P + σ²(block) ÷ (P·b), each
    /// component the case's own (σ²(process) truncated at 0), with Welch-Satterthwaite degrees of freedom: P − 1 for
    /// the process part, the blocks' within processes for theirs. Where no process measured two blocks, the process
    /// means are the samples (Student's t, P − 1 degrees of freedom). A state of one process then widens the interval
    /// of the cases it moved, and only theirs (seen: one case 1.34 × in one process of two, its cell's other cases
    /// agreeing).
    /// </summary>
    public static RatioEstimate Estimate(ProcessSamples samples)
    {
        var p = samples.Processes;
        if (p < 2)
        {
            throw new ArgumentException("A process-level interval needs at least two processes.", nameof(samples));
        }

        var estimate = samples.Means.Average();
        double variance, degrees;
        if (samples.ProcessComponent is not { } component)
        {
            variance = samples.BetweenVariance / p;
            degrees = p - 1;
        }
        else
        {
            var process = Math.Max(0, component) / p;
            var blocks = samples.WithinVariance / (p * samples.BlocksPerProcess);
            variance = process + blocks;
            var share = (process * process / (p - 1)) + (blocks * blocks / samples.WithinDegreesOfFreedom);
            degrees = share <= 0 ? samples.WithinDegreesOfFreedom : variance * variance / share;
        }

        var half = Distributions.StudentQuantile975(degrees) * Math.Sqrt(variance);
        return new RatioEstimate(Math.Exp(estimate), Math.Exp(estimate - half), Math.Exp(estimate + half))
        {
            Pairs = samples.BlocksByProcess.Sum(b => b.Count),
        };
    }
}
