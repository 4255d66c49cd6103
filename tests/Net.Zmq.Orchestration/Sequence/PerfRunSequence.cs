using System.Diagnostics;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Counting;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Sequence;

/// <summary>
/// Measures cases in one process or several (<see cref="MeasuredProcess"/>), operations paired with the cases beside
/// them; the Perf run uses BenchmarkDotNet, the fast tests synthetic cells. Pass 0 is the run's, 1… confirmations.
/// </summary>
public delegate IReadOnlyList<MeasuredProcess> CaseMeasurer(
    IReadOnlyList<CaseDefinition> cases, MeasurementProfile sampling, int pass);

/// <summary>Counts a run's cases' instructions under Valgrind; the fast tests hand in synthetic counts.</summary>
public delegate RunInstructions InstructionCounter(IReadOnlyList<CaseDefinition> cases);

/// <summary>
/// One Perf run, in order: select the cases (<see cref="PerfRunSelection"/>), measure them, judge every suite against
/// its baseline (<see cref="GateStage"/>, which refreshes first when asked) and the head against its base, measure the
/// failed time gates' cases again to confirm them, and write the reports. The clock is the measurer's alone.
/// </summary>
public static class PerfRunSequence
{
    public static JudgedRun Run(PerfSettings settings, SourceLayout layout, CaseMeasurer measure, CaseCounter count,
        Action<string> log, InstructionCounter? countInstructions = null)
    {
        if (settings.UpdateBaselines)
            BaselineRefresh.RefuseUnderCi(settings.Environment);

        var started = DateTimeOffset.UtcNow;
        var clock = Stopwatch.StartNew();
        var store = new BaselineStore(layout);
        var notes = new RunNoteLog(log);
        var (selection, identity, merged) = Select(settings, layout, notes, log);
        var (measurer, counter, instructionCounter, machine) = merged?.Replay ?? (measure, count, countInstructions
            ?? (_ => RunInstructions.None("no instruction counter was given to this run")), Here(settings));
        var passes = new MeasurementPasses(measurer,
            settings.UpdateBaselines ? settings.Profile.ForRefresh() : settings.Profile);
        var interruptedBefore = Enum.GetValues<DriverId>().ToDictionary(d => d, Interruptions.Count);
        var (counts, instructions) = Count(selection.Cases, settings.Drivers, counter, instructionCounter);
        notes.Say(CountGates.Notes(counts, instructions));
        var analyzed = selection.Cases.Count == 0 || !settings.Timing ? [] : passes.MeasureAndAnalyze(selection.Cases);
        notes.Say(PerfRunNotes.Busy(analyzed));
        var judged = Judge(
            new GateStage(store, machine, started, settings.UpdateBaselines), selection, analyzed, notes);
        var confirmed = GateStage.Confirm(judged, passes.MeasureAndAnalyze, passes.ConfirmsOnBothPasses, log);
        var (subjects, countNotes) =
            new CountGates(store, settings.UpdateBaselines, machine.Runtime).Attach(confirmed, counts, instructions);
        notes.Say([.. countNotes, .. PerfRunNotes.Interrupted(interruptedBefore),
            .. PerfRunNotes.OfBaselineFiles(store, subjects, selection.Absent, settings)]);
        var run = PerfRunReport.Of(started, clock.Elapsed, passes, machine, subjects, selection, notes.All) with
        {
            Shards = merged?.Shards ?? [], Counts = counts, Instructions = instructions,
        };
        return Write(settings, run, new(RunMeasurements.CurrentSchema, identity, settings.Shard,
            clock.Elapsed.TotalSeconds, machine.Class, passes.All), log);
    }

    /// <summary>What the run measures (PERF_SHARD's share), its identity, and merged shards to replay.</summary>
    private static (PerfRunSelection Selection, RunIdentity Identity, MergedShards? Merged) Select(
        PerfSettings settings, SourceLayout layout, RunNoteLog notes, Action<string> log)
    {
        notes.Say(PerfRunNotes.OfSettings(settings));
        var selection = PerfRunSelection.Of(settings, log);
        settings.Injection?.RequireEveryEntryMatches([.. selection.Cases.Select(c => c.Id)]);
        notes.Say(selection.Notes);
        var identity = PerfRunIdentity.Of(settings, layout, selection);
        // A merge of shards (PERF_MERGE) is replayed in place of measuring.
        var merged = settings.MergeDirectory is { } folder ? ShardMerge.Replay(folder, identity, Here(settings)) : null;
        notes.Say(merged is null ? [] : [merged.Note]);
        if (settings.Shard is { } shard)
        {
            var whole = selection.Cases.Select(c => c.Cell).Distinct().Count();
            selection = selection.Of(shard, settings.Profile);
            notes.Say([PerfRunNotes.Shard(shard, selection.Cases.Select(c => c.Cell).Distinct().Count(), whole)]);
        }

        return (selection, identity, merged);
    }

    private static MachineFingerprint Here(PerfSettings settings) =>
        MachineFingerprints.Current(settings.Placement, settings.Environment);

    /// <summary>
    /// The counting passes, before any timing, each in processes of their own that time nothing: native calls (exact,
    /// and a workload that cannot run fails here before minutes of timing), then instructions under Valgrind.
    /// </summary>
    private static (RunCounts Counts, RunInstructions Instructions) Count(IReadOnlyList<CaseDefinition> cases,
        DriverSelection drivers, CaseCounter count, InstructionCounter countInstructions) =>
        cases.Count == 0
            ? (RunCounts.None("no case was selected"), RunInstructions.None("no case was selected"))
            : (count(cases), countInstructions(InstructionCases(cases, drivers)));

    /// <summary>
    /// The cases the instruction pass counts: the native drivers' (NetMQ's only where PERF_DRIVERS names it: slowest
    /// under Valgrind, and only a peer), and under a paired reference judged in the run, only the pair's.
    /// </summary>
    private static IReadOnlyList<CaseDefinition> InstructionCases(
        IReadOnlyList<CaseDefinition> cases, DriverSelection drivers)
    {
        var pairs = DerivedSuites.All
            .Where(p => p.Judgement.ByTheReference && cases.Any(c => c.Driver == p.Reference)).ToList();
        return [.. cases.Where(c => pairs.Count == 0 ? c.Driver != DriverId.NetMQ || drivers.Names(DriverId.NetMQ)
            : pairs.Any(p => c.Driver == p.Subject || c.Driver == p.Reference))];
    }

    /// <summary>The report, and beside it the whole measurements file a merge of shards reads.</summary>
    private static JudgedRun Write(PerfSettings settings, JudgedRun run, RunMeasurements measured, Action<string> log)
    {
        var record = measured with { Counts = run.Counts, Instructions = run.Instructions };
        ReportFiles.Write(run, settings.ArtifactsDirectory);
        ProcessFiles.Write(Path.Combine(settings.ArtifactsDirectory, record.FileName), record);
        log($"report: {Path.Combine(settings.ArtifactsDirectory, ReportFiles.ReportName)}");
        return run;
    }

    /// <summary>
    /// Every measured suite judged: paired suites against their reference (head ÷ base, the merge gate, first in the
    /// report), then each driver's suites in order, then paired suites against their files (binding overhead).
    /// </summary>
    private static List<ConfirmableSuite> Judge(
        GateStage gates, PerfRunSelection selection, IReadOnlyList<AnalyzedCase> analyzed, RunNoteLog notes)
    {
        IEnumerable<ConfirmableSuite> Paired(bool byTheReference) =>
            DerivedSuites.All.Where(p => p.Judgement.ByTheReference == byTheReference)
                .Select(p => (Paired: p, Cases: p.Of(analyzed)))
                .Where(p => p.Cases is not null).Select(p => p.Paired.Judgement.Judge(p.Paired, gates, p.Cases!));

        var bySuite = analyzed.ToLookup(c => c.Case.SuiteId);
        List<ConfirmableSuite> judged =
        [
            .. Paired(byTheReference: true),
            .. selection.Cases.Select(c => (c.Driver, c.Suite)).Distinct().Order()
                .Select(s => (s.Driver, Id: new SuiteId(s.Driver.ToString(), s.Suite.ToString())))
                .Where(s => bySuite[s.Id].Any())
                .Select(s => DerivedSuites.ReferenceOnly(s.Driver) is { } referenceOf
                    ? referenceOf.ShownAsReference(s.Id, [.. bySuite[s.Id]])
                    : gates.Judge(ZmqDrivers.Get(s.Driver), s.Id, [.. bySuite[s.Id]])),
            .. Paired(byTheReference: false),
        ];
        notes.Say(gates.Notes);
        return judged;
    }
}

/// <summary>
/// A run's notes in stage order, each logged as it comes: a run with PERF_INJECT or PERF_FILTER says so before its
/// minutes go by.
/// </summary>
internal sealed class RunNoteLog(Action<string> log)
{
    private readonly List<RunNote> _all = [];

    public IReadOnlyList<RunNote> All => _all;

    public void Say(IEnumerable<RunNote> notes)
    {
        foreach (var note in notes)
        {
            _all.Add(note);
            log(note.Text);
        }
    }
}
