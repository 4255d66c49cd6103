using System.Globalization;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// A subject judged directly against its reference (<see cref="Pairing"/>; the merge gate: a change's build against
/// the build it changes), both measured in the same cells, their operations interleaved unit by unit, so subject ÷
/// reference is judged with no baseline file and no machine class (what differs between processes and machines is the
/// same for both). Every case is a ratio to the reference's same case (<see cref="AnalyzedCase.Ratio"/>, paired by
/// unit).
/// <list type="bullet">
/// <item>Time, per case: fails when the whole 95 % interval of subject ÷ reference lies above 1 +
/// <see cref="Thresholds.Time"/> and the slowdown exceeds
/// <see cref="TimeRegressionRule.NoiseFloorNanosecondsPerMessage"/>, in wall time, also beside a busy neighbour (it
/// slows both alike, operation by operation, so it widens the interval but does not tilt it). Cases that sleep between
/// polls are shown, not judged (<see cref="SleepBound"/>).</item>
/// <item>Time, over every case: the geometric mean of subject ÷ reference, each case weighted by its precision (cells
/// resampled whole: a cell's cases share their workloads), fails when its whole interval lies above 1 +
/// <see cref="Thresholds.Aggregate"/>: a small slowdown of every path, which no case shows clearly on its own.</item>
/// <item>Allocation, per case: the subject's bytes per operation above the reference's × (1 + relative) + absolute
/// slack.</item>
/// </list>
/// A failed time gate is measured again after the rest of the run, as every time gate is
/// (<see cref="GateConfirmation"/>).
/// </summary>
public static class PairedGates
{
    /// <summary>
    /// How far the subject may be slower than its reference before a gate fails, and the allocation slack.
    /// </summary>
    /// <param name="Time">Per case: the interval's lower end must exceed 1 + this.</param>
    /// <param name="Aggregate">Over every case: the geometric mean's interval must lie above 1 + this.</param>
    /// <param name="BytesRelative">Allocation slack relative to the reference's bytes per operation.</param>
    /// <param name="BytesAbsolute">Allocation slack in bytes per operation.</param>
    public sealed record Thresholds(double Time, double Aggregate, double BytesRelative, double BytesAbsolute);

    /// <summary>
    /// The thresholds the suite gates with. Decisions, set from A/A runs in which subject and reference were two copies
    /// of one packed build (docs/trust.md has the runs): a threshold above what identical bits showed, well below the
    /// slowdowns the gate must catch (+5 % of one case, +3 % of every case).
    /// </summary>
    public static Thresholds Default { get; } = new(Time: 0.02, Aggregate: 0.01, BytesRelative: 0.01, BytesAbsolute: 1024);

    /// <summary>
    /// Clusters smaller than this many make the geometric mean's interval meaningless (a narrow PERF_FILTER).
    /// </summary>
    public const int AggregateMinimumGroups = AggregateRule.MinimumGroups;

    /// <param name="cases">The subject's cases, each judged against the reference's same case.</param>
    /// <param name="pairing">What the gates call the two.</param>
    /// <param name="thresholds">The bounds.</param>
    public static IReadOnlyList<GateResult> Evaluate(IReadOnlyList<AnalyzedCase> cases, Pairing pairing, Thresholds thresholds)
    {
        var results = new List<GateResult>();
        foreach (var compared in cases)
        {
            results.Add(Time(compared, pairing, GateKind.PairedTime, compared.Ratio, thresholds.Time, compared.Case.SleepBound ? SleepBound : null));
            if (compared.CpuRatio is { } cpu)
            {
                results.Add(Time(compared, pairing, GateKind.PairedCpuTime, cpu, thresholds.Time,
                    compared.Case.SleepBound ? SleepBound : "not applied: wall time is judged; CPU time is shown"));
            }

            if (compared.ReferenceBytesPerOperation is { } referenceBytes)
            {
                var bytes = compared.Measurement.BytesAllocatedPerOperation;
                var bound = (referenceBytes * (1 + thresholds.BytesRelative)) + thresholds.BytesAbsolute;
                results.Add(new GateResult(Id(GateKind.PairedBytes, pairing), compared.Case.Id, Units.Bytes(bytes),
                    F($"≤ {Units.Bytes(bound)} ({pairing.Reference} {Units.Bytes(referenceBytes)} + {thresholds.BytesRelative:P0} + {thresholds.BytesAbsolute:0} B)"),
                    bytes <= bound ? GateVerdict.Pass : GateVerdict.Fail, pairing.Source));
            }
        }

        if (Aggregate(cases, pairing, thresholds.Aggregate) is { } aggregate)
        {
            results.Add(aggregate);
        }

        return results;
    }

    /// <summary>
    /// Why a case that sleeps between polls (NonBlocking) has no paired time gate: its operation is mostly the
    /// timer's and the sender's pace, and how two workloads' senders and sleeps happen to meet differs by regime, in
    /// CPU time too. Two copies of one build measured 0.50 to 1.53 × each other there (PUB/SUB inproc, machine B),
    /// whole runs of blocks alike, where every other case stayed within a few percent.
    /// </summary>
    private const string SleepBound =
        "not applied: this case sleeps between polls, and two copies of one build measured 0.50-1.53 × each other there (wall and CPU time alike); shown only";

    private static GateResult Time(AnalyzedCase compared, Pairing pairing, GateKind kind, RatioEstimate ratio, double threshold, string? notApplied)
    {
        var bound = 1 + threshold;
        string? note = null;
        var fails = false;
        if (notApplied is null && ratio.Lower > bound)
        {
            var perMessage = (ratio.Value - 1) * Quantiles.Median(compared.ReferenceNanosecondsPerOperation) / compared.Measurement.MessagesPerOperation;
            fails = perMessage > TimeRegressionRule.NoiseFloorNanosecondsPerMessage;
            note = fails
                ? F($"the {pairing.Subject} is slower than its {pairing.Reference}: 95 % interval [{ratio.Lower:0.000}, {ratio.Upper:0.000}] ({ratio.Pairs} pairs) above {bound:0.00}; {perMessage:0} ns per message")
                : F($"above the bound, but only {perMessage:0.#} ns per message slower (noise floor {TimeRegressionRule.NoiseFloorNanosecondsPerMessage:0} ns)");
        }
        else if (notApplied is null && ratio.Value > bound)
        {
            note = F($"above {bound:0.00}, but not significantly: its 95 % interval reaches {ratio.Lower:0.000}");
        }

        if (kind == GateKind.PairedTime && compared.ProcessRatios is { Count: > 1 } processes)
        {
            // Each process's own ratio: a state of one process (one far from the others) widens the interval, and shows
            // here.
            var each = F($"per process {string.Join(", ", processes.Select(r => r.ToString("0.000", CultureInfo.InvariantCulture)))}");
            note = note is null ? each : $"{note}; {each}";
        }

        return new GateResult(Id(kind, pairing), compared.Case.Id, ratio.ToString(), F($"≤ {bound:0.00} × {pairing.Reference}"),
            notApplied is not null ? GateVerdict.NotApplied : fails ? GateVerdict.Fail : GateVerdict.Pass, pairing.Source, notApplied ?? note)
        {
            JudgesTime = true,
        };
    }

    /// <summary>
    /// The geometric mean over every case judged in wall time, each weighted by its precision (<see cref="Weight"/>),
    /// its interval from resampling whole groups (cells, whose cases share their workloads).
    /// </summary>
    /// <param name="minimumGroups">Fewer groups than this give null: the gate judges no mean of fewer than it trusts;
    /// the report shows any.</param>
    public static RatioEstimate? Mean(IEnumerable<AnalyzedCase> cases, int minimumGroups = AggregateMinimumGroups)
    {
        var timed = cases.Where(c => !c.Case.SleepBound).ToList();
        var groups = timed
            .GroupBy(c => c.Case.Group)
            .Select(g => (IReadOnlyList<(double, double)>)g.Select(c => (Math.Log(c.Ratio.Value), Weight(c.Ratio))).ToList())
            .ToList();
        if (groups.Count < Math.Max(1, minimumGroups))
        {
            return null;
        }

        var mean = GeometricMean.OfWeighted(groups);
        return OverProcesses(timed) is { } processes && processes > mean.Upper / mean.Value
            ? mean with { Lower = mean.Value / processes, Upper = mean.Value * processes }
            : mean;
    }

    /// <summary>
    /// Where every case was measured in the same processes (P ≥ 2), the mean's interval at the top level: the weighted
    /// mean of each process's ratios, one per process, and Student's t over those (as a factor: the interval's upper
    /// end over the estimate). A state of one process that moves every case moves one of these, and resampling cells
    /// cannot see it (measured: +5 % into every subject case of one process of four read 1.011 [1.004, 1.018] over
    /// cells). Null for a run of one process.
    /// </summary>
    private static double? OverProcesses(IReadOnlyList<AnalyzedCase> timed)
    {
        var processes = timed.Select(c => c.ProcessRatios?.Count ?? 0).Distinct().ToList();
        if (processes is not [var count] || count < 2)
        {
            return null;
        }

        var byProcess = Enumerable.Range(0, count)
            .Select(p => timed.Sum(c => Weight(c.Ratio) * Math.Log(c.ProcessRatios![p])) / timed.Sum(c => Weight(c.Ratio)))
            .ToList();
        return Math.Exp(SampleMoments.MeanHalfWidth(byProcess));
    }

    /// <summary>
    /// A ratio's weight in the mean: the inverse of its variance in log space, read from its 95 % interval (floored at
    /// ±0.1 %, so that no degenerate interval takes all the weight). On the 2-core machine the intervals ran from ±1 %
    /// (1 KiB over tcp) to ±70 % (64 KiB over tcp, NonBlocking): an unweighted mean was as wide as its widest cases.
    /// </summary>
    public static double Weight(RatioEstimate ratio)
    {
        var halfWidth = Math.Max(0.001, (Math.Log(ratio.Upper) - Math.Log(ratio.Lower)) / 2);
        return 1 / (halfWidth * halfWidth);
    }

    private static GateResult? Aggregate(IReadOnlyList<AnalyzedCase> cases, Pairing pairing, double threshold)
    {
        if (Mean(cases) is not { } mean)
        {
            return null;
        }

        var groups = cases.Where(c => !c.Case.SleepBound).GroupBy(c => c.Case.Group).ToList();
        var bound = 1 + threshold;
        var fails = mean.Lower > bound;
        return new GateResult(Id(GateKind.PairedAggregate, pairing), $"{cases[0].Case.Subject}/{cases[0].Case.Suite}",
            F($"{mean} over {groups.Sum(g => g.Count())} cases in {groups.Count} cells, weighted by precision"), F($"≤ {bound:0.00} × {pairing.Reference}"),
            fails ? GateVerdict.Fail : GateVerdict.Pass, pairing.Source,
            !fails && mean.Value > bound ? F($"above {bound:0.00}, but not significantly: its 95 % interval reaches {mean.Lower:0.000}") : null);
    }

    /// <summary>The gate of <paramref name="kind"/> between the pair's two, named as the pairing names them.</summary>
    public static GateId Id(GateKind kind, Pairing pairing) => new(kind, pairing.Subject, pairing.Reference);

    private static string F(FormattableString value) => value.ToString(CultureInfo.InvariantCulture);
}
