using System.Collections.Concurrent;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Orchestration.Processes;

/// <summary>One cell as planned: operations in order, cases as values, untimed operations warming a block.</summary>
/// <param name="Cases">The cell's cases by id, resolved once before anything is timed.</param>
internal sealed record CellPlan(IReadOnlyList<ScheduledOperation> Schedule, IReadOnlyDictionary<string, CaseDefinition> Cases, int WarmupOperations);

/// <summary>
/// What one measurement of cells shares with <see cref="CellBenchmarks"/>, which BenchmarkDotNet creates and so can be
/// handed nothing: plans and controls in, records and failures out; set around the runs.
/// </summary>
internal sealed class CellBenchmarkState(IReadOnlyDictionary<string, CellPlan> plans, InjectionPlan? injection, ThreadPlacement placement, Action<string>? cellStarted)
{
    public IReadOnlyDictionary<string, CellPlan> Plans { get; } = plans;

    /// <summary>Where each block's threads run (PERF_PLACEMENT).</summary>
    public ThreadPlacement Placement { get; } = placement;

    /// <summary>Told each cell's id as its setup ends, before its first operation: the run's progress lines.</summary>
    public Action<string>? CellStarted { get; } = cellStarted;

    /// <summary>Why a cell failed, by id: BenchmarkDotNet only knows that it did.</summary>
    public ConcurrentDictionary<string, string> Failures { get; } = new(StringComparer.Ordinal);

    public ConcurrentDictionary<string, List<OperationRecord>> Records { get; } = new(StringComparer.Ordinal);

    /// <summary>CPUs other processes used while each cell was measured (<see cref="NeighbourLoad"/>).</summary>
    public ConcurrentDictionary<string, double> Neighbours { get; } = new(StringComparer.Ordinal);

    /// <summary>The deliberate regression (PERF_INJECT) of a case, or null.</summary>
    public InjectedLoad? Injected(string caseId) => InjectedLoad.For(injection?.For(caseId));

    public string? FailureOf(string cell) => Failures.TryGetValue(cell, out var reason) ? reason : null;

    public IReadOnlyList<OperationRecord> RecordsOf(string cell) => Records.TryGetValue(cell, out var list) ? list : [];

    public double? NeighbourCpusOf(string cell) => Neighbours.TryGetValue(cell, out var cpus) ? cpus : null;
}
