using System.Globalization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// Applies a baseline file's gates to one subject's cases of one suite, all measured in the same run: one rule per
/// kind of gate, and here only which gates a case gets and when each applies.
/// <list type="bullet">
/// <item>Policy (<see cref="PolicyRule"/>): each hand-set ratio and bytes bound.</item>
/// <item>Baseline entry: a case the file does not hold fails, unless it is declared unbaselined (then shown).</item>
/// <item>Time regression per case (<see cref="TimeRegressionRule"/>), in wall time. Against a baseline of another class
/// of machine (<see cref="BaselineBasis"/>) it is shown but not applied; where the machine was busy while the case was
/// measured (<see cref="BusyMachineCpus"/>), or the case sleeps between polls (<see cref="CaseIdentity.SleepBound"/>),
/// its wall time is shown and its CPU time gated instead.</item>
/// <item>CPU-time regression per case, where asked (the binding's overhead), for sleep-bound cases, and wherever the
/// machine was busy: the same rule on the ratio in process CPU time.</item>
/// <item>Allocation regression (<see cref="AllocationRule"/>).</item>
/// <item>Time regression per suite (<see cref="AggregateRule"/>).</item>
/// </list>
/// </summary>
public static class GateEvaluator
{
    private static readonly GateId EntryGate = new(GateKind.BaselineEntry);

    /// <param name="basis">The file and the class its values come from, and how time is judged against them
    /// (<see cref="BaselineBasis.Choose"/>).</param>
    /// <param name="gateCpuTime">Also gate each case's CPU-time ratio, as its wall-time ratio is gated: for the
    /// binding's overhead, where CPU time is the binding's cost and stays steady beside a busy neighbour.</param>
    public static IReadOnlyList<GateResult> Evaluate(IReadOnlyList<AnalyzedCase> cases, BaselineBasis basis, string baselinePath, bool gateCpuTime = false)
    {
        var timeNotApplied = basis.Time == TimeJudgement.OwnClass ? null : basis.Why;
        var results = new List<GateResult>();
        results.AddRange(PolicyRule.Evaluate(cases, basis.File.Policy, baselinePath));
        foreach (var analyzed in cases)
        {
            var id = analyzed.Case.Id;
            if (basis.EntryOf(id) is not { } expected)
            {
                results.Add(analyzed.Case.Unbaselined is { } why
                    ? new GateResult(EntryGate, id, "measured", "a baseline entry", GateVerdict.NotApplied, baselinePath,
                        $"not applied: unbaselined by declaration, {why}; only its policy gates judge it")
                    : new GateResult(EntryGate, id, "measured", "a baseline entry", GateVerdict.Fail, baselinePath,
                        $"the baseline has no entry for this case; review it and refresh with {BaselineCommands.Refresh}"));
                continue;
            }

            if (!analyzed.Case.IsReference)
            {
                results.AddRange(TimeGates(analyzed, expected, baselinePath, timeNotApplied, gateCpuTime));
            }

            results.AddRange(AllocationRule.Evaluate(analyzed, expected, basis, baselinePath));
        }

        if (AggregateRule.Evaluate(cases, basis, baselinePath) is { } aggregate)
        {
            results.Add(aggregate);
        }

        return results;
    }

    /// <summary>
    /// A case's wall-time gate, and its CPU-time gate wherever CPU time was read: each applied or not, so that which
    /// gates a run has never depends on how busy the machine happened to be (the report's snapshot is the same beside a
    /// neighbour).
    /// </summary>
    private static IEnumerable<GateResult> TimeGates(AnalyzedCase analyzed, BaselineCase expected, string baselinePath, string? timeNotApplied, bool gateCpuTime)
    {
        var busy = Busy(analyzed);
        yield return NotApplied(TimeRegressionRule.Evaluate(GateKind.TimeRegression, analyzed, analyzed.Ratio,
            new(new RatioEstimate(expected.Ratio, expected.RatioLower, expected.RatioUpper), expected.Tolerances.RunToRun, expected.Tolerances.Ratio), baselinePath), timeNotApplied ?? busy ?? SleepBound(analyzed));
        if (analyzed.CpuRatio is not { } cpu)
        {
            yield break;
        }

        var quiet = gateCpuTime || busy is not null || JudgedInCpuTime(analyzed) ? null : QuietMachine;
        var unrecorded = new GateId(GateKind.CpuTimeRegression, analyzed.Case.ReferenceVariant);
        yield return expected.CpuRatio is { } recorded
            ? NotApplied(TimeRegressionRule.Evaluate(GateKind.CpuTimeRegression, analyzed, cpu,
                new(recorded, expected.Tolerances.CpuRunToRun, busy is null ? expected.Tolerances.Ratio : Math.Max(expected.Tolerances.Ratio, BusyMachineRatioTolerance)),
                baselinePath),
                timeNotApplied ?? quiet)
            : NotApplied(new GateResult(unrecorded, analyzed.Case.Id, cpu.ToString(), "a baseline CPU-time ratio", GateVerdict.NotApplied, baselinePath,
                "not applied: the baseline has no CPU-time ratio for this case (recorded where CPU time was not read); refresh it to gate CPU time")
            {
                JudgesTime = true,
            }, timeNotApplied);
    }

    /// <summary>
    /// Other processes using this many CPUs or more while a cell was measured make it a busy machine: its wall-time
    /// ratios moved beside a neighbour (<see cref="Platform.NeighbourLoad"/>), so they are shown, not judged, and the
    /// CPU-time ratios are gated instead. A quiet run here measured 0.00-0.05; one <c>yes &gt; /dev/null</c> is 1.
    /// </summary>
    public const double BusyMachineCpus = 0.25;

    /// <summary>
    /// Beside a busy neighbour CPU-time ratios move too, less than wall time but not by nothing: in one of three runs
    /// beside a <c>yes &gt; /dev/null</c> the buffer strategies' and NonBlocking's CPU-time ratios moved 13-22 % (the
    /// other two, and every quiet run, within a few percent). So a busy cell's CPU-time gate fails only beyond this
    /// much: a coarse gate where a fine one would cry wolf. A decision from those runs, not a derived figure.
    /// </summary>
    public const double BusyMachineRatioTolerance = 0.25;

    private const string QuietMachine =
        "not applied: the machine was quiet, so wall time is judged (CPU time is gated for the binding's overhead, for cases that sleep between polls, and where a neighbour is busy)";

    /// <summary>A sleep-bound case is judged in CPU time wherever it was read: the one home of that rule.</summary>
    public static bool JudgedInCpuTime(AnalyzedCase analyzed) => analyzed.Case.SleepBound && analyzed.CpuRatio is not null;

    /// <summary>Why a sleep-bound case's wall time is not judged, or null for any other case.</summary>
    private static string? SleepBound(AnalyzedCase analyzed) =>
        analyzed.Case.SleepBound
            ? "not applied: this case sleeps between polls, so its wall time is mostly the system timer's and the sender's pace, not the code's; its CPU time is judged"
            : null;

    /// <summary>
    /// Whether other processes took enough of the machine while the case's cell was measured that its wall time is not
    /// judged.
    /// </summary>
    public static bool IsBusy(CaseMeasurement measurement) => measurement.NeighbourCpus > BusyMachineCpus;

    /// <summary>Why the case's wall time is not judged (the machine was busy), or null.</summary>
    private static string? Busy(AnalyzedCase analyzed) =>
        BusyNote(analyzed, "so wall time is not judged and CPU time is");

    /// <summary>
    /// "Not applied: the machine was busy …, <paramref name="consequence"/>" where its cell was busy, or null.
    /// </summary>
    internal static string? BusyNote(AnalyzedCase analyzed, string consequence) =>
        IsBusy(analyzed.Measurement)
            ? string.Create(CultureInfo.InvariantCulture,
                $"not applied: the machine was busy (other processes used {analyzed.Measurement.NeighbourCpus:0.00} CPUs while this cell was measured), {consequence}")
            : null;

    internal static GateResult NotApplied(GateResult gate, string? why) =>
        why is null ? gate : gate with { Verdict = GateVerdict.NotApplied, Note = gate.Note is null ? why : $"{why}; {gate.Note}" };
}
