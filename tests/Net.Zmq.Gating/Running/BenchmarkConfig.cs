using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using BenchmarkDotNet.Validators;

namespace NetZmqTests.Gating.Running;

/// <summary>The suite's one BenchmarkDotNet configuration (<see cref="BenchmarkSession"/>).</summary>
public static class BenchmarkConfig
{
    /// <summary>
    /// How long a cell may run before BenchmarkDotNet abandons it: a backstop only (every socket wait has its own
    /// deadline), so it scales with the batch's slowest estimated cell rather than being a time the code must beat.
    /// </summary>
    public static TimeSpan CellTimeout(IEnumerable<double> estimatedSeconds) =>
        TimeSpan.FromSeconds(Math.Max(MinimumBackstop.TotalSeconds,
            BackstopFactor * estimatedSeconds.DefaultIfEmpty(0).Max()));

    private const double BackstopFactor = 20;

    private static readonly TimeSpan MinimumBackstop = TimeSpan.FromMinutes(15);

    /// <summary>
    /// No BenchmarkDotNet warm-up: the benchmark warms each fresh workload itself (BenchmarkDotNet's would warm the
    /// first block only).
    /// </summary>
    internal static ManualConfig Create(
        int iterations, TimeSpan cellTimeout, string artifactsPath, LineLogger logger) => ManualConfig.CreateEmpty()
            .AddJob(new Job("Gate")
                .WithStrategy(RunStrategy.Monitoring)
                .WithLaunchCount(1)
                .WithWarmupCount(0)
                .WithIterationCount(iterations)
                .WithInvocationCount(1)
                .WithUnrollFactor(1)
                .WithToolchain(new InProcessEmitToolchain(cellTimeout, logOutput: true)))
            .AddLogger(logger)
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddValidator(JitOptimizationsValidator.FailOnError)
            .WithArtifactsPath(artifactsPath)
            .WithOptions(ConfigOptions.DisableLogFile);
}
