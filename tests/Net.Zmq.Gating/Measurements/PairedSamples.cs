namespace NetZmqTests.Gating.Measurements;

/// <summary>
/// Pairs the operations of two cases measured together: each pairing unit both ran in
/// (<see cref="Running.InterleavedSchedule"/>) gives one log-ratio, mean log time minus the reference's; a unit's
/// order gives every case the same mean position, so a linear drift cancels.
/// </summary>
public static class PairedSamples
{
    /// <summary>Paired log-ratios of wall time, one per unit.</summary>
    public static IReadOnlyList<double> LogRatios(CaseMeasurement subject, CaseMeasurement reference) =>
        LogRatios(subject, reference, m => m.NanosecondsPerOperation);

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
    /// One log-ratio per block, the mean of its units': two cases on workloads of their own settle into a regime per
    /// block that all its units share, so the blocks are the independent samples.
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

    /// <summary>The block log-ratios, one list per process in order (<see cref="Statistics.ProcessLevel"/>).</summary>
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
