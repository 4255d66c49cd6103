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
/// <param name="Injection">The deliberate regressions (PERF_INJECT), or null.</param>
/// <param name="Placement">Where each block's threads run (PERF_PLACEMENT).</param>
/// <param name="CellStarted">Told each cell's id as its setup ends, before its first operation.</param>
internal sealed record CellBenchmarkState(IReadOnlyDictionary<string, CellPlan> Plans, InjectionPlan? Injection,
    ThreadPlacement Placement, Action<string>? CellStarted) : CellRecords
{
    public InjectedLoad? Injected(string caseId) => InjectedLoad.For(Injection?.For(caseId));
}
