using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Suites;

/// <summary>
/// The head build of Net.Zmq over its base build, case by case: a <see cref="PairedSuite"/> judged against the base
/// itself. Both run in the same cells, their operations interleaved unit by unit, so head ÷ base is paired like any
/// ratio and needs no baseline file and no machine class (the drift, the process and the machine are the same for
/// both). A case there is the head's case, grouped by its cell.
/// </summary>
public static class HeadAgainstBase
{
    /// <summary>The suite of head ÷ base, case by case.</summary>
    public static SuiteId Suite { get; } = new(nameof(DriverId.NetZmq), "HeadAgainstBase");

    /// <summary>
    /// Grouped by cell: the head's cases of a cell share one workload per block, and the base's another, so how one
    /// pair of connections happened to settle moves all of that cell's ratios together. A case that sleeps between
    /// polls stays one. The ratios: wall and CPU time paired by block (<see cref="Ratios"/>), with the base's bytes per
    /// operation.
    /// </summary>
    public static PairedSuite Paired { get; } = new(Suite, DriverId.NetZmq, DriverId.NetZmqBase, PairedJudgement.AgainstTheReference,
        head => head.Cell[(head.Cell.IndexOf('/', StringComparison.Ordinal) + 1)..],
        Analyze)
    {
        Refine = (paired, _, measured) => paired with { SleepBound = measured.SleepBound },
        Title = "Head against base",
        Words = (NetZmqBuildFiles.HeadName, NetZmqBuildFiles.BaseName),
    };

    private static List<AnalyzedCase> Analyze(IReadOnlyList<(CaseMeasurement Head, CaseMeasurement Base)> pairs)
    {
        var wall = Ratios(pairs, m => m.NanosecondsPerOperation);
        var cpu = pairs.All(p => p.Head.CpuNanosecondsPerOperation.Count > 0 && p.Base.CpuNanosecondsPerOperation.Count > 0)
            ? Ratios(pairs, m => m.CpuNanosecondsPerOperation)
            : null;
        return [.. pairs.Select((p, i) => new AnalyzedCase(p.Head, wall[i].Ratio, p.Base.NanosecondsPerOperation)
        {
            CpuRatio = cpu?[i].Ratio,
            ReferenceBytesPerOperation = p.Base.BytesAllocatedPerOperation,
            ProcessRatios = wall[i].ByProcess,
        })];
    }

    /// <summary>
    /// Head ÷ base per case. Head and base run on workloads of their own, so a block's pair of workloads, not a unit,
    /// is one sample (<see cref="PairedSamples.BlockLogRatiosByProcess"/>): measured on one machine, how each pair
    /// settled moved head ÷ base of identical bits by 3 % (1 KiB over tcp) to 25 % (64 KiB) from block to block, units
    /// in a block alike. Where the run measured in several processes, the processes are the top level
    /// (<see cref="ProcessLevel"/>): a state of one whole process (seen once: the head slower in 9 of 10 blocks of a
    /// process, and again on fresh workloads in it) moves every block of it, and only the spread between processes
    /// shows it.
    /// </summary>
    private static List<(RatioEstimate Ratio, IReadOnlyList<double>? ByProcess)> Ratios(
        IReadOnlyList<(CaseMeasurement Head, CaseMeasurement Base)> pairs, Func<CaseMeasurement, IReadOnlyList<double>> values)
    {
        var samples = pairs.Select(p => PairedSamples.BlockLogRatiosByProcess(p.Head, p.Base, values)).ToList();
        return [.. pairs.Select((p, i) => samples[i].Processes < 2
            ? (RatioEstimate.Paired(samples[i].BlocksByProcess.SelectMany(b => b).ToList()), null)
            : (ProcessLevel.Estimate(samples[i]), (IReadOnlyList<double>?)[.. samples[i].Means.Select(Math.Exp)]))];
    }
}
