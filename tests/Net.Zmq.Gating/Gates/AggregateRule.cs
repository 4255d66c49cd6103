using System.Globalization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// The suite's time-regression gate: the geometric mean over its steady cases measured on a quiet machine of
/// (ratio ÷ baseline ratio) may exceed 1 by the class's <c>aggregateTolerance</c>; it fails when it does and its 95 %
/// interval (whole groups resampled) lies above 1. Against another class it is judged with the file's cross-class
/// tolerance where the file says the suite's mean carries across machines, and shown, not applied, where it does not.
/// </summary>
public static class AggregateRule
{
    private static readonly GateId Gate = new(GateKind.Aggregate);

    /// <summary>
    /// The aggregate applies where the suite has at least this many groups: its interval resamples groups (see
    /// <see cref="GeometricMean"/>), and over fewer it would mean nothing. A one-group run (a narrow PERF_FILTER) has
    /// only its cases' own gates.
    /// </summary>
    public const int MinimumGroups = 3;

    /// <summary>
    /// Cases whose ratio swings more than this from run to run (<see cref="Tolerances.RunToRun"/>) are left out of the
    /// suite's aggregate: one case that doubles or halves with the process would move the mean of the steady ones by
    /// more than the broad slowdown the aggregate is there to see. They keep their own gates.
    /// </summary>
    public const double MaximumRunToRun = 0.05;

    /// <summary>
    /// The suite's steady cases (not sleep-bound: their wall time is not the code's) that have a baseline entry and a
    /// time ratio, each as log(ratio ÷ baseline ratio), in their groups; their mean is the log of the geometric mean.
    /// </summary>
    public static GateResult? Evaluate(IReadOnlyList<AnalyzedCase> cases, BaselineBasis basis, string baselinePath)
    {
        var baseline = basis.Class;
        var timed = cases.Where(c => !c.Case.IsReference && !c.Case.SleepBound).ToList();
        // Whether the gate exists depends only on what was measured (a narrow PERF_FILTER has none), never on how busy
        // the machine was or on the class judged against (whose cases may swing more): a busy run, or a run on another
        // machine, shows it (applied or not), so every run of the same cases has the same gates.
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
            return Shown(name, "—", string.Create(CultureInfo.InvariantCulture,
                $"not applied: on the class {baseline.Key} only {steadyGroups} groups have a case steady enough for the mean (run-to-run swing ≤ {MaximumRunToRun:P0})"),
                baselinePath);
        }

        return Judge(steady, baseline, name, tolerance, whose, baselinePath);
    }

    /// <summary>
    /// The tolerance the suite's mean is judged with and the format of its explanation (<c>{0}</c> the tolerance):
    /// the class's own, or the file's cross-class one; NaN where the mean is not judged against this class.
    /// </summary>
    private static (double Tolerance, string Whose) ToleranceAndWhose(BaselineBasis basis) => basis.Time switch
    {
        TimeJudgement.OwnClass => (basis.Class.AggregateTolerance, "aggregateTolerance {0:P0}"),
        TimeJudgement.AcrossClasses when basis.File.CrossClass.AggregateTolerance is { } across => (across, $"crossClass {{0:P0}}, against the class {basis.Class.Key}"),
        _ => (double.NaN, ""),
    };

    /// <summary>
    /// The gate over the steady cases measured on a quiet machine: the geometric mean of their ratios to the baseline's
    /// against 1 + <paramref name="tolerance"/>; shown, not applied, where too few groups were measured quietly.
    /// </summary>
    private static GateResult Judge(List<AnalyzedCase> steady, ClassBaseline baseline, string name, double tolerance, string whose, string baselinePath)
    {
        var bound = 1 + tolerance;
        var boundText = string.Create(CultureInfo.InvariantCulture, $"≤ {bound:0.000} (") + string.Format(CultureInfo.InvariantCulture, whose, tolerance) + ")";
        var groups = steady
            .Where(c => !GateEvaluator.IsBusy(c.Measurement))
            .GroupBy(c => c.Case.Group)
            .Select(g => (IReadOnlyList<double>)g.Select(c => Math.Log(c.Ratio.Value / baseline.Cases[c.Case.Id].Ratio)).ToList())
            .ToList();
        if (groups.Count < MinimumGroups)
        {
            return Shown(name, boundText, string.Create(CultureInfo.InvariantCulture,
                $"not applied: the machine was busy while most of the suite was measured, and {groups.Count} quiet groups are too few to average"),
                baselinePath);
        }

        var estimate = GeometricMean.Of(groups);
        var fails = estimate.Value > bound && estimate.Lower > 1;
        return new GateResult(Gate, name,
            string.Create(CultureInfo.InvariantCulture, $"{estimate} over {groups.Sum(g => g.Count)} cases in {groups.Count} groups"),
            boundText,
            fails ? GateVerdict.Fail : GateVerdict.Pass, baselinePath,
            estimate.Value > bound && !fails ? "above the bound, but its 95 % interval reaches 1: not a significant slowdown" : null);
    }

    /// <summary>The gate shown, not applied, with its bound (or "—") and why.</summary>
    private static GateResult Shown(string name, string bound, string why, string baselinePath) =>
        new(Gate, name, "—", bound, GateVerdict.NotApplied, baselinePath, why);
}
