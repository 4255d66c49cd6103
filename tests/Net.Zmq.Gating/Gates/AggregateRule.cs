using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// The suite's time-regression gate: the geometric mean of ratio ÷ baseline ratio over its steady, quietly measured
/// cases fails when it exceeds 1 + tolerance and its interval lies above 1. Against another class it uses the file's
/// cross-class tolerance where the mean carries, and is shown, not applied, where it does not.
/// </summary>
public static class AggregateRule
{
    private static readonly GateId Gate = new(GateKind.Aggregate);

    /// <summary>The fewest groups the interval, resampling groups, means something over.</summary>
    public const int MinimumGroups = 3;

    /// <summary>
    /// Cases swinging more than this from run to run (<see cref="Tolerances.RunToRun"/>) are left out: one would move
    /// the mean by more than the broad slowdown it is there to see.
    /// </summary>
    public const double MaximumRunToRun = 0.05;

    /// <summary>
    /// The suite's steady, not sleep-bound cases with an entry, as log(ratio ÷ baseline ratio) by group.
    /// </summary>
    public static GateResult? Evaluate(IReadOnlyList<AnalyzedCase> cases, BaselineBasis basis, string baselinePath)
    {
        var baseline = basis.Class;
        var timed = cases.Where(c => !c.Case.IsReference && !c.Case.SleepBound).ToList();
        // Whether the gate exists depends only on what was measured, never on how busy the machine was or the class:
        // every run of the same cases has the same gates.
        if (timed.Select(c => c.Case.Group).Distinct().Count() < MinimumGroups)
            return null;

        var steady = timed.Where(c => baseline.Cases.TryGetValue(c.Case.Id, out var expected)
                                      && expected.Tolerances.RunToRun <= MaximumRunToRun).ToList();
        var name = $"{basis.File.Subject}/{basis.File.Suite}";
        var (tolerance, whose) = basis.Time switch
        {
            TimeJudgement.OwnClass =>
                (baseline.AggregateTolerance, F($"aggregateTolerance {baseline.AggregateTolerance:P0}")),
            TimeJudgement.AcrossClasses when basis.File.CrossClass.AggregateTolerance is { } across =>
                (across, F($"crossClass {across:P0}, against the class {baseline.Key}")),
            _ => (double.NaN, ""),
        };
        if (double.IsNaN(tolerance))
        {
            return Shown(name, "—", basis.Time == TimeJudgement.AcrossClasses
                ? $"not applied across machine classes: {basis.File.CrossClass.Why}"
                : basis.Why ?? "not applied", baselinePath);
        }

        var steadyGroups = steady.Select(c => c.Case.Group).Distinct().Count();
        return steadyGroups < MinimumGroups
            ? Shown(name, "—", F($"not applied: on the class {baseline.Key} only {steadyGroups} groups have a case ") +
                F($"steady enough for the mean (run-to-run swing ≤ {MaximumRunToRun:P0})"), baselinePath)
            : Judge(steady, baseline, name, tolerance, F($"≤ {1 + tolerance:0.000} ({whose})"), baselinePath);
    }

    /// <summary>The gate over the quietly measured cases; shown, not applied, where too few groups were.</summary>
    private static GateResult Judge(List<AnalyzedCase> steady, ClassBaseline baseline, string name, double tolerance,
        string bound, string baselinePath)
    {
        var groups = steady
            .Where(c => !GateEvaluator.IsBusy(c.Measurement))
            .GroupBy(c => c.Case.Group)
            .Select(g => (IReadOnlyList<double>)g.Select(c => Math.Log(c.Ratio.Value / baseline.Cases[c.Case.Id].Ratio))
                .ToList())
            .ToList();
        if (groups.Count < MinimumGroups)
        {
            return Shown(name, bound, "not applied: the machine was busy while most of the suite was measured, and " +
                F($"{groups.Count} quiet groups are too few to average"), baselinePath);
        }

        var estimate = GeometricMean.Of(groups);
        var above = estimate.Value > 1 + tolerance;
        var fails = above && estimate.Lower > 1;
        return new GateResult(Gate, name,
            F($"{estimate} over {groups.Sum(g => g.Count)} cases in {groups.Count} groups"), bound, fails ? GateVerdict.Fail : GateVerdict.Pass, baselinePath,
            above && !fails ? "above the bound, but its 95 % interval reaches 1: not a significant slowdown" : null);
    }

    /// <summary>The gate shown, not applied, with its bound (or "—") and why.</summary>
    private static GateResult Shown(string name, string bound, string why, string baselinePath) =>
        new(Gate, name, "—", bound, GateVerdict.NotApplied, baselinePath, why);
}
