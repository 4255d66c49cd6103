namespace NetZmqTests.Gating.Running;

/// <summary>
/// Cases measured together in alternating operations on shared workloads, so that each case's time is judged against
/// another's from operations taken in the same seconds.
/// </summary>
/// <param name="Id">The cell's key: everything of a case id but the subject and the variant.</param>
public sealed record MeasurementCell(string Id, IReadOnlyList<string> CaseIds, int MessageBytes);

/// <summary>One operation of a schedule: which case, on which block's workloads, in which pairing unit.</summary>
public readonly record struct ScheduledOperation(string CaseId, int Block, int Unit);

/// <summary>
/// The order a cell's operations run in: randomized interleaving in blocks.
/// <list type="bullet">
/// <item>A <b>block</b> is one set of freshly opened workloads (new sockets, connections and threads): threads keep
/// the cores the scheduler first gave them, so several blocks sample several placements.</item>
/// <item>Within a block, <b>units</b> of two rounds: every case once in a seeded random order, then once in the
/// reverse order. Each case's mean position in a unit is the same, so a drift that is linear over the unit cancels
/// in the unit's log-ratios, and the random order keeps any case from always following the same neighbour.</item>
/// </list>
/// The order comes from the process's seed (<see cref="RunSeed"/>), so no order is fixed across processes.
/// </summary>
public static class InterleavedSchedule
{
    /// <param name="firstUnit">Units are numbered across a whole run, so that different cells never pair.</param>
    public static IReadOnlyList<ScheduledOperation> For(MeasurementCell cell, int blocks, int unitsPerBlock,
        int firstUnit, int seed)
    {
        if (blocks < 1 || unitsPerBlock < 1 || cell.CaseIds.Count == 0)
            throw new ArgumentException($"{cell.Id}: a schedule needs at least one block, one unit and one case");

        var random = new Random(RunSeed.For(seed, cell.Id));
        return [.. Enumerable.Range(0, blocks * unitsPerBlock).SelectMany(unit =>
        {
            var order = cell.CaseIds.ToArray();
            random.Shuffle(order);
            return order.Concat(order.Reverse())
                .Select(id => new ScheduledOperation(id, unit / unitsPerBlock, firstUnit + unit));
        })];
    }
}
