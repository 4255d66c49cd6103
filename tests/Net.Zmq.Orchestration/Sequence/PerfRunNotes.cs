using System.Globalization;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Sequence;

/// <summary>
/// Every note a run makes, one factory per note: the only place a <see cref="RunNote"/> is made (RunNoteShapeTests).
/// Tests and tools find notes by kind (<see cref="NoteKind"/>), readers by text.
/// </summary>
internal static class PerfRunNotes
{
    /// <summary>What the run's settings changed (PERF_FILTER, PERF_INJECT), said before anything is measured.</summary>
    public static IEnumerable<RunNote> OfSettings(PerfSettings settings) =>
    [
        .. settings.Filter is null ? Array.Empty<RunNote>() : [new RunNote(NoteKind.Filter,
            $"PERF_FILTER={settings.Filter}: only matching cases (and their groups' reference cases) " +
            "were measured; baseline entries of the others were not checked.")],
        .. settings.Injection is null ? Array.Empty<RunNote>() : [new RunNote(NoteKind.Injection,
            $"PERF_INJECT={settings.Injection}: deliberate regressions were injected into the matching cases" +
            (settings.InjectedProcesses is { } only
                ? $", in measuring process {string.Join(" and ", only.Order())} only (PERF_INJECT_PROCESSES)"
                : "") +
            "; gates failing there are the point.")],
        .. settings.Timing ? Array.Empty<RunNote>() : [new RunNote(NoteKind.CountedOnly,
            "PERF_TIMING=off: the cases were counted (native calls, " +
            "instructions), written to measured.json for build/bisect.sh; " +
            "nothing was timed and no gate was judged.")],
    ];

    /// <summary>What the run says when other processes took a share of the machine while cells were measured.</summary>
    public static IEnumerable<RunNote> Busy(IReadOnlyList<AnalyzedCase> analyzed) =>
        analyzed.Where(c => GateEvaluator.IsBusy(c.Measurement)).ToList() is not { Count: > 0 } busy ? [] :
        [new RunNote(NoteKind.BusyMachine, string.Create(CultureInfo.InvariantCulture,
            $"The machine was busy while {busy.Count} of {analyzed.Count} cases were measured " +
            $"(other processes used up to {busy.Max(c => c.Measurement.NeighbourCpus):0.00} CPUs): " +
            $"their wall-time regressions are shown, not judged, and their CPU-time ratios are gated instead, " +
            $"on slowdowns beyond {GateEvaluator.BusyMachineRatioTolerance:P0}."))];

    /// <summary>Per driver, blocking calls a signal interrupted and made again (<see cref="Interruptions"/>).</summary>
    public static IEnumerable<RunNote> Interrupted(Dictionary<DriverId, long> before) =>
        before.Select(b => (Driver: b.Key, Count: Interruptions.Count(b.Key) - b.Value))
            .Where(i => i.Count > 0)
            .Select(i => new RunNote(NoteKind.Interrupted,
                $"{i.Driver}: {i.Count} blocking call{(i.Count == 1 ? " was" : "s were")} " +
                "interrupted by a signal (EINTR) and made again" +
                (i.Driver == DriverId.NetZmq
                    ? "; Net.Zmq throws a ZmqException on EINTR rather than making the call again, " +
                      "so a program that does not retry would have failed there."
                    : ".")));

    /// <summary>
    /// Every baseline file the run did not gate against, or could not read: an unreadable file fails the run (unless a
    /// suite's error or failing gate already names it), and one gated against nothing is said, with why.
    /// </summary>
    public static IEnumerable<RunNote> OfBaselineFiles(
        BaselineStore store, IReadOnlyList<GatedSuite> subjects, IReadOnlyList<AbsentSubject> absent,
        PerfSettings settings)
    {
        var unreadable = store.ProblemsInEveryFile()
            .Where(p => !subjects.Any(s => (s.Error is not null && s.BaselinePath == p.Shown)
                || s.Gates.Any(g => g.FailsRun && g.BaselinePath == p.Shown)))
            .Select(p => new RunNote(NoteKind.InvalidBaseline, $"Unreadable baseline file (fails the run): {p.Problem}")
                { Suite = p.Suite });
        var scope = $"profile {settings.Profile.Description}" +
            $"{(settings.Filter is null ? "" : $", PERF_FILTER={settings.Filter}")}";
        var gated = subjects.Select(s => s.BaselinePath).ToHashSet(StringComparer.Ordinal);
        return [.. unreadable, .. store.Unchecked(gated, absent, scope)];
    }

    /// <summary>The buffer strategies a driver has no case of, each with the catalog's reason.</summary>
    public static IEnumerable<RunNote> StrategiesNotExpressed() =>
        CaseCatalog.StrategiesNotExpressed.Select(n =>
            new RunNote(NoteKind.StrategyNotExpressed, $"{n.Driver} has no {n.Strategy} case: {n.Reason}."));

    public static RunNote Refreshed(SuiteId suite, string shown, int cases) => new(NoteKind.Refreshed,
        $"Refreshed {shown}: observed values of {cases} cases on this machine's class; its tolerances, the policy " +
        "and the file's other classes unchanged.") { Suite = suite };

    public static RunNote CountsWrittenAgain(SuiteId suite, string shown, string error) => new(NoteKind.Refreshed,
        $"{shown} could not be read ({error}): written again from this run alone.") { Suite = suite };

    public static RunNote CountsRefreshed(SuiteId suite, string shown, string what, int cases) =>
        new(NoteKind.Refreshed, $"Refreshed {shown}: the {what} of {cases} cases.") { Suite = suite };

    public static RunNote OtherVersion(SuiteId suite, string shown, string recorded, string measured) =>
        About(suite, NoteKind.OtherVersion,
            $"{shown} was recorded with {suite.Subject} {recorded}; this run measured {measured}. " +
            "The gates still apply: they say whether this version regressed against that one.");

    public static RunNote TimeNotJudged(SuiteId suite, string shown, string why, string classKey) =>
        About(suite, NoteKind.TimeNotJudged,
            $"{shown}: time regressions per case {why}. Policy and allocation gates apply (against {classKey}).");

    public static RunNote BaselineCasesNotMeasured(SuiteId suite, string shown, IReadOnlyList<string> cases) =>
        About(suite, NoteKind.BaselineCasesNotMeasured,
            $"{shown}: {cases.Count} baseline case{(cases.Count == 1 ? " was" : "s were")} not measured in this run, " +
            "so not checked: " + string.Join(", ", cases.Take(8)) + (cases.Count > 8 ? ", …" : "") + ".");

    public static RunNote Unbaselined(SuiteId suite, string shown, int count, string declaration) =>
        About(suite, NoteKind.Unbaselined,
            $"{shown}: {count} measured case{(count == 1 ? " is" : "s are")} unbaselined by declaration " +
            $"({declaration}): shown, judged by the policy alone; a refresh under this profile writes their entries.");

    private static RunNote About(SuiteId? suite, NoteKind kind, string text) => new(kind, text) { Suite = suite };

    public static RunNote NotChecked(SuiteId? suite, string shown, string why) =>
        new(NoteKind.NotChecked, $"Not checked: {shown}: {why.TrimEnd('.')}.") { Suite = suite };

    public static RunNote Merged(string folder, IReadOnlyList<ShardSummary> merged, IReadOnlyList<string> elsewhere) =>
        new(NoteKind.Merged,
            $"Merged {merged.Count} shards measured apart ({RunMeasurements.MergeVariable}={folder}), " +
            ShardSummary.Describe(merged, seconds => string.Create(CultureInfo.InvariantCulture, $"{seconds:0} s")) +
            ". Nothing was measured again here: a failed time gate stands on its shard's own confirmation" +
            (elsewhere.Count > 0
                ? $"; shard {string.Join(", ", elsewhere)} ran on another class than this machine's, " +
                  "so no case's time is judged against a baseline class here (the suite means across classes are)."
                : "."));

    public static RunNote Shard(Shard shard, int cells, int whole) => new(NoteKind.Shard,
        $"Shard {shard} ({Gating.Running.Shard.Variable}): {cells} of the run's {whole} cells; " +
        $"{RunMeasurements.MergeVariable}=<folder of the {shard.Count} shards' shard-k-of-{shard.Count}.json> " +
        "judges them as one run.");

    public static RunNote CallsNotCounted(string why) =>
        new(NoteKind.CallsNotCounted, $"Native calls were not counted, so no call count was gated: {why}.");

    public static RunNote CallsFailed(string failure) => new(NoteKind.CallsNotCounted,
        $"A workload failed while its native calls were counted, so its cases' counts are missing: {failure}");

    public static RunNote InstructionsNotCounted(string why) =>
        new(NoteKind.InstructionsNotCounted,
            $"Instructions were not counted, so no instruction count was gated: {why}.");

    public static RunNote NotCountedUnderValgrind(IReadOnlyList<string> cases, string why) =>
        new(NoteKind.InstructionsNotCounted,
            $"Not counted under Valgrind ({cases.Count} case{(cases.Count == 1 ? "" : "s")}: " +
            $"{string.Join(", ", cases.Take(4))}{(cases.Count > 4 ? ", …" : "")}): {why}");

    public static RunNote ReferenceNotMeasured() => new(NoteKind.ReferenceNotMeasured,
        "The base build of Net.Zmq was not measured: it is measured only beside the head, " +
        "whose cases were not measured in this run.");

    public static RunNote NotComparable(IReadOnlyList<string> cases, string why) => new(NoteKind.NotComparable,
        $"Head against base: {cases.Count} case{(cases.Count == 1 ? " is" : "s are")} not comparable, because {why}: " +
        string.Join(", ", cases) + ".") { Suite = HeadAgainstBase.Suite };
}
