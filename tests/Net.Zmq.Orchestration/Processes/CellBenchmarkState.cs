using System.Collections.Concurrent;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Orchestration.Processes;

/// <summary>
/// One cell as planned: its operations in order, its cases as values, and how many untimed operations warm a block.
/// </summary>
/// <param name="Cases">The cell's cases, by id: the schedule names them, this resolves them once, before anything is
/// timed.</param>
internal sealed record CellPlan(IReadOnlyList<ScheduledOperation> Schedule, IReadOnlyDictionary<string, CaseDefinition> Cases, int WarmupOperations);

/// <summary>
/// Everything one measurement of cells shares with <see cref="CellBenchmarks"/>, which BenchmarkDotNet creates itself
/// and so can be handed nothing: the plans, the run's controls in, the records and failures out. The session sets
/// one (<see cref="CellBenchmarks.Current"/>) around its BenchmarkDotNet runs.
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

    /// <summary>Every operation run for a cell, in order.</summary>
    public ConcurrentDictionary<string, List<OperationRecord>> Records { get; } = new(StringComparer.Ordinal);

    /// <summary>CPUs other processes used while each cell was measured (<see cref="NeighbourLoad"/>).</summary>
    public ConcurrentDictionary<string, double> Neighbours { get; } = new(StringComparer.Ordinal);

    /// <summary>The deliberate regression (PERF_INJECT) of a case, or null.</summary>
    public InjectedLoad? Injected(string caseId) => InjectedLoad.For(injection?.For(caseId));

    public string? FailureOf(string cell) => Failures.TryGetValue(cell, out var reason) ? reason : null;

    public IReadOnlyList<OperationRecord> RecordsOf(string cell) => Records.TryGetValue(cell, out var list) ? list : [];

    public double? NeighbourCpusOf(string cell) => Neighbours.TryGetValue(cell, out var cpus) ? cpus : null;
}
