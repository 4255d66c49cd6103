using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration;

/// <summary>
/// The head build of Net.Zmq over its base build, case by case: both run in the same cells, their operations
/// interleaved unit by unit, so head ÷ base is paired like any ratio and needs no baseline file and no machine class
/// (the drift, the process and the machine are the same for both). It is gated as a suite of its own
/// (<see cref="Suite"/>): a case there is the head's case, grouped by its cell.
/// </summary>
public static class HeadAgainstBase
{
    /// <summary>The suite of head ÷ base, case by case.</summary>
    public static SuiteId Suite { get; } = new(nameof(DriverId.NetZmq), HeadAgainstBaseGates.SuiteName);

    private static readonly string Prefix = $"{Suite.Subject}/{Suite.Suite}/";

    /// <summary>The comparison case of the head's case <paramref name="head"/>, e.g. <c>NetZmq/HeadAgainstBase/Patterns/PushPull/…</c>.</summary>
    public static string IdOf(CaseDefinition head) => Prefix + head.CrossDriverKey;

    /// <summary>The head's case behind a comparison case id; null when the id is not one.</summary>
    public static CaseDefinition? HeadCaseOf(string comparisonId) =>
        comparisonId.StartsWith(Prefix, StringComparison.Ordinal) ? CaseDefinition.Parse($"{Suite.Subject}/{comparisonId[Prefix.Length..]}") : null;

    /// <summary>
    /// The head's cases that the base also ran, each with its time ratio to the base's same case (wall and CPU time,
    /// paired by block, <see cref="Ratios"/>) and the base's bytes per operation; null unless both builds were measured.
    /// </summary>
    public static List<AnalyzedCase>? Of(IEnumerable<AnalyzedCase> measured)
    {
        var all = measured.Where(c => c.Case.SuiteId != Suite && c.Case.SuiteId != BindingOverhead.Suite).ToList();
        var bases = all.Where(c => c.Case.Subject == nameof(DriverId.NetZmqBase)).ToDictionary(c => c.Case.CrossSubjectKey);
        var pairs = all.Where(c => c.Case.Subject == Suite.Subject && bases.ContainsKey(c.Case.CrossSubjectKey))
            .Select(c =>
            {
                var definition = CaseCatalog.Get(c.Case.Id);
                // Grouped by cell: the head's cases of a cell share one workload per block, and the base's another, so
                // how one pair of connections happened to settle moves all of that cell's ratios together.
                var identity = new CaseIdentity(IdOf(definition), Suite.Subject, Suite.Suite,
                    Group: definition.Cell[(definition.Cell.IndexOf('/', StringComparison.Ordinal) + 1)..],
                    Variant: definition.KeyWithinSuite, ReferenceVariant: nameof(DriverId.NetZmqBase), CrossSubjectKey: definition.CrossDriverKey)
                {
                    SleepBound = c.Case.SleepBound,
                };
                return (Head: c.Measurement with { Case = identity }, Base: bases[c.Case.CrossSubjectKey].Measurement);
            })
            .ToList();
        if (pairs.Count == 0)
        {
            return null;
        }

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
    /// Head ÷ base per case. Head and base run on workloads of their own, so a block's pair of workloads, not a unit, is
    /// one sample (<see cref="PairedSamples.BlockLogRatios"/>): measured on one machine, how each pair settled moved head ÷
    /// base of identical bits by 3 % (1 KiB over tcp) to 25 % (64 KiB) from block to block, units in a block alike. Where
    /// the run measured in several processes, the processes are the top level (<see cref="ProcessLevel"/>): a state of one
    /// whole process (seen once: the head slower in 9 of 10 blocks of a process, and again on fresh workloads in it) moves
    /// every block of it, and only the spread between processes shows it.
    /// </summary>
    private static List<(RatioEstimate Ratio, IReadOnlyList<double>? ByProcess)> Ratios(
        List<(CaseMeasurement Head, CaseMeasurement Base)> pairs, Func<CaseMeasurement, IReadOnlyList<double>> values)
    {
        var samples = pairs.Select(p => PairedSamples.BlockLogRatiosByProcess(p.Head, p.Base, values)).ToList();
        return [.. pairs.Select((p, i) => samples[i].Processes < 2
            ? (RatioEstimate.Paired(samples[i].BlocksByProcess.SelectMany(b => b).ToList()), null)
            : (ProcessLevel.Estimate(samples[i]), (IReadOnlyList<double>?)[.. samples[i].Means.Select(Math.Exp)]))];
    }

    /// <summary>The catalog cases behind a comparison case id: the head's case and the base's; null when the id is not one.</summary>
    public static IReadOnlyList<string>? MeasuredCases(string gatedId) =>
        HeadCaseOf(gatedId) is { } head ? [head.Id, head.On(DriverId.NetZmqBase).Id] : null;
}
