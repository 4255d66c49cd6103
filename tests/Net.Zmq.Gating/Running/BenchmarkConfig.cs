using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using BenchmarkDotNet.Validators;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// The suite's one BenchmarkDotNet configuration (<see cref="BenchmarkSession"/>), and how long a cell may run in it.
/// </summary>
public static class BenchmarkConfig
{
    /// <summary>
    /// How long BenchmarkDotNet lets a cell run before abandoning it: a backstop only, since every socket wait of a
    /// workload has its own deadline and an operation's messages are counted, so a cell cannot hang. It is never an
    /// absolute time the code must beat: a fixed 4 minutes failed a whole run on a machine where the 256 KiB cells ran
    /// 3 × longer than where it was set. So it is <see cref="BackstopFactor"/> times the batch's slowest estimated
    /// cell, and never under <see cref="MinimumBackstop"/>.
    /// </summary>
    public static TimeSpan CellTimeout(IEnumerable<double> estimatedSeconds) =>
        TimeSpan.FromSeconds(Math.Max(MinimumBackstop.TotalSeconds, BackstopFactor * estimatedSeconds.DefaultIfEmpty(0).Max()));

    private const double BackstopFactor = 20;

    private static readonly TimeSpan MinimumBackstop = TimeSpan.FromMinutes(15);

    /// <summary>
    /// No BenchmarkDotNet warm-up: the benchmark warms each fresh workload itself, untimed, before the schedule's
    /// first operation on it (BenchmarkDotNet's warm-up would run before the first block only, and would have to
    /// take operations out of the schedule).
    /// </summary>
    internal static ManualConfig Create(int iterations, TimeSpan cellTimeout, string artifactsPath, LineLogger logger)
    {
        var job = new Job("Gate")
            .WithStrategy(RunStrategy.Monitoring)
            .WithLaunchCount(1)
            .WithWarmupCount(0)
            .WithIterationCount(iterations)
            .WithInvocationCount(1)
            .WithUnrollFactor(1)
            .WithToolchain(new InProcessEmitToolchain(cellTimeout, logOutput: true));

        return ManualConfig.CreateEmpty()
            .AddJob(job)
            .AddLogger(logger)
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddValidator(JitOptimizationsValidator.FailOnError)
            .WithArtifactsPath(artifactsPath)
            .WithOptions(ConfigOptions.DisableLogFile);
    }
}
