using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Suites;

/// <summary>
/// Net.Zmq's head build over its base, case by case (<see cref="PairedSuite"/>), judged against the base itself: both
/// run in the same cells, interleaved, so head ÷ base needs no baseline file or machine class. Cases are the head's.
/// </summary>
public static class HeadAgainstBase
{
    public static SuiteId Suite { get; } = new(nameof(DriverId.NetZmq), "HeadAgainstBase");

    /// <summary>
    /// Grouped by cell: each subject's cases of a cell share one workload per block, so how a pair of connections
    /// settled moves the cell's ratios together (a case that sleeps between polls stays one). Wall and CPU time paired
    /// by block (<see cref="Ratios"/>), with the base's bytes per operation.
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
    /// Head ÷ base per case, a block's pair of workloads (not a unit) one sample
    /// (<see cref="PairedSamples.BlockLogRatiosByProcess"/>): how a pair settled moves identical bits block to block.
    /// With several processes they are the top level (<see cref="ProcessLevel"/>): one process's state moves all its
    /// blocks, and only the spread between processes shows it.
    /// </summary>
    private static List<(RatioEstimate Ratio, IReadOnlyList<double>? ByProcess)> Ratios(
        IReadOnlyList<(CaseMeasurement Head, CaseMeasurement Base)> pairs,
        Func<CaseMeasurement, IReadOnlyList<double>> values) =>
        [.. pairs.Select(p => PairedSamples.BlockLogRatiosByProcess(p.Head, p.Base, values)).Select(s => s.Processes < 2
            ? (RatioEstimate.Paired(s.BlocksByProcess.SelectMany(b => b).ToList()), null)
            : (ProcessLevel.Estimate(s), (IReadOnlyList<double>?)[.. s.Means.Select(Math.Exp)]))];
}
