namespace NetZmqTests.Gating.Measurements;

/// <summary>
/// Pairs the operations of two cases measured together: each pairing unit both ran in
/// (<see cref="Running.InterleavedSchedule"/>) gives one log-ratio, mean log time minus the reference's; a unit's
/// order gives every case the same mean position, so a linear drift cancels.
/// </summary>
public static class PairedSamples
{
    /// <summary>Paired log-ratios of <paramref name="values"/> (by default wall time), one per unit.</summary>
    public static IReadOnlyList<double> LogRatios(CaseMeasurement subject, CaseMeasurement reference,
        Func<CaseMeasurement, IReadOnlyList<double>>? values = null) =>
        [.. Paired(subject, reference, values ?? (m => m.NanosecondsPerOperation)).Select(p => p.Log - p.ReferenceLog)];

    /// <summary>
    /// One log-ratio per block, the mean of its units' (two cases on workloads of their own settle into a regime per
    /// block that all its units share, so the blocks are the independent samples), one list per process in order
    /// (<see cref="Statistics.ProcessLevel"/>).
    /// </summary>
    public static Statistics.ProcessSamples BlockLogRatiosByProcess(CaseMeasurement subject, CaseMeasurement reference,
        Func<CaseMeasurement, IReadOnlyList<double>> values)
    {
        var blockOfUnit = new Dictionary<int, int>();
        var processOfBlock = new Dictionary<int, int>();
        for (var i = 0; i < subject.Blocks.Count; i++)
        {
            blockOfUnit[subject.PairingUnits[i]] = subject.Blocks[i];
            processOfBlock[subject.Blocks[i]] = subject.Processes[i];
        }

        var blocks = Paired(subject, reference, values).GroupBy(p => blockOfUnit[p.Unit]).OrderBy(g => g.Key)
            .Select(g => (Block: g.Key, Mean: g.Aggregate(0.0, (sum, p) => sum + p.Log - p.ReferenceLog) / g.Count()));
        return new Statistics.ProcessSamples([.. blocks.GroupBy(b => processOfBlock[b.Block]).OrderBy(g => g.Key)
            .Select(g => (IReadOnlyList<double>)[.. g.Select(b => b.Mean)])]);
    }

    /// <summary>Whether the two cases share at least one pairing unit (were measured in alternation).</summary>
    public static bool MeasuredTogether(CaseMeasurement a, CaseMeasurement b) =>
        a.PairingUnits.Intersect(b.PairingUnits).Any();

    /// <summary>Every unit both ran in, in unit order, with each one's mean log value there.</summary>
    private static List<(int Unit, double Log, double ReferenceLog)> Paired(CaseMeasurement subject,
        CaseMeasurement reference, Func<CaseMeasurement, IReadOnlyList<double>> values)
    {
        var theirs = MeanLogByUnit(reference, values(reference));
        var pairs = MeanLogByUnit(subject, values(subject)).Where(u => theirs.ContainsKey(u.Key))
            .Select(u => (u.Key, u.Value, theirs[u.Key])).ToList();
        return pairs.Count > 0
            ? pairs
            : throw new InvalidOperationException($"{subject.Case.Id} and {reference.Case.Id} were not measured " +
                "together (no pairing unit in common), so their ratio cannot be paired");
    }

    private static SortedDictionary<int, double> MeanLogByUnit(CaseMeasurement measurement,
        IReadOnlyList<double> values) =>
        new(values.Select((value, i) => (Unit: measurement.PairingUnits[i], Log: Math.Log(value)))
            .GroupBy(v => v.Unit).ToDictionary(g => g.Key, g => g.Average(v => v.Log)));
}
