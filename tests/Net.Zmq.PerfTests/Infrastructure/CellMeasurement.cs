using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.PerfTests.Benchmarks;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// Measures catalog cases the one way this suite measures time: by cell (<see cref="CaseDefinition.Cell"/>: one
/// suite, pattern, transport and size, every driver and variant), each cell's cases interleaved on shared workloads
/// (<see cref="CellBenchmarks"/>), so that every ratio the gates judge comes from paired operations.
/// </summary>
internal static class CellMeasurement
{
    /// <summary>Pairing units are numbered across the whole process: operations of different cells, or of a cell measured again, never pair.</summary>
    private static int _nextUnit;

    public static IReadOnlyList<CaseMeasurement> Measure(IReadOnlyList<CaseDefinition> cases, MeasurementProfile profile, InjectionPlan? injection,
        ThreadPlacement placement, string artifactsDirectory, Action<string> log, Action<string> progress)
    {
        var schedules = new Dictionary<string, IReadOnlyList<ScheduledOperation>>(StringComparer.Ordinal);
        var warmups = new Dictionary<string, int>(StringComparer.Ordinal);
        foreach (var cell in cases.GroupBy(c => c.Cell))
        {
            var ids = cell.Select(c => c.Id).ToList();
            var sampling = profile.For(PerfCases.HasLongOperations(cell.First()), ids.Count);
            schedules[cell.Key] = InterleavedSchedule.For(new MeasurementCell(cell.Key, ids, cell.First().MessageSize),
                sampling.Blocks, sampling.UnitsPerBlock, Interlocked.Add(ref _nextUnit, sampling.Pairs) - sampling.Pairs);
            warmups[cell.Key] = sampling.WarmupOperations;
        }

        // The drivers' own assemblies are measured too, and the Net.Zmq driver is not a reference of this one (it is
        // loaded per build into a context of its own), so BenchmarkDotNet's check does not see it.
        OptimizationCheck.RequireOptimized(cases.Select(c => ZmqDrivers.Get(c.Driver)).Distinct().Select(d => d.GetType().Assembly).Distinct());
        CellBenchmarks.Schedules = schedules;
        CellBenchmarks.WarmupOperations = cell => warmups[cell];
        CellBenchmarks.Injection = injection;
        CellBenchmarks.Placement = placement;
        CellBenchmarks.Failures.Clear();
        var estimates = schedules.ToDictionary(s => s.Key,
            s => PerfCases.EstimatedSeconds(CaseCatalog.Get(s.Value[0].CaseId), s.Value.Count, s.Value.Max(o => o.Block) + 1));
        CellBenchmarks.CellStarted = new RunProgress(estimates, progress).CellStarted;
        try
        {
            return BenchmarkSession.Run(new InterleavedCells(
                    typeof(CellBenchmarks),
                    nameof(CellBenchmarks.CellId),
                    schedules,
                    id => PerfCases.Identify(CaseCatalog.Get(id)),
                    id => CaseCatalog.Get(id).MessageSize,
                    CaseCatalog.MessagesPerOperation,
                    cell => CellBenchmarks.Failures.TryGetValue(cell, out var reason) ? reason : null,
                    CellBenchmarks.RecordsOf,
                    CellBenchmarks.NeighbourCpusOf,
                    cell => estimates[cell]),
                Path.Combine(artifactsDirectory, "bdn"), log);
        }
        finally
        {
            CellBenchmarks.Injection = null;
            CellBenchmarks.CellStarted = null;
        }
    }
}
