using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// Runs BenchmarkDotNet in-process, one iteration per operation of each cell's <see cref="InterleavedSchedule"/>, and
/// attributes each time to its case by the benchmark's own record, checked against the schedule, never by position.
/// The Summary is validated before anything is read from it: every cell ran and succeeded, no critical error.
/// </summary>
public static class BenchmarkSession
{
    public static string BenchmarkDotNetVersion =>
        typeof(BenchmarkRunner).Assembly.GetName().Version?.ToString(3) ?? "unknown";

    public static IReadOnlyList<CaseMeasurement> Run(InterleavedCells cells, string artifactsPath,
        Action<string> writeLine)
    {
        OptimizationCheck.RequireOptimized([cells.BenchmarkType.Assembly, typeof(BenchmarkSession).Assembly,
            .. cells.BenchmarkType.Assembly.GetReferencedAssemblies()
                .Where(a => a.Name?.StartsWith("Net.Zmq.", StringComparison.Ordinal) == true)
                .Select(System.Reflection.Assembly.Load)]);

        var times = new Dictionary<string, IReadOnlyList<double>>(StringComparer.Ordinal);
        var failures = new List<string>();
        var done = 0;
        foreach (var batch in cells.Schedules.GroupBy(s => s.Value.Count).OrderBy(b => b.Key))
        {
            var ids = batch.Select(s => s.Key).ToList();
            writeLine($"measuring cells {done + 1}-{done + ids.Count} of {cells.Schedules.Count}: " +
                      $"{batch.Key} operations each, interleaved");
            RunBatch(cells, ids, batch.Key, artifactsPath, writeLine, times, failures);
            done += ids.Count;
            if (failures.Count > 0)
            {
                throw new InvalidOperationException($"{failures.Count} of {cells.Schedules.Count} cells have no " +
                                                    "valid measurement:\n" + string.Join("\n", failures));
            }
        }

        return cells.Schedules.SelectMany(cell => Attribute(cells, cell.Key, cell.Value, times[cell.Key])).ToList();
    }

    /// <summary>
    /// A cell's timed operations, split by case: the last records are the measured iterations' (earlier ones were
    /// jitting or warm-up).
    /// </summary>
    private static IEnumerable<CaseMeasurement> Attribute(InterleavedCells cells, string cell,
        IReadOnlyList<ScheduledOperation> schedule, IReadOnlyList<double> nanoseconds)
    {
        var records = cells.Recorded.Records.GetValueOrDefault(cell) ?? [];
        if (records.Count < nanoseconds.Count)
        {
            throw new InvalidOperationException(
                $"{cell}: {nanoseconds.Count} timed operations but only {records.Count} recorded");
        }

        var measured = records.Skip(records.Count - nanoseconds.Count).ToList();
        if (Enumerable.Range(0, measured.Count).FirstOrDefault(i => measured[i].Scheduled != schedule[i], -1) is var i
            and >= 0)
        {
            throw new InvalidOperationException($"{cell}: measured operation {i} ran {measured[i].Scheduled} " +
                $"where the schedule has {schedule[i]}: times cannot be attributed");
        }

        return measured.Select((record, i) => (record, ns: nanoseconds[i]))
            .GroupBy(x => x.record.Scheduled.CaseId)
            .Select(ops => Measurement(cells, cell, ops.Key, [.. ops.Select(o => o.record)],
                [.. ops.Select(o => o.ns)]));
    }

    private static CaseMeasurement Measurement(InterleavedCells cells, string cell, string caseId,
        List<OperationRecord> records, List<double> nanoseconds)
    {
        var process = records.Where(r => r.ProcessBytes is not null)
            .Select(r => (double)r.ProcessBytes!.Value).ToList();
        return new CaseMeasurement(cells.Identify(caseId), cells.MessagesPerOperation, cells.MessageBytes(caseId),
            nanoseconds, Statistics.Quantiles.Median([.. records.Select(r => (double)r.Bytes)]),
            records.Average(r => r.Gen0) * 1000, records.Average(r => r.Gen1) * 1000,
            records.Average(r => r.Gen2) * 1000)
        {
            PairingUnits = [.. records.Select(r => r.Scheduled.Unit)],
            Blocks = [.. records.Select(r => r.Scheduled.Block)],
            ProcessBytesPerOperation = process.Count > 0 ? Statistics.Quantiles.Median(process) : null,
            CpuNanosecondsPerOperation = records.All(r => r.CpuNanoseconds > 0)
                ? [.. records.Select(r => (double)r.CpuNanoseconds)]
                : [],
            NeighbourCpus = cells.Recorded.Neighbours.TryGetValue(cell, out var cpus) ? cpus : null,
        };
    }

    /// <summary>One batch of cells, BenchmarkDotNet's log passed on to <paramref name="writeLine"/> after it.</summary>
    private static void RunBatch(InterleavedCells cells, IReadOnlyList<string> ids, int iterations,
        string artifactsPath, Action<string> writeLine, Dictionary<string, IReadOnlyList<double>> times,
        List<string> failures)
    {
        var logger = new LineLogger();
        var timeout = BenchmarkConfig.CellTimeout(ids.Select(cells.EstimatedSeconds));
        var all = BenchmarkConverter.TypeToBenchmarks(cells.BenchmarkType,
            BenchmarkConfig.Create(iterations, timeout, artifactsPath, logger));
        var selected = SelectedBenchmarks(cells, ids, all);
        Summary summary;
        try
        {
            summary = BenchmarkRunner.Run(new BenchmarkRunInfo(selected, cells.BenchmarkType, all.Config));
        }
        finally
        {
            logger.Drain(writeLine);
        }

        var critical = summary.ValidationErrors.Where(e => e.IsCritical).ToList();
        if (critical.Count > 0)
        {
            throw new InvalidOperationException(
                "BenchmarkDotNet refused to run: " + string.Join("; ", critical.Select(e => e.Message)));
        }

        CollectTimes(cells, selected, summary, iterations, times, failures);
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
                failures.Add($"{id}: " + (cells.Recorded.Failures.GetValueOrDefault(id)
                    ?? "did not complete; the BenchmarkDotNet log above says why"));
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

    /// <summary>The benchmarks of the cells <paramref name="ids"/> names; an error naming any the type lacks.</summary>
    private static BenchmarkCase[] SelectedBenchmarks(InterleavedCells cells, IReadOnlyList<string> ids,
        BenchmarkRunInfo all)
    {
        var wanted = ids.ToHashSet(StringComparer.Ordinal);
        var selected = all.BenchmarksCases.Where(b => wanted.Contains(CellOf(b, cells.CellParameter))).ToArray();
        var missing = wanted.Except(selected.Select(b => CellOf(b, cells.CellParameter))).ToList();
        return missing.Count == 0
            ? selected
            : throw new InvalidOperationException($"{cells.BenchmarkType.Name} offers no benchmark for: " +
                $"{string.Join(", ", missing)} (its {cells.CellParameter} source must list every cell)");
    }

    private static string CellOf(BenchmarkCase benchmark, string parameter) =>
        benchmark.Parameters[parameter] as string
        ?? throw new InvalidOperationException(
            $"{benchmark.Descriptor.Type.Name} has no string parameter '{parameter}'");
}
