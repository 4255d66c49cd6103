using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// What the measured code tells the session: the benchmark (one operation per invocation) and its string parameter
/// naming the cell, each cell's schedule, and per case or cell what the session reads back.
/// </summary>
/// <param name="Records">Every operation the benchmark ran for a cell, in order, warm-up included.</param>
/// <param name="EstimatedSeconds">About how long a cell takes: what the backstop timeout scales with.</param>
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
