using System.Collections.Concurrent;
using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// What the measured code tells the session: the benchmark (one operation per invocation) and its string parameter
/// naming the cell, each cell's schedule, per case what the session reads back, and what the benchmark recorded.
/// </summary>
/// <param name="EstimatedSeconds">About how long a cell takes: what the backstop timeout scales with.</param>
public sealed record InterleavedCells(
    Type BenchmarkType,
    string CellParameter,
    IReadOnlyDictionary<string, IReadOnlyList<ScheduledOperation>> Schedules,
    Func<string, CaseIdentity> Identify,
    Func<string, int> MessageBytes,
    int MessagesPerOperation,
    CellRecords Recorded,
    Func<string, double> EstimatedSeconds);

/// <summary>What the benchmark, which BenchmarkDotNet creates, records per cell for the session to read back.</summary>
public record CellRecords
{
    /// <summary>Why a cell failed: BenchmarkDotNet only knows that it did.</summary>
    public ConcurrentDictionary<string, string> Failures { get; } = new(StringComparer.Ordinal);

    /// <summary>Every operation the benchmark ran for a cell, in order, warm-up included.</summary>
    public ConcurrentDictionary<string, List<OperationRecord>> Records { get; } = new(StringComparer.Ordinal);

    /// <summary>CPUs other processes used while a cell was measured (<see cref="Platform.NeighbourLoad"/>).</summary>
    public ConcurrentDictionary<string, double> Neighbours { get; } = new(StringComparer.Ordinal);
}
