namespace NetZmqTests.Gating.Measurements;

/// <summary>
/// Pairs the operations of two cases measured together. Operations carry the pairing unit they ran in (a stretch
/// of alternating operations on one workload, see <see cref="Running.InterleavedSchedule"/>); each unit both cases
/// ran in gives one log-ratio: the mean log time of the case's operations there minus the reference's. A unit's
/// operations are ordered so that every case's mean position is the same, so a linear drift inside it cancels.
/// </summary>
public static class PairedSamples
{
    /// <summary>Paired log-ratios of wall time, one per unit.</summary>
    public static IReadOnlyList<double> LogRatios(CaseMeasurement subject, CaseMeasurement reference) =>
        LogRatios(subject, reference, m => m.NanosecondsPerOperation);

    /// <summary>
    /// Paired log-ratios of <paramref name="values"/> (wall or CPU time per operation), one per unit.
    /// </summary>
    public static IReadOnlyList<double> LogRatios(CaseMeasurement subject, CaseMeasurement reference, Func<CaseMeasurement, IReadOnlyList<double>> values)
    {
        var theirs = MeanLogByUnit(reference, values(reference));
        var pairs = new List<double>();
        foreach (var (unit, logTime) in MeanLogByUnit(subject, values(subject)))
        {
            if (theirs.TryGetValue(unit, out var referenceLogTime))
            {
                pairs.Add(logTime - referenceLogTime);
            }
        }

        if (pairs.Count == 0)
        {
            throw new InvalidOperationException(
                $"{subject.Case.Id} and {reference.Case.Id} were not measured together (no pairing unit in common), so their ratio cannot be paired");
        }

        return pairs;
    }

    /// <summary>
    /// Paired log-ratios of <paramref name="values"/>, one per block, by block: the mean of the block's unit
    /// log-ratios. For two cases measured on workloads of their own (two builds of one binding), each block's pair of
    /// workloads settles into a regime of its own (how their connections and threads happened to meet), which every
    /// unit of the block shares: the blocks, not the units, are the independent samples, and an interval over units
    /// would be too narrow.
    /// </summary>
    private static SortedDictionary<int, double> BlockLogRatiosKeyed(CaseMeasurement subject, CaseMeasurement reference,
        Func<CaseMeasurement, IReadOnlyList<double>> values)
    {
        var theirs = MeanLogByUnit(reference, values(reference));
        var blockOf = new Dictionary<int, int>();
        for (var i = 0; i < subject.PairingUnits.Count; i++)
        {
            blockOf[subject.PairingUnits[i]] = subject.Blocks[i];
        }

        var byBlock = new SortedDictionary<int, (double Sum, int Count)>();
        foreach (var (unit, logTime) in MeanLogByUnit(subject, values(subject)))
        {
            if (theirs.TryGetValue(unit, out var referenceLogTime))
            {
                byBlock.TryGetValue(blockOf[unit], out var b);
                byBlock[blockOf[unit]] = (b.Sum + logTime - referenceLogTime, b.Count + 1);
            }
        }

        if (byBlock.Count == 0)
        {
            throw new InvalidOperationException($"{subject.Case.Id} and {reference.Case.Id} were not measured together (no pairing unit in common), so their ratio cannot be paired");
        }

        var means = new SortedDictionary<int, double>();
        foreach (var (block, (sum, count)) in byBlock)
        {
            means[block] = sum / count;
        }

        return means;
    }

    /// <summary>
    /// The block log-ratios (<see cref="BlockLogRatiosKeyed"/>), one list per measuring process
    /// (<see cref="CaseMeasurement.Processes"/>), in process order: the samples of a ratio whose processes are the top
    /// level of repetition (<see cref="Statistics.ProcessLevel"/>).
    /// </summary>
    public static Statistics.ProcessSamples BlockLogRatiosByProcess(CaseMeasurement subject, CaseMeasurement reference,
        Func<CaseMeasurement, IReadOnlyList<double>> values)
    {
        var processOfBlock = new Dictionary<int, int>();
        for (var i = 0; i < subject.Blocks.Count; i++)
        {
            processOfBlock[subject.Blocks[i]] = subject.Processes[i];
        }

        var blocks = BlockLogRatiosKeyed(subject, reference, values);
        return new Statistics.ProcessSamples([.. blocks.GroupBy(b => processOfBlock[b.Key]).OrderBy(g => g.Key)
            .Select(g => (IReadOnlyList<double>)[.. g.Select(b => b.Value)])]);
    }

    /// <summary>Whether the two cases share at least one pairing unit (were measured in alternation).</summary>
    public static bool MeasuredTogether(CaseMeasurement a, CaseMeasurement b) =>
        a.PairingUnits.Intersect(b.PairingUnits).Any();

    private static SortedDictionary<int, double> MeanLogByUnit(CaseMeasurement measurement, IReadOnlyList<double> values)
    {
        var sums = new SortedDictionary<int, (double Sum, int Count)>();
        for (var i = 0; i < values.Count; i++)
        {
            var unit = measurement.PairingUnits[i];
            sums.TryGetValue(unit, out var s);
            sums[unit] = (s.Sum + Math.Log(values[i]), s.Count + 1);
        }

        var means = new SortedDictionary<int, double>();
        foreach (var (unit, (sum, count)) in sums)
        {
            means[unit] = sum / count;
        }

        return means;
    }
}
