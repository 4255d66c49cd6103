using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// Applies a baseline file's gates to one subject's cases of one suite: one rule per kind of gate, and here only which
/// gates a case gets and when each applies. Wall time is shown, not judged, against another class of machine
/// (<see cref="BaselineBasis"/>); where the machine was busy (<see cref="BusyMachineCpus"/>) or the case sleeps between
/// polls (<see cref="CaseIdentity.SleepBound"/>), CPU time is gated instead.
/// </summary>
public static class GateEvaluator
{
    /// <param name="gateCpuTime">Also gate each case's CPU-time ratio: for the binding's overhead, where CPU time is
    /// its cost and stays steady beside a busy neighbour.</param>
    public static IReadOnlyList<GateResult> Evaluate(
        IReadOnlyList<AnalyzedCase> cases, BaselineBasis basis, string baselinePath, bool gateCpuTime = false)
    {
        var timeNotApplied = basis.Time == TimeJudgement.OwnClass ? null : basis.Why;
        List<GateResult> results = [.. PolicyRule.Evaluate(cases, basis.File.Policy, baselinePath)];
        foreach (var analyzed in cases)
        {
            var id = analyzed.Case.Id;
            if (basis.EntryOf(id) is not { } expected)
            {
                var why = analyzed.Case.Unbaselined;
                results.Add(new GateResult(new(GateKind.BaselineEntry), id, "measured", "a baseline entry",
                    why is null ? GateVerdict.Fail : GateVerdict.NotApplied, baselinePath, why is null
                        ? $"the baseline has no entry for this case; review it and refresh with {BaselineCommands.Refresh}"
                        : $"not applied: unbaselined by declaration, {why}; only its policy gates judge it"));
                continue;
            }

            if (!analyzed.Case.IsReference)
                results.AddRange(TimeGates(analyzed, expected, baselinePath, timeNotApplied, gateCpuTime));

            results.AddRange(AllocationRule.Evaluate(analyzed, expected, basis, baselinePath));
        }

        if (AggregateRule.Evaluate(cases, basis, baselinePath) is { } aggregate)
            results.Add(aggregate);

        return results;
    }

    /// <summary>
    /// A case's wall-time gate, and its CPU-time gate wherever CPU time was read, each applied or not: which gates a
    /// run has never depends on how busy the machine happened to be.
    /// </summary>
    private static IEnumerable<GateResult> TimeGates(
        AnalyzedCase analyzed, BaselineCase expected, string baselinePath, string? timeNotApplied, bool gateCpuTime)
    {
        var busy = BusyNote(analyzed, "so wall time is not judged and CPU time is");
        var tolerances = expected.Tolerances;
        var wall = new RatioEstimate(expected.Ratio, expected.RatioLower, expected.RatioUpper);
        yield return NotApplied(TimeRegressionRule.Evaluate(GateKind.TimeRegression, analyzed, analyzed.Ratio,
                new(wall, tolerances.RunToRun, tolerances.Ratio), baselinePath),
            timeNotApplied ?? busy ?? (analyzed.Case.SleepBound ? SleepBound : null));
        if (analyzed.CpuRatio is not { } cpu)
            yield break;

        var quiet = gateCpuTime || busy is not null || JudgedInCpuTime(analyzed) ? null : QuietMachine;
        var tolerance = busy is null ? tolerances.Ratio : Math.Max(tolerances.Ratio, BusyMachineRatioTolerance);
        yield return expected.CpuRatio is { } recorded
            ? NotApplied(TimeRegressionRule.Evaluate(GateKind.CpuTimeRegression, analyzed, cpu,
                new(recorded, tolerances.CpuRunToRun, tolerance), baselinePath), timeNotApplied ?? quiet)
            : NotApplied(new GateResult(new GateId(GateKind.CpuTimeRegression, analyzed.Case.ReferenceVariant),
                analyzed.Case.Id, cpu.ToString(), "a baseline CPU-time ratio", GateVerdict.NotApplied, baselinePath,
                "not applied: the baseline has no CPU-time ratio for this case (recorded where CPU time was not read); " +
                "refresh it to gate CPU time")
            {
                JudgesTime = true,
            }, timeNotApplied);
    }

    /// <summary>
    /// Other processes using this many CPUs or more while a cell was measured make it a busy machine
    /// (<see cref="Platform.NeighbourLoad"/>): its wall-time ratios are shown, its CPU-time ratios gated instead.
    /// </summary>
    public const double BusyMachineCpus = 0.25;

    /// <summary>
    /// Beside a busy neighbour CPU-time ratios move too, less than wall time: a busy cell's CPU-time gate fails only
    /// beyond this much, a coarse gate where a fine one would cry wolf (a decision, not a derived figure).
    /// </summary>
    public const double BusyMachineRatioTolerance = 0.25;

    private const string QuietMachine =
        "not applied: the machine was quiet, so wall time is judged (CPU time is gated for the binding's overhead, " +
        "for cases that sleep between polls, and where a neighbour is busy)";

    /// <summary>A sleep-bound case is judged in CPU time wherever it was read: the one home of that rule.</summary>
    public static bool JudgedInCpuTime(AnalyzedCase analyzed) => analyzed.Case.SleepBound && analyzed.CpuRatio is not null;

    private const string SleepBound =
        "not applied: this case sleeps between polls, so its wall time is mostly the system timer's and the " +
        "sender's pace, not the code's; its CPU time is judged";

    public static bool IsBusy(CaseMeasurement measurement) => measurement.NeighbourCpus > BusyMachineCpus;

    /// <summary>
    /// "Not applied: the machine was busy …, <paramref name="consequence"/>" where its cell was busy, or null.
    /// </summary>
    internal static string? BusyNote(AnalyzedCase analyzed, string consequence) =>
        IsBusy(analyzed.Measurement)
            ? F($"not applied: the machine was busy (other processes used {analyzed.Measurement.NeighbourCpus:0.00} ") +
              $"CPUs while this cell was measured), {consequence}"
            : null;

    internal static GateResult NotApplied(GateResult gate, string? why) => why is null
        ? gate
        : gate with { Verdict = GateVerdict.NotApplied, Note = GateResult.Join(why, gate.Note) };
}
