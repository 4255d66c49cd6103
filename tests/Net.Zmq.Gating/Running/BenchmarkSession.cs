using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// Runs BenchmarkDotNet in-process with the suite's one configuration, one iteration per operation, and turns its
/// per-iteration measurements into per-case measurements. Each cell's benchmark runs its schedule
/// (<see cref="InterleavedSchedule"/>): the cell's cases in alternation. BenchmarkDotNet times every operation;
/// the benchmark's own record of each says which case it was, so the times are attributed by the record, checked
/// against the schedule, never by position alone.
/// <para>
/// The Summary is validated before anything is read from it: every cell ran and succeeded, and no validator
/// reported a critical error (optimization included). Bytes per operation are the median over a case's operations
/// of what the benchmark counted; Gen0/1/2 are collections counted around every operation, per 1,000 operations.
/// </para>
/// </summary>
public static class BenchmarkSession
{
    public static string BenchmarkDotNetVersion =>
        typeof(BenchmarkRunner).Assembly.GetName().Version?.ToString(3) ?? "unknown";

    public static IReadOnlyList<CaseMeasurement> Run(InterleavedCells cells, string artifactsPath, Action<string> writeLine)
    {
        OptimizationCheck.RequireOptimized([cells.BenchmarkType.Assembly, typeof(BenchmarkSession).Assembly,
            .. cells.BenchmarkType.Assembly.GetReferencedAssemblies()
                .Where(a => a.Name?.StartsWith("Net.Zmq.", StringComparison.Ordinal) == true)
                .Select(System.Reflection.Assembly.Load)]);

        var times = new Dictionary<string, IReadOnlyList<double>>(StringComparer.Ordinal);
        var failures = new List<string>();
        var batches = cells.Schedules.GroupBy(s => s.Value.Count).OrderBy(b => b.Key).ToList();
        var done = 0;
        foreach (var batch in batches)
        {
            var ids = batch.Select(s => s.Key).ToList();
            writeLine($"measuring cells {done + 1}-{done + ids.Count} of {cells.Schedules.Count}: {batch.Key} operations each, interleaved");
            RunLogged(cells, ids, batch.Key, artifactsPath, writeLine, times, failures);
            done += ids.Count;
            if (failures.Count > 0)
            {
                break;
            }
        }

        if (failures.Count > 0)
        {
            throw new InvalidOperationException($"{failures.Count} of {cells.Schedules.Count} cells have no valid measurement:\n" + string.Join("\n", failures));
        }

        return cells.Schedules.SelectMany(cell => Attribute(cells, cell.Key, cell.Value, times[cell.Key])).ToList();
    }

    /// <summary>
    /// A cell's timed operations, split by case: the last records are the measured iterations' (earlier ones were
    /// jitting or warm-up).
    /// </summary>
    private static IEnumerable<CaseMeasurement> Attribute(InterleavedCells cells, string cell, IReadOnlyList<ScheduledOperation> schedule, IReadOnlyList<double> nanoseconds)
    {
        var records = cells.Records(cell);
        if (records.Count < nanoseconds.Count)
        {
            throw new InvalidOperationException($"{cell}: {nanoseconds.Count} timed operations but only {records.Count} recorded");
        }

        var measured = records.Skip(records.Count - nanoseconds.Count).ToList();
        for (var i = 0; i < measured.Count; i++)
        {
            if (measured[i].Scheduled != schedule[i])
            {
                throw new InvalidOperationException(
                    $"{cell}: measured operation {i} ran {measured[i].Scheduled} where the schedule has {schedule[i]}: times cannot be attributed");
            }
        }

        return measured
            .Select((record, i) => (record, ns: nanoseconds[i]))
            .GroupBy(x => x.record.Scheduled.CaseId)
            .Select(ops =>
            {
                var list = ops.ToList();
                var bytes = list.Select(o => (double)o.record.Bytes).ToList();
                var process = list.Where(o => o.record.ProcessBytes is not null).Select(o => (double)o.record.ProcessBytes!.Value).ToList();
                return new CaseMeasurement(cells.Identify(ops.Key), cells.MessagesPerOperation, cells.MessageBytes(ops.Key),
                    list.Select(o => o.ns).ToList(),
                    Statistics.Quantiles.Median(bytes),
                    list.Average(o => o.record.Gen0) * 1000, list.Average(o => o.record.Gen1) * 1000, list.Average(o => o.record.Gen2) * 1000)
                {
                    PairingUnits = list.Select(o => o.record.Scheduled.Unit).ToList(),
                    Blocks = list.Select(o => o.record.Scheduled.Block).ToList(),
                    ProcessBytesPerOperation = process.Count > 0 ? Statistics.Quantiles.Median(process) : null,
                    CpuNanosecondsPerOperation = list.All(o => o.record.CpuNanoseconds > 0) ? list.Select(o => (double)o.record.CpuNanoseconds).ToList() : [],
                    NeighbourCpus = cells.NeighbourCpus(cell),
                };
            });
    }

    private static void RunLogged(InterleavedCells cells, IReadOnlyList<string> ids, int iterations, string artifactsPath, Action<string> writeLine,
        Dictionary<string, IReadOnlyList<double>> times, List<string> failures)
    {
        var logger = new LineLogger();
        try
        {
            RunBatch(cells, ids, iterations, artifactsPath, logger, times, failures);
        }
        finally
        {
            logger.Drain(writeLine);
        }
    }

    private static void RunBatch(InterleavedCells cells, IReadOnlyList<string> ids, int iterations, string artifactsPath, LineLogger logger,
        Dictionary<string, IReadOnlyList<double>> times, List<string> failures)
    {
        var config = BenchmarkConfig.Create(iterations, BenchmarkConfig.CellTimeout(ids.Select(cells.EstimatedSeconds)), artifactsPath, logger);
        var all = BenchmarkConverter.TypeToBenchmarks(cells.BenchmarkType, config);
        var selected = SelectedBenchmarks(cells, ids, all);
        var summary = BenchmarkRunner.Run(new BenchmarkRunInfo(selected, cells.BenchmarkType, all.Config));

        var critical = summary.ValidationErrors.Where(e => e.IsCritical).ToList();
        if (critical.Count > 0)
        {
            throw new InvalidOperationException(
                "BenchmarkDotNet refused to run: " + string.Join("; ", critical.Select(e => e.Message)));
        }

        CollectTimes(cells, selected, summary, iterations, times, failures);
    }

    /// <summary>
    /// The benchmarks of the cells <paramref name="ids"/> names, in the type's order; an error naming any cell the type
    /// does not offer.
    /// </summary>
    private static BenchmarkCase[] SelectedBenchmarks(InterleavedCells cells, IReadOnlyList<string> ids, BenchmarkRunInfo all)
    {
        var wanted = ids.ToHashSet(StringComparer.Ordinal);
        var selected = all.BenchmarksCases.Where(b => wanted.Contains(CellOf(b, cells.CellParameter))).ToArray();
        var missing = wanted.Except(selected.Select(b => CellOf(b, cells.CellParameter))).ToList();
        if (missing.Count > 0)
        {
            throw new InvalidOperationException(
                $"{cells.BenchmarkType.Name} offers no benchmark for: {string.Join(", ", missing)} (its {cells.CellParameter} source must list every cell)");
        }

        return selected;
    }

    /// <summary>
    /// Puts each cell's per-operation times into <paramref name="times"/>, or why it has none into
    /// <paramref name="failures"/>.
    /// </summary>
    private static void CollectTimes(InterleavedCells cells, BenchmarkCase[] selected, Summary summary, int iterations,
        Dictionary<string, IReadOnlyList<double>> times, List<string> failures)
    {
        foreach (var benchmark in selected)
        {
            var id = CellOf(benchmark, cells.CellParameter);
            var report = summary.Reports.FirstOrDefault(r => r.BenchmarkCase == benchmark);
            if (report is null || !report.Success || report.ResultStatistics is null)
            {
                failures.Add($"{id}: {cells.Explain(id) ?? "did not complete; the BenchmarkDotNet log above says why"}");
                continue;
            }

            var measured = report.AllMeasurements
                .Where(m => m.IterationMode == IterationMode.Workload && m.IterationStage == IterationStage.Actual)
                .Select(m => m.Nanoseconds / m.Operations)
                .ToList();
            if (measured.Count != iterations)
            {
                failures.Add($"{id}: {measured.Count} measured iterations, expected {iterations}");
                continue;
            }

            times[id] = measured;
        }
    }

    private static string CellOf(BenchmarkCase benchmark, string parameter) =>
        benchmark.Parameters[parameter] as string
        ?? throw new InvalidOperationException($"{benchmark.Descriptor.Type.Name} has no string parameter '{parameter}'");
}
