using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Orchestration.Processes;

/// <summary>One cell as planned: operations in order, cases as values, untimed operations warming a block.</summary>
/// <param name="Cases">The cell's cases by id, resolved once before anything is timed.</param>
internal sealed record CellPlan(IReadOnlyList<ScheduledOperation> Schedule,
    IReadOnlyDictionary<string, CaseDefinition> Cases, int WarmupOperations);

/// <summary>
/// What one measurement of cells shares with <see cref="CellBenchmarks"/>, which BenchmarkDotNet creates and so can be
/// handed nothing: plans and controls in, records and failures out; set around the runs.
/// </summary>
internal sealed class CellBenchmarkState(IReadOnlyDictionary<string, CellPlan> plans, InjectionPlan? injection,
    ThreadPlacement placement, Action<string>? cellStarted) : CellRecords
{
    public IReadOnlyDictionary<string, CellPlan> Plans { get; } = plans;

    /// <summary>Where each block's threads run (PERF_PLACEMENT).</summary>
    public ThreadPlacement Placement { get; } = placement;

    /// <summary>Told each cell's id as its setup ends, before its first operation: the run's progress lines.</summary>
    public Action<string>? CellStarted { get; } = cellStarted;

    /// <summary>The deliberate regression (PERF_INJECT) of a case, or null.</summary>
    public InjectedLoad? Injected(string caseId) => InjectedLoad.For(injection?.For(caseId));
}
