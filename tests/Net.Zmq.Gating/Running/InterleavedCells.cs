using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Gating.Running;

/// <summary>What the measured code tells the session, and how the session reaches it.</summary>
/// <param name="BenchmarkType">The BenchmarkDotNet benchmark: one operation per invocation, the schedule's
/// next.</param>
/// <param name="CellParameter">Its string parameter that names the cell.</param>
/// <param name="Identify">Where a case id sits in suite, group and variant terms.</param>
/// <param name="Explain">Why a cell failed, when the benchmark recorded a reason (the log has the rest).</param>
/// <param name="Records">Every operation the benchmark ran for a cell, in order, warm-up included.</param>
/// <param name="NeighbourCpus">CPUs other processes used while a cell was measured, where that can be read.</param>
/// <param name="EstimatedSeconds">About how long a cell takes on the machine the estimate was fitted on: what the
/// backstop timeout scales with.</param>
public sealed record InterleavedCells(
    Type BenchmarkType,
    string CellParameter,
    IReadOnlyDictionary<string, IReadOnlyList<ScheduledOperation>> Schedules,
    Func<string, CaseIdentity> Identify,
    Func<string, int> MessageBytes,
    int MessagesPerOperation,
    Func<string, string?> Explain,
    Func<string, IReadOnlyList<OperationRecord>> Records,
    Func<string, double?> NeighbourCpus,
    Func<string, double> EstimatedSeconds);
