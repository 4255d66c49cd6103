using System.Globalization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// Applies a baseline file's gates to one subject's cases of one suite, all measured in the same run.
/// <list type="bullet">
/// <item>Policy: each hand-set ratio bound, in every group. It fails when the ratio's whole 95 % confidence
/// interval lies above the bound; where its cell ran beside a busy neighbour it is shown, not judged.</item>
/// <item>Time regression, per case: the ratio to the group's reference may exceed the baseline ratio by the case's
/// tolerance. It fails only when all three hold: the slowdown (ratio ÷ baseline ratio) exceeds 1 + tolerance; it
/// does so significantly (the whole 95 % interval of the slowdown, which carries this run's and the baseline's
/// uncertainty, <see cref="Slowdown"/>, lies above it); and it exceeds <see cref="NoiseFloorNanosecondsPerMessage"/>.
/// Against a baseline of another class of machine (<see cref="BaselineBasis"/>) time regressions are shown
/// but not applied; where the machine was busy while the case was measured (<see cref="BusyMachineCpus"/>), or the
/// case sleeps between polls (<see cref="CaseIdentity.SleepBound"/>), its wall time is shown and its CPU time gated
/// instead.</item>
/// <item>Time regression, per suite: the geometric mean over its steady cases measured on a quiet machine of (ratio ÷ baseline ratio) may exceed 1 by
/// the class's <c>aggregateTolerance</c>. It fails when it does and its 95 % interval (whole groups resampled) lies above 1:
/// a broad slowdown that no single case shows clearly. Against another class it is judged with the file's cross-class
/// tolerance where the file says the suite's mean carries across machines, and shown, not applied, where it does not.</item>
/// <item>CPU-time regression, per case, where asked (the binding's overhead), for sleep-bound cases, and wherever the
/// machine was busy: the same rule on the ratio in process CPU time.</item>
/// <item>Allocation regression: bytes per operation fail above baseline × (1 + relative) + absolute slack. Where a
/// subject also allocates on threads it does not own (NetMQ's I/O thread), the process-wide figure has its own gate,
/// with the file's <c>processBytesTolerance</c>.</item>
/// </list>
/// </summary>
public static class GateEvaluator
{
    public const string TimeRegressionGate = "regression: time ratio";
    public const string CpuTimeRegressionGate = "regression: CPU-time ratio";
    public const string AllocationRegressionGate = "regression: bytes per operation";
    public const string AggregateGate = "regression: geometric mean of time ratios ÷ baseline";
    public const string ProcessAllocationRegressionGate = "regression: process-wide bytes per operation";
    public const string BaselineEntryGate = "baseline entry";

    /// <summary>
    /// A time regression smaller than this, per message, never fails a gate, however significant: 0.1 ms in an
    /// operation of 10,000 messages, a few percent of the shortest operation measured here (3 ms).
    /// </summary>
    public const double NoiseFloorNanosecondsPerMessage = 10;

    public static string PolicyGateName(RatioBound bound) =>
        string.Create(CultureInfo.InvariantCulture, $"policy: {bound.Variant} ≤ {bound.Max:0.00} × {bound.Reference}");

    public static string PolicyGateName(BytesBound bound) =>
        $"policy: {bound.Variant} allocates < {Units.Bytes(bound.Max)} per operation" +
        (bound.UpToMessageBytes > 0 ? $" up to {Units.Bytes(bound.UpToMessageBytes)} messages" : "");

    /// <param name="basis">The file and the class its values come from, and how time is judged against them (<see cref="BaselineBasis.Choose"/>).</param>
    /// <param name="gateCpuTime">Also gate each case's CPU-time ratio, as its wall-time ratio is gated: for the
    /// binding's overhead, where CPU time is the binding's cost and stays steady beside a busy neighbour.</param>
    public static IReadOnlyList<GateResult> Evaluate(IReadOnlyList<AnalyzedCase> cases, BaselineBasis basis, string baselinePath, bool gateCpuTime = false)
    {
        var baseline = basis.Class;
        var timeNotApplied = basis.Time == TimeJudgement.OwnClass ? null : basis.Why;
        var results = new List<GateResult>();
        results.AddRange(Policy(cases, basis.File.Policy, baselinePath));
        foreach (var analyzed in cases)
        {
            var id = analyzed.Case.Id;
            if (!baseline.Cases.TryGetValue(id, out var expected))
            {
                results.Add(analyzed.Case.Unbaselined is { } why
                    ? new GateResult(new GateId(GateKind.BaselineEntry), BaselineEntryGate, id, "measured", "a baseline entry", GateVerdict.NotApplied, baselinePath,
                        $"not applied: unbaselined by declaration, {why}; only its policy gates judge it")
                    : new GateResult(new GateId(GateKind.BaselineEntry), BaselineEntryGate, id, "measured", "a baseline entry", GateVerdict.Fail, baselinePath,
                        "the baseline has no entry for this case; review it and refresh with dotnet test --filter Category=Perf -- UpdateBaselines=true"));
                continue;
            }

            if (!analyzed.Case.IsReference)
            {
                var busy = Busy(analyzed);
                results.Add(NotApplied(TimeRegression(GateKind.TimeRegression, TimeRegressionGate, analyzed, analyzed.Ratio, expected.Ratio, expected.RatioLower, expected.RatioUpper,
                    expected.Tolerances.RunToRun, expected.Tolerances.Ratio, baselinePath), timeNotApplied ?? busy ?? SleepBound(analyzed)));
                // Every case gets its CPU-time gate, applied or not, so that which gates a run has never depends on how
                // busy the machine happened to be (the report's snapshot is the same beside a neighbour).
                if (analyzed.CpuRatio is { } cpu)
                {
                    var quiet = gateCpuTime || busy is not null || analyzed.Case.SleepBound ? null : QuietMachine;
                    results.Add(expected.CpuRatio is { } recorded
                        ? NotApplied(TimeRegression(GateKind.CpuTimeRegression, CpuTimeRegressionGate, analyzed, cpu, recorded.Value, recorded.Lower, recorded.Upper,
                            expected.Tolerances.CpuRunToRun,
                            busy is null ? expected.Tolerances.Ratio : Math.Max(expected.Tolerances.Ratio, BusyMachineRatioTolerance), baselinePath),
                            timeNotApplied ?? quiet)
                        : NotApplied(new GateResult(new GateId(GateKind.CpuTimeRegression, analyzed.Case.ReferenceVariant), $"{CpuTimeRegressionGate} to {analyzed.Case.ReferenceVariant}", id, cpu.ToString(), "a baseline CPU-time ratio",
                            GateVerdict.NotApplied, baselinePath,
                            "not applied: the baseline has no CPU-time ratio for this case (recorded where CPU time was not read); refresh it to gate CPU time")
                        {
                            JudgesTime = true,
                        }, timeNotApplied));
                }
            }

            var between = basis.BetweenClasses(id);
            if (analyzed.Measurement.ProcessBytesPerOperation is { } process && expected.ProcessBytesPerOperation is { } expectedProcess)
            {
                var processBound = (expectedProcess * (1 + baseline.ProcessBytesTolerance + between.ProcessBytes)) + expected.Tolerances.BytesAbsolute;
                results.Add(new GateResult(
                    new GateId(GateKind.ProcessAllocationRegression), ProcessAllocationRegressionGate, id, Units.Bytes(process),
                    string.Create(CultureInfo.InvariantCulture,
                        $"≤ {Units.Bytes(processBound)} (baseline {Units.Bytes(expectedProcess)} + {baseline.ProcessBytesTolerance:P0}{BetweenClassesText(between.ProcessBytes)} + {expected.Tolerances.BytesAbsolute:0} B)"),
                    process <= processBound ? GateVerdict.Pass : GateVerdict.Fail, baselinePath,
                    "counted process-wide: it includes the test host's and the I/O thread's allocations, which depend on timing"));
            }

            var bytes = analyzed.Measurement.BytesAllocatedPerOperation;
            var byteBound = (expected.BytesPerOperation * (1 + expected.Tolerances.BytesRelative + between.Bytes)) + expected.Tolerances.BytesAbsolute;
            results.Add(new GateResult(
                new GateId(GateKind.AllocationRegression), AllocationRegressionGate, id, Units.Bytes(bytes),
                string.Create(CultureInfo.InvariantCulture,
                    $"≤ {Units.Bytes(byteBound)} (baseline {Units.Bytes(expected.BytesPerOperation)} + {expected.Tolerances.BytesRelative:P0}{BetweenClassesText(between.Bytes)} + {expected.Tolerances.BytesAbsolute:0} B)"),
                bytes <= byteBound ? GateVerdict.Pass : GateVerdict.Fail, baselinePath));
        }

        if (Aggregate(cases, basis, baselinePath) is { } aggregate)
        {
            results.Add(aggregate);
        }

        return results;
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

    /// <summary>Why a sleep-bound case's wall time is not judged, or null for any other case.</summary>
    private static string? SleepBound(AnalyzedCase analyzed) =>
        analyzed.Case.SleepBound
            ? "not applied: this case sleeps between polls, so its wall time is mostly the system timer's and the sender's pace, not the code's; its CPU time is judged"
            : null;

    /// <summary>Whether other processes took enough of the machine while the case's cell was measured that its wall time is not judged.</summary>
    public static bool IsBusy(CaseMeasurement measurement) => measurement.NeighbourCpus > BusyMachineCpus;

    /// <summary>Why the case's wall time is not judged (the machine was busy), or null.</summary>
    private static string? Busy(AnalyzedCase analyzed) =>
        BusyNote(analyzed, "so wall time is not judged and CPU time is");

    /// <summary>
    /// A ratio bound is a claim about wall time on a quiet machine, and beside a busy neighbour wall time is stretched
    /// unevenly: there it is shown, not judged (it has no CPU-time form; machine B beside <c>yes</c> put PUB/SUB inproc
    /// Poller 64 B at 1.53 × PureBlocking, reproduced, and 1.56 × in CPU time: the neighbour's cost, not the code's).
    /// </summary>
    private static string? BusyForAClaim(AnalyzedCase analyzed) =>
        BusyNote(analyzed, "and the bound is a claim about a quiet machine");

    /// <summary>"Not applied: the machine was busy …, <paramref name="consequence"/>" where its cell was busy, or null.</summary>
    private static string? BusyNote(AnalyzedCase analyzed, string consequence) =>
        IsBusy(analyzed.Measurement)
            ? string.Create(CultureInfo.InvariantCulture,
                $"not applied: the machine was busy (other processes used {analyzed.Measurement.NeighbourCpus:0.00} CPUs while this cell was measured), {consequence}")
            : null;

    private static string BetweenClassesText(double move) =>
        move > 0 ? string.Create(CultureInfo.InvariantCulture, $" + {move:P1} between classes") : "";

    private static GateResult NotApplied(GateResult gate, string? why) =>
        why is null ? gate : gate with { Verdict = GateVerdict.NotApplied, Note = gate.Note is null ? why : $"{why}; {gate.Note}" };

    /// <summary>
    /// The case's slowdown against its baseline, ratio ÷ baseline ratio, with a 95 % interval that carries both
    /// measurements' uncertainty (each one's own paired interval, as standard errors in log space) and the case's
    /// run-to-run swing (<see cref="Tolerances.RunToRun"/>), added in quadrature: a baseline is a measurement too,
    /// and a gate that took it as exact would blame its luck on the run.
    /// </summary>
    public static RatioEstimate Slowdown(RatioEstimate measured, double recorded, double recordedLower, double recordedUpper, double runToRun)
    {
        var logSlowdown = Math.Log(measured.Value / recorded);
        var error = Math.Sqrt(Square(StandardError(measured.Lower, measured.Upper)) + Square(StandardError(recordedLower, recordedUpper))
                              + Square(runToRun));
        return new RatioEstimate(Math.Exp(logSlowdown), Math.Exp(logSlowdown - (Z95 * error)), Math.Exp(logSlowdown + (Z95 * error)))
        {
            Pairs = measured.Pairs,
        };
    }

    private const double Z95 = 1.959964;

    /// <summary>A 95 % interval's half-width in log space over 1.96: the standard error it implies (infinite for an unbounded interval).</summary>
    private static double StandardError(double lower, double upper) =>
        lower > 0 && double.IsFinite(upper) ? (Math.Log(upper) - Math.Log(lower)) / (2 * Z95) : double.PositiveInfinity;

    private static double Square(double x) => x * x;

    /// <summary>One time regression gate (wall or CPU time): <paramref name="measured"/> against the recorded ratio.</summary>
    private static GateResult TimeRegression(GateKind kind, string gate, AnalyzedCase analyzed, RatioEstimate measured, double recorded, double recordedLower,
        double recordedUpper, double runToRun, double ratioTolerance, string baselinePath)
    {
        var tolerance = 1 + ratioTolerance;
        var slowdown = Slowdown(measured, recorded, recordedLower, recordedUpper, runToRun);
        string? note = null;
        var fails = false;
        // Only a slowdown beyond the tolerance is put to the test: within it, the gate holds whatever the test says.
        if (slowdown.Value > tolerance)
        {
            var significant = slowdown.Lower > tolerance;
            // The cost per message is judged on the reference's wall time, for CPU time too: the floor is about how
            // long a message takes, not how many cores worked on it.
            var slowdownPerMessage = (measured.Value - recorded) * Quantiles.Median(analyzed.ReferenceNanosecondsPerOperation)
                                     / analyzed.Measurement.MessagesPerOperation;
            fails = significant && slowdownPerMessage > NoiseFloorNanosecondsPerMessage;
            note = fails ? string.Create(CultureInfo.InvariantCulture,
                    $"{slowdown.Value:0.000}× the baseline ratio, 95 % interval [{slowdown.Lower:0.000}, {slowdown.Upper:0.000}] ({measured.Pairs} pairs) above {tolerance:0.00}; {slowdownPerMessage:0} ns per message slower")
                : !significant ? string.Create(CultureInfo.InvariantCulture,
                    $"{slowdown.Value:0.000}× the baseline ratio, above {tolerance:0.00} but not significantly: the 95 % interval of the slowdown (this run's and the baseline's uncertainty) reaches {slowdown.Lower:0.000}")
                : string.Create(CultureInfo.InvariantCulture,
                    $"above the bound, but only {slowdownPerMessage:0.#} ns per message slower than the baseline ratio (noise floor {NoiseFloorNanosecondsPerMessage:0} ns)");
        }

        return new GateResult(
            new GateId(kind, analyzed.Case.ReferenceVariant), $"{gate} to {analyzed.Case.ReferenceVariant}", analyzed.Case.Id, measured.ToString(),
            string.Create(CultureInfo.InvariantCulture, $"≤ {recorded * tolerance:0.000} (baseline {recorded:0.000} + {ratioTolerance:P0}") +
            (runToRun > 0 ? string.Create(CultureInfo.InvariantCulture, $", runs swing ±{runToRun:P1})") : ")"),
            fails ? GateVerdict.Fail : GateVerdict.Pass, baselinePath, note) { JudgesTime = true };
    }

    /// <summary>
    /// The aggregate applies where the suite has at least this many groups: its interval resamples groups (see
    /// <see cref="GeometricMean"/>), and over fewer it would mean nothing. A one-group run (a narrow PERF_FILTER) has
    /// only its cases' own gates.
    /// </summary>
    public const int AggregateMinimumGroups = 3;

    /// <summary>
    /// Cases whose ratio swings more than this from run to run (<see cref="Tolerances.RunToRun"/>) are left out of the
    /// suite's aggregate: one case that doubles or halves with the process would move the mean of the steady ones by
    /// more than the broad slowdown the aggregate is there to see. They keep their own gates.
    /// </summary>
    public const double AggregateMaximumRunToRun = 0.05;

    /// <summary>
    /// The suite's steady cases (not sleep-bound: their wall time is not the code's) that have a baseline entry and a
    /// time ratio, each as log(ratio ÷ baseline ratio), in their groups; their mean is the log of the geometric mean.
    /// </summary>
    private static GateResult? Aggregate(IReadOnlyList<AnalyzedCase> cases, BaselineBasis basis, string baselinePath)
    {
        var baseline = basis.Class;
        var timed = cases.Where(c => !c.Case.IsReference && !c.Case.SleepBound).ToList();
        // Whether the gate exists depends only on what was measured (a narrow PERF_FILTER has none), never on how busy
        // the machine was or on the class judged against (whose cases may swing more): a busy run, or a run on another
        // machine, shows it (applied or not), so every run of the same cases has the same gates.
        if (timed.Select(c => c.Case.Group).Distinct().Count() < AggregateMinimumGroups)
        {
            return null;
        }

        var steady = timed
            .Where(c => baseline.Cases.TryGetValue(c.Case.Id, out var expected) && expected.Tolerances.RunToRun <= AggregateMaximumRunToRun)
            .ToList();

        var name = $"{basis.File.Subject}/{basis.File.Suite}";
        GateResult Shown(string bound, string why) => new(new GateId(GateKind.Aggregate), AggregateGate, name, "—", bound, GateVerdict.NotApplied, baselinePath, why);
        var (tolerance, whose) = basis.Time switch
        {
            TimeJudgement.OwnClass => (baseline.AggregateTolerance, "aggregateTolerance {0:P0}"),
            TimeJudgement.AcrossClasses when basis.File.CrossClass.AggregateTolerance is { } across => (across, $"crossClass {{0:P0}}, against the class {baseline.Key}"),
            _ => (double.NaN, ""),
        };
        if (double.IsNaN(tolerance))
        {
            return Shown("—", basis.Time == TimeJudgement.AcrossClasses
                ? $"not applied across machine classes: {basis.File.CrossClass.Why}"
                : basis.Why ?? "not applied");
        }

        var steadyGroups = steady.Select(c => c.Case.Group).Distinct().Count();
        if (steadyGroups < AggregateMinimumGroups)
        {
            return Shown("—", string.Create(CultureInfo.InvariantCulture,
                $"not applied: on the class {baseline.Key} only {steadyGroups} groups have a case steady enough for the mean (run-to-run swing ≤ {AggregateMaximumRunToRun:P0})"));
        }

        var bound = 1 + tolerance;
        var boundText = string.Create(CultureInfo.InvariantCulture, $"≤ {bound:0.000} (") + string.Format(CultureInfo.InvariantCulture, whose, tolerance) + ")";
        var groups = steady
            .Where(c => Busy(c) is null)
            .GroupBy(c => c.Case.Group)
            .Select(g => (IReadOnlyList<double>)g.Select(c => Math.Log(c.Ratio.Value / baseline.Cases[c.Case.Id].Ratio)).ToList())
            .ToList();
        if (groups.Count < AggregateMinimumGroups)
        {
            return Shown(boundText, string.Create(CultureInfo.InvariantCulture,
                $"not applied: the machine was busy while most of the suite was measured, and {groups.Count} quiet groups are too few to average"));
        }

        var estimate = GeometricMean.Of(groups);
        var fails = estimate.Value > bound && estimate.Lower > 1;
        return new GateResult(new GateId(GateKind.Aggregate), AggregateGate, name,
            string.Create(CultureInfo.InvariantCulture, $"{estimate} over {groups.Sum(g => g.Count)} cases in {groups.Count} groups"),
            boundText,
            fails ? GateVerdict.Fail : GateVerdict.Pass, baselinePath,
            estimate.Value > bound && !fails ? "above the bound, but its 95 % interval reaches 1: not a significant slowdown" : null);
    }

    private static IEnumerable<GateResult> Policy(IReadOnlyList<AnalyzedCase> cases, Policy policy, string baselinePath) =>
        RatioPolicy(cases, policy, baselinePath).Concat(BytesPolicy(cases, policy, baselinePath));

    /// <summary>
    /// Allocation is counted, not sampled from a scattering clock: a bound fails when the measured bytes per
    /// operation (the median over operations) reach it.
    /// </summary>
    private static IEnumerable<GateResult> BytesPolicy(IReadOnlyList<AnalyzedCase> cases, Policy policy, string baselinePath)
    {
        foreach (var bound in policy.BytesBounds)
        {
            var gate = PolicyGateName(bound);
            var gateId = GateId.For(bound);
            foreach (var subject in cases.Where(c => c.Case.Variant == bound.Variant
                                                     && (bound.UpToMessageBytes == 0 || c.Measurement.MessageBytes <= bound.UpToMessageBytes)))
            {
                var bytes = subject.Measurement.BytesAllocatedPerOperation;
                var violated = bytes >= bound.Max;
                var accepted = policy.KnownViolations.FirstOrDefault(v => v.Case == subject.Case.Id && v.Gate == gateId);
                yield return new GateResult(gateId, gate, subject.Case.Id, Units.Bytes(bytes), $"< {Units.Bytes(bound.Max)}",
                    !violated ? GateVerdict.Pass : accepted is not null ? GateVerdict.KnownViolation : GateVerdict.Fail, baselinePath,
                    !violated ? HoldsDespite(accepted) : null);
            }
        }
    }

    /// <summary>
    /// A bound that holds in this run though a known violation of it is recorded: the entry stays as long as the
    /// violation is seen on some machine (a known violation holds for every class; its evidence says where it failed).
    /// </summary>
    private static string? HoldsDespite(KnownViolation? accepted) =>
        accepted is null ? null : $"it holds in this run; its known-violation entry records where it did not: {accepted.Evidence}";

    private static IEnumerable<GateResult> RatioPolicy(IReadOnlyList<AnalyzedCase> cases, Policy policy, string baselinePath)
    {
        foreach (var bound in policy.RatioBounds)
        {
            var gate = PolicyGateName(bound);
            var gateId = GateId.For(bound);
            foreach (var subject in cases.Where(c => c.Case.Variant == bound.Variant))
            {
                var reference = cases.SingleOrDefault(c => c.Case.Group == subject.Case.Group && c.Case.Variant == bound.Reference);
                if (reference is null)
                {
                    continue;
                }

                var ratio = bound.Reference == subject.Case.ReferenceVariant
                    ? subject.Ratio
                    : SuiteAnalysis.Compare(subject.Measurement, reference.Measurement);
                // Violated only when the whole 95 % interval lies above the bound: a ratio that merely scatters
                // across it is reported as unclear, never failed on noise.
                var violated = ratio.Lower > bound.Max;
                var unclear = !violated && ratio.Value > bound.Max;
                var accepted = policy.KnownViolations.FirstOrDefault(v => v.Case == subject.Case.Id && v.Gate == gateId);
                yield return NotApplied(new GateResult(gateId, gate, subject.Case.Id, ratio.ToString(),
                    string.Create(CultureInfo.InvariantCulture, $"≤ {bound.Max:0.00}"),
                    !violated ? GateVerdict.Pass : accepted is not null ? GateVerdict.KnownViolation : GateVerdict.Fail, baselinePath,
                    unclear ? "unclear: the estimate is above the bound but its 95 % interval reaches below it"
                    : !violated ? HoldsDespite(accepted) : null)
                {
                    JudgesTime = true,
                }, BusyForAClaim(subject) ?? BusyForAClaim(reference));
            }
        }
    }
}
