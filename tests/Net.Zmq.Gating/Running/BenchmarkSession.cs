using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using BenchmarkDotNet.Validators;
using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Gating.Running;

/// <summary>What the measured code tells the session about one case id.</summary>
/// <param name="Explain">Why a case failed, when the benchmark recorded a reason (the log has the rest).</param>
/// <param name="MemorySamples">What the process allocated and collected during each operation the benchmark ran,
/// in order.</param>
public sealed record BenchmarkCases(
    Type BenchmarkType,
    string CaseParameter,
    IReadOnlyList<string> CaseIds,
    Func<string, (CaseIdentity Identity, int MessagesPerOperation, int MessageBytes)> Describe,
    Func<string, string?> Explain,
    Func<string, IReadOnlyList<OperationMemory>> MemorySamples);

/// <summary>One operation's managed allocation in bytes (what the benchmark counts) and the garbage collections (process-wide) during it.</summary>
public readonly record struct OperationMemory(long Bytes, int Gen0, int Gen1, int Gen2);

/// <summary>
/// Runs BenchmarkDotNet in-process with the suite's one configuration and turns its Summary into measurements.
/// The Summary is validated before anything is read from it: every requested case ran and succeeded, and no
/// validator reported a critical error (optimization included).
/// <para>
/// Cases are run in the profile's rounds, each round in batches of equal iteration count (one BenchmarkDotNet
/// run each), and their samples pooled. Bytes per operation are the median over every measured operation of
/// what the benchmark counted during it (<see cref="OperationMemory"/>): a single operation's reading, which is
/// what BenchmarkDotNet's MemoryDiagnoser takes, can hold a test host's background allocation whole. Gen0/1/2
/// are the collections counted around every operation, per 1,000 operations. MemoryDiagnoser is not used: it runs one more operation per case and round,
/// which for messages of 64 KiB and more cost as much as the measurement itself.
/// </para>
/// </summary>
public static class BenchmarkSession
{
    /// <summary>A case may run this long in total before BenchmarkDotNet abandons it (the workloads' own deadlines are shorter).</summary>
    private static readonly TimeSpan CaseTimeout = TimeSpan.FromMinutes(3);

    public static string BenchmarkDotNetVersion =>
        typeof(BenchmarkRunner).Assembly.GetName().Version?.ToString(3) ?? "unknown";

    public static IReadOnlyList<CaseMeasurement> Run(BenchmarkCases cases, MeasurementProfile profile, string artifactsPath, Action<string> writeLine)
    {
        OptimizationCheck.RequireOptimized([cases.BenchmarkType.Assembly, typeof(BenchmarkSession).Assembly,
            .. cases.BenchmarkType.Assembly.GetReferencedAssemblies()
                .Where(a => a.Name?.StartsWith("Net.Zmq.", StringComparison.Ordinal) == true)
                .Select(System.Reflection.Assembly.Load)]);

        var samples = cases.CaseIds.ToDictionary(id => id, _ => new CaseSamples(), StringComparer.Ordinal);
        var failures = new List<string>();
        for (var round = 0; round < profile.Rounds; round++)
        {
            // Odd rounds go through the cases backwards, so that no case is always measured first or last.
            var order = round % 2 == 0 ? cases.CaseIds : cases.CaseIds.Reverse().ToList();
            foreach (var batch in order.GroupBy(id => profile.IterationsFor(cases.Describe(id).MessageBytes)))
            {
                writeLine($"round {round + 1} of {profile.Rounds}: {batch.Count()} cases, {batch.Key} operations each");
                RunLogged(cases with { CaseIds = batch.ToList() }, profile, batch.Key, artifactsPath, writeLine, samples, failures);
            }

            if (failures.Count > 0)
            {
                break;
            }
        }

        if (failures.Count > 0)
        {
            throw new InvalidOperationException($"{failures.Count} of {cases.CaseIds.Count} cases have no valid measurement:\n" + string.Join("\n", failures));
        }

        return cases.CaseIds.Select(id =>
        {
            var (identity, messages, bytes) = cases.Describe(id);
            var s = samples[id];
            // A case measured again (to confirm a failed gate) has its earlier operations' records first: this run's are the last.
            var recorded = cases.MemorySamples(id);
            if (s.Times.Count != profile.SamplesFor(bytes) || recorded.Count < s.Times.Count)
            {
                throw new InvalidOperationException(
                    $"{id}: {s.Times.Count} timed and {recorded.Count} allocation-counted operations, expected {profile.SamplesFor(bytes)}");
            }

            var memory = recorded.Skip(recorded.Count - s.Times.Count).ToList();

            return new CaseMeasurement(identity, messages, bytes, s.Times,
                Statistics.Quantiles.Median(memory.Select(m => (double)m.Bytes).ToList()),
                memory.Average(m => m.Gen0) * 1000, memory.Average(m => m.Gen1) * 1000, memory.Average(m => m.Gen2) * 1000);
        }).ToList();
    }

    /// <summary>One case's samples, pooled over rounds.</summary>
    private sealed class CaseSamples
    {
        public List<double> Times { get; } = [];
    }

    private static void RunLogged(BenchmarkCases cases, MeasurementProfile profile, int iterations, string artifactsPath, Action<string> writeLine,
        Dictionary<string, CaseSamples> samples, List<string> failures)
    {
        var logger = new LineLogger();
        try
        {
            RunBatch(cases, profile, iterations, artifactsPath, logger, samples, failures);
        }
        finally
        {
            logger.Drain(writeLine);
        }
    }

    private static void RunBatch(BenchmarkCases cases, MeasurementProfile profile, int iterations, string artifactsPath, LineLogger logger,
        Dictionary<string, CaseSamples> samples, List<string> failures)
    {
        var config = CreateConfig(profile.WarmupIterations, iterations, artifactsPath, logger);
        var all = BenchmarkConverter.TypeToBenchmarks(cases.BenchmarkType, config);
        var wanted = cases.CaseIds.ToHashSet(StringComparer.Ordinal);
        var selected = all.BenchmarksCases.Where(b => wanted.Contains(CaseIdOf(b, cases.CaseParameter))).ToArray();
        var missing = wanted.Except(selected.Select(b => CaseIdOf(b, cases.CaseParameter))).ToList();
        if (missing.Count > 0)
        {
            throw new InvalidOperationException(
                $"{cases.BenchmarkType.Name} offers no benchmark for: {string.Join(", ", missing)} (its {cases.CaseParameter} source must list every case)");
        }

        var summary = BenchmarkRunner.Run(new BenchmarkRunInfo(selected, cases.BenchmarkType, all.Config));

        var critical = summary.ValidationErrors.Where(e => e.IsCritical).ToList();
        if (critical.Count > 0)
        {
            throw new InvalidOperationException(
                "BenchmarkDotNet refused to run: " + string.Join("; ", critical.Select(e => e.Message)));
        }

        foreach (var benchmark in selected)
        {
            var id = CaseIdOf(benchmark, cases.CaseParameter);
            var report = summary.Reports.FirstOrDefault(r => r.BenchmarkCase == benchmark);
            if (report is null || !report.Success || report.ResultStatistics is null)
            {
                failures.Add($"{id}: {cases.Explain(id) ?? "did not complete; the BenchmarkDotNet log above says why"}");
                continue;
            }

            var times = report.AllMeasurements
                .Where(m => m.IterationMode == IterationMode.Workload && m.IterationStage == IterationStage.Actual)
                .Select(m => m.Nanoseconds / m.Operations)
                .ToList();
            if (times.Count != iterations)
            {
                failures.Add($"{id}: {times.Count} measured iterations, expected {iterations}");
                continue;
            }

            samples[id].Times.AddRange(times);
        }
    }

    private static string CaseIdOf(BenchmarkCase benchmark, string parameter) =>
        benchmark.Parameters[parameter] as string
        ?? throw new InvalidOperationException($"{benchmark.Descriptor.Type.Name} has no string parameter '{parameter}'");

    private static ManualConfig CreateConfig(int warmups, int iterations, string artifactsPath, LineLogger logger)
    {
        var job = new Job("Gate")
            .WithStrategy(RunStrategy.Monitoring)
            .WithLaunchCount(1)
            .WithWarmupCount(warmups)
            .WithIterationCount(iterations)
            .WithInvocationCount(1)
            .WithUnrollFactor(1)
            .WithToolchain(new InProcessEmitToolchain(CaseTimeout, logOutput: true));

        var config = ManualConfig.CreateEmpty()
            .AddJob(job)
            .AddLogger(logger)
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddValidator(JitOptimizationsValidator.FailOnError)
            .WithArtifactsPath(artifactsPath)
            .WithOptions(ConfigOptions.DisableLogFile);
        return config;
    }
}
