using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Processes;

/// <summary>
/// Measures catalog cases by cell (<see cref="CaseDefinition.Cell"/>), each cell's cases interleaved on shared
/// workloads (<see cref="CellBenchmarks"/>), so every ratio the gates judge comes from paired operations.
/// </summary>
internal static class CellMeasurement
{
    /// <summary>Units are numbered process-wide: operations of different cells or passes never pair.</summary>
    private static int _nextUnit;

    /// <summary>Each cell's interleaved schedule, from the profile's sampling of it and this process's seed.</summary>
    private static Dictionary<string, CellPlan> Plans(
        IReadOnlyList<CaseDefinition> cases, MeasurementProfile profile) =>
        cases.GroupBy(c => c.Cell).ToDictionary(cell => cell.Key, cell =>
        {
            var ids = cell.Select(c => c.Id).ToList();
            var sampling = PerfCases.SamplingOf(cell.ToList(), profile);
            return new CellPlan(InterleavedSchedule.For(new MeasurementCell(cell.Key, ids, cell.First().MessageSize),
                    sampling.Blocks, sampling.UnitsPerBlock,
                    Interlocked.Add(ref _nextUnit, sampling.Pairs) - sampling.Pairs, RunSeed.Process),
                cell.ToDictionary(c => c.Id, StringComparer.Ordinal), sampling.WarmupOperations);
        }, StringComparer.Ordinal);

    public static IReadOnlyList<CaseMeasurement> Measure(
        IReadOnlyList<CaseDefinition> cases, MeasurementProfile profile, InjectionPlan? injection,
        ThreadPlacement placement, string artifactsDirectory, Action<string> log, Action<string> progress)
    {
        var plans = Plans(cases, profile);
        // The drivers' own assemblies are measured too, and the Net.Zmq driver is not a reference of this one (it is
        // loaded per build into a context of its own), so BenchmarkDotNet's check does not see it.
        OptimizationCheck.RequireOptimized(
            cases.Select(c => ZmqDrivers.Get(c.Driver)).Distinct().Select(d => d.GetType().Assembly).Distinct());
        var byId = cases.ToDictionary(c => c.Id, StringComparer.Ordinal);
        var estimates = plans.ToDictionary(p => p.Key,
            p => PerfCases.EstimatedSeconds(
                p.Value.Cases.Values.First(), p.Value.Schedule.Count, p.Value.Schedule.Max(o => o.Block) + 1));
        var run = new CellBenchmarkState(plans, injection, placement, new RunProgress(estimates, progress).CellStarted);
        CellBenchmarks.Current = run;
        try
        {
            return BenchmarkSession.Run(new InterleavedCells(
                    typeof(CellBenchmarks),
                    nameof(CellBenchmarks.CellId),
                    plans.ToDictionary(p => p.Key, p => p.Value.Schedule, StringComparer.Ordinal),
                    id => PerfCases.Identify(byId[id]),
                    id => byId[id].MessageSize,
                    CaseCatalog.MessagesPerOperation,
                    run,
                    cell => estimates[cell]),
                Path.Combine(artifactsDirectory, "bdn"), log);
        }
        finally
        {
            CellBenchmarks.Current = null;
        }
    }
}
