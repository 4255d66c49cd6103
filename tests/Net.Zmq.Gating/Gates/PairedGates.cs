using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// A subject judged directly against its reference (<see cref="Pairing"/>), their operations interleaved unit by unit
/// in the same cells, so subject ÷ reference needs no baseline and no machine class. Time fails per case when the whole
/// interval lies above the threshold and the slowdown exceeds the noise floor (a busy neighbour slows both alike: it
/// widens the interval, does not tilt it); over every case when the precision-weighted geometric mean does (a small
/// slowdown of every path); allocation when bytes exceed the reference's plus slack.
/// </summary>
public static class PairedGates
{
    /// <summary>
    /// How far the subject may be slower than its reference before a gate fails, and allocation slack.
    /// </summary>
    public sealed record Thresholds(double Time, double Aggregate, double BytesRelative, double BytesAbsolute);

    /// <summary>
    /// Above what two copies of one build showed against each other (docs/trust.md), well below the slowdowns the gate
    /// must catch.
    /// </summary>
    public static Thresholds Default { get; } = new(Time: 0.02, Aggregate: 0.01, BytesRelative: 0.01, BytesAbsolute: 1024);

    public static IReadOnlyList<GateResult> Evaluate(
        IReadOnlyList<AnalyzedCase> cases, Pairing pairing, Thresholds thresholds)
    {
        var results = new List<GateResult>();
        foreach (var compared in cases)
        {
            var sleeps = compared.Case.SleepBound ? SleepBound : null;
            results.Add(Time(compared, pairing, GateKind.PairedTime, compared.Ratio, thresholds.Time, sleeps));
            if (compared.CpuRatio is { } cpu)
            {
                results.Add(Time(compared, pairing, GateKind.PairedCpuTime, cpu, thresholds.Time,
                    sleeps ?? "not applied: wall time is judged; CPU time is shown"));
            }

            if (compared.ReferenceBytesPerOperation is { } referenceBytes)
            {
                results.Add(AllocationRule.Judge(Id(GateKind.PairedBytes, pairing), compared.Case.Id,
                    compared.Measurement.BytesAllocatedPerOperation, pairing.Reference, referenceBytes,
                    thresholds.BytesRelative, F($"{thresholds.BytesRelative:P0}"), thresholds.BytesAbsolute,
                    pairing.BaselinePath));
            }
        }

        if (Aggregate(cases, pairing, thresholds.Aggregate) is { } aggregate)
            results.Add(aggregate);

        return results;
    }

    /// <summary>
    /// A case that sleeps between polls has no paired time gate: its operation is mostly the timer's and the sender's
    /// pace, and how two workloads' sleeps meet differs by regime, in CPU time too.
    /// </summary>
    private const string SleepBound =
        "not applied: this case sleeps between polls, and two copies of one build measured 0.50-1.53 × each other " +
        "there (wall and CPU time alike); shown only";

    private static GateResult Time(AnalyzedCase compared, Pairing pairing, GateKind kind, RatioEstimate ratio,
        double threshold, string? notApplied)
    {
        var bound = 1 + threshold;
        var note = notApplied is null ? NotSignificant(ratio, bound) : null;
        var fails = false;
        if (notApplied is null && ratio.Lower > bound)
        {
            var perMessage = TimeRegressionRule.PerMessage(compared, ratio.Value - 1);
            fails = perMessage > TimeRegressionRule.NoiseFloorNanosecondsPerMessage;
            note = fails
                ? $"the {pairing.Subject} is slower than its {pairing.Reference}: " +
                  F($"95 % interval [{ratio.Lower:0.000}, {ratio.Upper:0.000}] ({ratio.Pairs} pairs) above ") +
                  F($"{bound:0.00}; {perMessage:0} ns per message")
                : F($"above the bound, but only {perMessage:0.#} ns per message slower (noise floor ") +
                  F($"{TimeRegressionRule.NoiseFloorNanosecondsPerMessage:0} ns)");
        }

        if (kind == GateKind.PairedTime && compared.ProcessRatios is { Count: > 1 } processes)
        {
            // A state of one process widens the interval; each process's own ratio shows which.
            note = GateResult.Join(note, $"per process {string.Join(", ", processes.Select(r => F($"{r:0.000}")))}");
        }

        return Judged(kind, compared.Case.Id, ratio.ToString(), bound, pairing,
            notApplied is not null ? GateVerdict.NotApplied : fails ? GateVerdict.Fail : GateVerdict.Pass,
            notApplied ?? note) with { JudgesTime = true };
    }

    /// <summary>
    /// The geometric mean over every case judged in wall time, weighted by precision (<see cref="Weight"/>), whole
    /// cells resampled; null below <paramref name="minimumGroups"/> (the report asks for any).
    /// </summary>
    public static RatioEstimate? Mean(IEnumerable<AnalyzedCase> cases, int minimumGroups = AggregateRule.MinimumGroups)
    {
        var timed = cases.Where(c => !c.Case.SleepBound).ToList();
        var groups = timed
            .GroupBy(c => c.Case.Group)
            .Select(g => (IReadOnlyList<(double, double)>)g.Select(c => (Math.Log(c.Ratio.Value), Weight(c.Ratio))).ToList())
            .ToList();
        if (groups.Count < Math.Max(1, minimumGroups))
            return null;

        var mean = GeometricMean.OfWeighted(groups);
        return OverProcesses(timed) is { } processes && processes > mean.Upper / mean.Value
            ? mean with { Lower = mean.Value / processes, Upper = mean.Value * processes }
            : mean;
    }

    /// <summary>
    /// Where every case was measured in the same processes (P ≥ 2), the mean's interval at the top level, as a factor:
    /// Student's t over each process's weighted mean. A state of one process moves every case, which resampling cells
    /// cannot see. Null for a run of one process.
    /// </summary>
    private static double? OverProcesses(IReadOnlyList<AnalyzedCase> timed)
    {
        var processes = timed.Select(c => c.ProcessRatios?.Count ?? 0).Distinct().ToList();
        if (processes is not [var count] || count < 2)
            return null;

        var byProcess = Enumerable.Range(0, count)
            .Select(p => timed.Sum(c => Weight(c.Ratio) * Math.Log(c.ProcessRatios![p])) / timed.Sum(c => Weight(c.Ratio)))
            .ToList();
        return Math.Exp(SampleMoments.MeanHalfWidth(byProcess));
    }

    /// <summary>
    /// A ratio's weight in the mean: the inverse of its squared log half-width, floored at ±0.1 % so that no
    /// degenerate interval takes all the weight; an unweighted mean is as wide as its widest cases.
    /// </summary>
    public static double Weight(RatioEstimate ratio)
    {
        var halfWidth = Math.Max(0.001, (Math.Log(ratio.Upper) - Math.Log(ratio.Lower)) / 2);
        return 1 / (halfWidth * halfWidth);
    }

    private static GateResult? Aggregate(IReadOnlyList<AnalyzedCase> cases, Pairing pairing, double threshold)
    {
        if (Mean(cases) is not { } mean)
            return null;

        var groups = cases.Where(c => !c.Case.SleepBound).GroupBy(c => c.Case.Group).ToList();
        var bound = 1 + threshold;
        var fails = mean.Lower > bound;
        return Judged(GateKind.PairedAggregate, $"{cases[0].Case.Subject}/{cases[0].Case.Suite}",
            $"{mean} over {groups.Sum(g => g.Count())} cases in {groups.Count} cells, weighted by precision", bound,
            pairing, fails ? GateVerdict.Fail : GateVerdict.Pass, fails ? null : NotSignificant(mean, bound));
    }

    private static GateResult Judged(GateKind kind, string caseId, string measured, double bound, Pairing pairing,
        GateVerdict verdict, string? note) =>
        new(Id(kind, pairing), caseId, measured, F($"≤ {bound:0.00} × {pairing.Reference}"), verdict,
            pairing.BaselinePath, note);

    /// <summary>A ratio above the bound whose interval reaches below it, said; null within the bound.</summary>
    private static string? NotSignificant(RatioEstimate ratio, double bound) => ratio.Value > bound
        ? F($"above {bound:0.00}, but not significantly: its 95 % interval reaches {ratio.Lower:0.000}")
        : null;

    public static GateId Id(GateKind kind, Pairing pairing) => new(kind, pairing.Subject, pairing.Reference);
}
