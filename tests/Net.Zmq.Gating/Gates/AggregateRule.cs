using System.Globalization;
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
        {
            return null;
        }

        var steady = timed
            .Where(c => baseline.Cases.TryGetValue(c.Case.Id, out var expected) && expected.Tolerances.RunToRun <= MaximumRunToRun)
            .ToList();

        var name = $"{basis.File.Subject}/{basis.File.Suite}";
        var (tolerance, whose) = ToleranceAndWhose(basis);
        if (double.IsNaN(tolerance))
        {
            return Shown(name, "—", basis.Time == TimeJudgement.AcrossClasses
                ? $"not applied across machine classes: {basis.File.CrossClass.Why}"
                : basis.Why ?? "not applied", baselinePath);
        }

        var steadyGroups = steady.Select(c => c.Case.Group).Distinct().Count();
        if (steadyGroups < MinimumGroups)
        {
            return Shown(name, "—", F($"not applied: on the class {baseline.Key} only {steadyGroups} groups have a case steady enough for the mean (run-to-run swing ≤ {MaximumRunToRun:P0})"),
                baselinePath);
        }

        return Judge(steady, baseline, name, tolerance, whose, baselinePath);
    }

    /// <summary>
    /// The tolerance and the format of its explanation (<c>{0}</c> the tolerance): the class's own or the cross-class
    /// one; NaN where the mean is not judged against this class.
    /// </summary>
    private static (double Tolerance, string Whose) ToleranceAndWhose(BaselineBasis basis) => basis.Time switch
    {
        TimeJudgement.OwnClass => (basis.Class.AggregateTolerance, "aggregateTolerance {0:P0}"),
        TimeJudgement.AcrossClasses when basis.File.CrossClass.AggregateTolerance is { } across => (across, $"crossClass {{0:P0}}, against the class {basis.Class.Key}"),
        _ => (double.NaN, ""),
    };

    /// <summary>The gate over the quietly measured cases; shown, not applied, where too few groups were.</summary>
    private static GateResult Judge(List<AnalyzedCase> steady, ClassBaseline baseline, string name, double tolerance, string whose, string baselinePath)
    {
        var bound = 1 + tolerance;
        var boundText = F($"≤ {bound:0.000} (") + string.Format(CultureInfo.InvariantCulture, whose, tolerance) + ")";
        var groups = steady
            .Where(c => !GateEvaluator.IsBusy(c.Measurement))
            .GroupBy(c => c.Case.Group)
            .Select(g => (IReadOnlyList<double>)g.Select(c => Math.Log(c.Ratio.Value / baseline.Cases[c.Case.Id].Ratio)).ToList())
            .ToList();
        if (groups.Count < MinimumGroups)
        {
            return Shown(name, boundText, F($"not applied: the machine was busy while most of the suite was measured, and {groups.Count} quiet groups are too few to average"),
                baselinePath);
        }

        var estimate = GeometricMean.Of(groups);
        var fails = estimate.Value > bound && estimate.Lower > 1;
        return new GateResult(Gate, name,
            F($"{estimate} over {groups.Sum(g => g.Count)} cases in {groups.Count} groups"),
            boundText,
            fails ? GateVerdict.Fail : GateVerdict.Pass, baselinePath,
            estimate.Value > bound && !fails ? "above the bound, but its 95 % interval reaches 1: not a significant slowdown" : null);
    }

    /// <summary>The gate shown, not applied, with its bound (or "—") and why.</summary>
    private static GateResult Shown(string name, string bound, string why, string baselinePath) =>
        new(Gate, name, "—", bound, GateVerdict.NotApplied, baselinePath, why);
}
