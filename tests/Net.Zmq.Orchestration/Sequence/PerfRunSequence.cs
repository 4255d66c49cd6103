using System.Diagnostics;
using System.Globalization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration;

/// <summary>
/// Measures cases with a profile's sampling, in one process or several (<see cref="MeasuredProcess"/>): per process one
/// measurement per case, its operations paired with those of the cases measured beside it. The Perf run measures
/// cells with BenchmarkDotNet; the fast tests hand in synthetic ones.
/// </summary>
/// <param name="pass">0 for the run's measurement, then 1, 2, … for each measurement of failed gates' cases again.</param>
public delegate IReadOnlyList<MeasuredProcess> CaseMeasurer(IReadOnlyList<CaseDefinition> cases, MeasurementProfile sampling, int pass);

/// <summary>Counts the instructions of a run's cases (in an instruction process under Valgrind, which the Perf run starts); the fast tests hand in synthetic counts.</summary>
public delegate RunInstructions InstructionCounter(IReadOnlyList<CaseDefinition> cases);

/// <summary>
/// One Perf run, in order: select the cases (<see cref="PerfRunSelection"/>), measure them, judge every suite against
/// its baseline (<see cref="GateStage"/>, which refreshes first when asked) and the head against its base, measure the
/// failed time gates' cases again to confirm them, and write the reports. The clock is the measurer's alone.
/// </summary>
public static class PerfRunSequence
{
    public static PerfRun Run(PerfSettings settings, SourceLayout layout, CaseMeasurer measure, CaseCounter count, Action<string> log,
        InstructionCounter? countInstructions = null)
    {
        countInstructions ??= _ => RunInstructions.None("no instruction counter was given to this run");
        RefuseARefreshUnderCi(settings);
        var started = DateTimeOffset.UtcNow;
        var clock = Stopwatch.StartNew();
        var machine = MachineFingerprints.Current(settings.Placement, settings.Environment);
        var store = new BaselineStore(layout);
        var notes = PerfRunNotes.OfSettings(settings);
        // Said before the measuring starts: a run with PERF_INJECT or PERF_FILTER says so before its minutes go by.
        notes.ForEach(n => log(n.Text));
        var said = notes.Count;
        var selection = PerfRunSelection.Of(settings, notes, log);
        var identity = PerfRunIdentity.Of(settings, layout, selection);
        var merged = settings.MergeDirectory is { } folder ? Merge(folder, identity, ref measure, ref count, ref countInstructions, ref machine, notes, log) : null;
        selection = settings.Shard is { } shard ? Share(selection, shard, settings.Profile, notes, log) : selection;

        // A refresh samples twice as long: the baseline's intervals are then narrower than any run's.
        var passes = new MeasurementPasses(measure, settings.UpdateBaselines ? settings.Profile.ForRefresh() : settings.Profile);
        var interruptedBefore = Enum.GetValues<DriverId>().ToDictionary(d => d, Interruptions.Count);
        var (counts, instructions) = Count(selection.Cases, settings.Drivers, count, countInstructions);
        notes.AddRange(CountGates.Notes(counts, instructions));
        var analyzed = selection.Cases.Count == 0 ? [] : passes.MeasureAndAnalyze(selection.Cases);
        notes.AddRange(PerfRunNotes.Busy(analyzed));
        var judged = Judge(new GateStage(store, machine, started, settings.UpdateBaselines, notes), selection, analyzed);
        var confirmed = GateStage.Confirm(judged, passes.MeasureAndAnalyze, passes.ConfirmsOnBothPasses, log);
        var subjects = new CountGates(store, settings.UpdateBaselines, machine.Runtime, notes).Attach(confirmed, counts, instructions);
        CloseNotes(notes, said, [.. PerfRunNotes.Interrupted(interruptedBefore), .. PerfRunNotes.OfBaselineFiles(store, subjects, selection.Absent, settings)], log);

        var run = PerfRunReport.Of(started, clock.Elapsed, passes.Sampling, machine, subjects, selection, notes) with
        {
            Processes = passes.Processes,
            Shards = merged ?? [],
            Counts = counts,
            Instructions = instructions,
        };
        Write(settings, run, new MeasuredRun(MeasuredRun.CurrentSchema, identity, settings.Shard, clock.Elapsed.TotalSeconds, machine.Class, passes.All), log);
        return run;
    }

    /// <summary>
    /// The counting passes, before any timing, each in processes of their own that time nothing: native calls (exact, and
    /// a workload that cannot run fails here before minutes of timing), then instructions under Valgrind.
    /// </summary>
    private static (RunCounts Counts, RunInstructions Instructions) Count(IReadOnlyList<CaseDefinition> cases, DriverSelection drivers,
        CaseCounter count, InstructionCounter countInstructions) =>
        cases.Count == 0
            ? (RunCounts.None("no case was selected"), RunInstructions.None("no case was selected"))
            : (count(cases), countInstructions(InstructionCases(cases, drivers)));

    /// <summary>
    /// The cases the instruction pass counts: the native drivers' (NetMQ's only where PERF_DRIVERS names it: its
    /// managed I/O thread and the megabytes it allocates make it the slowest under Valgrind, a third of the main job's
    /// pass, for the peer the suite compares with, not its subject); and where a subject is judged against a paired
    /// reference measured in the run (head ÷ base), only the two's: the others' counts would judge nothing there.
    /// </summary>
    private static IReadOnlyList<CaseDefinition> InstructionCases(IReadOnlyList<CaseDefinition> cases, DriverSelection drivers)
    {
        var pairs = DerivedSuites.All.Where(p => p.Judgement == PairedJudgement.AgainstTheReference && cases.Any(c => c.Driver == p.Reference)).ToList();
        return [.. cases.Where(c => pairs.Count == 0 ? c.Driver != DriverId.NetMQ || drivers.Names(DriverId.NetMQ)
            : pairs.Any(p => c.Driver == p.Subject || c.Driver == p.Reference))];
    }

    /// <summary>The notes of what was judged, every note not said yet said in the log, then what no run measures.</summary>
    private static void CloseNotes(List<RunNote> notes, int said, IEnumerable<RunNote> judged, Action<string> log)
    {
        notes.AddRange(judged);
        notes.Skip(said).Where(n => n.Kind is not (NoteKind.Shard or NoteKind.Merged)).ToList().ForEach(n => log(n.Text));
        notes.AddRange(PerfRunNotes.StrategiesNotExpressed());
    }

    private static void RefuseARefreshUnderCi(PerfSettings settings)
    {
        if (settings.UpdateBaselines)
        {
            BaselineRefresh.RefuseUnderCi(settings.Environment);
        }
    }

    /// <summary>The report, and beside it what was measured and counted, whole: a shard's file is what a merge reads.</summary>
    private static void Write(PerfSettings settings, PerfRun run, MeasuredRun measured, Action<string> log)
    {
        var record = measured with { Counts = run.Counts, Instructions = run.Instructions };
        ReportFiles.Write(run, settings.ArtifactsDirectory);
        ProcessFiles.Write(Path.Combine(settings.ArtifactsDirectory, record.FileName), record);
        log($"report: {Path.Combine(settings.ArtifactsDirectory, ReportFiles.ReportName)}");
    }

    /// <summary>
    /// A merge of shards measured apart (PERF_MERGE): <paramref name="measure"/> replays them (<see cref="ShardMerge"/>),
    /// and where a shard ran on another machine class than this one, no case's time is judged against a baseline class
    /// here (it holds only on the class that measured it).
    /// </summary>
    private static IReadOnlyList<ShardSummary> Merge(string folder, RunIdentity identity, ref CaseMeasurer measure, ref CaseCounter count,
        ref InstructionCounter countInstructions, ref MachineFingerprint machine, List<RunNote> notes, Action<string> log)
    {
        (measure, count, countInstructions, var merged) = ShardMerge.Replay(folder, identity);
        var here = machine.Class;
        var elsewhere = merged.Where(m => m.Machine != here).Select(m => m.Shard).ToList();
        if (elsewhere.Count > 0)
        {
            machine = machine with { Cpu = $"{machine.Cpu}, merging shards measured on other machines" };
        }

        notes.Add(new RunNote(NoteKind.Merged, $"Merged {merged.Count} shards measured apart ({MeasuredRun.MergeVariable}={folder}), " +
            ShardSummary.Describe(merged, seconds => string.Create(CultureInfo.InvariantCulture, $"{seconds:0} s")) +
            ". Nothing was measured again here: a failed time gate stands on its shard's own confirmation" +
            (elsewhere.Count > 0
                ? $"; shard {string.Join(", ", elsewhere)} ran on another class than this machine's, so no case's time is judged against a baseline class here (the suite means across classes are)."
                : ".")));
        log(notes[^1].Text);
        return merged;
    }

    /// <summary>One shard's share of the run's cells (PERF_SHARD), said before anything is measured.</summary>
    private static PerfRunSelection Share(PerfRunSelection selection, Shard shard, MeasurementProfile profile, List<RunNote> notes, Action<string> log)
    {
        var whole = selection.Cases.Select(c => c.Cell).Distinct().Count();
        var share = selection.Of(shard, profile);
        notes.Add(new RunNote(NoteKind.Shard,
            $"Shard {shard} ({Shard.Variable}): {share.Cases.Select(c => c.Cell).Distinct().Count()} of the run's {whole} cells; " +
            $"{MeasuredRun.MergeVariable}=<folder of the {shard.Count} shards' shard-k-of-{shard.Count}.json> judges them as one run."));
        log(notes[^1].Text);
        return share;
    }

    /// <summary>
    /// Every measured suite judged: first the paired suites judged against their reference (head ÷ base: the merge gate
    /// for a Net.Zmq change, and what the report opens with), then each driver's suites in driver and suite order (a
    /// subject that is only a reference shown), then the paired suites judged against their files (the binding overhead).
    /// </summary>
    private static List<JudgedSuite> Judge(GateStage gates, PerfRunSelection selection, IReadOnlyList<AnalyzedCase> analyzed)
    {
        List<JudgedSuite> Paired(PairedJudgement judgement) =>
        [
            .. DerivedSuites.All.Where(p => p.Judgement == judgement)
                .Select(p => (Paired: p, Cases: p.Of(analyzed)))
                .Where(p => p.Cases is not null)
                .Select(p => judgement switch
                {
                    PairedJudgement.AgainstTheReference => GateStage.JudgeAgainstTheReference(p.Paired, p.Cases!),
                    PairedJudgement.ShownOnly => GateStage.ShownOnly(p.Paired, p.Cases!),
                    _ => gates.Judge(ZmqDrivers.Get(p.Paired.Subject), p.Paired.Suite, p.Cases!),
                }),
        ];

        var judged = Paired(PairedJudgement.AgainstTheReference);
        var bySuite = analyzed.ToLookup(c => c.Case.SuiteId);
        foreach (var (driver, suite) in selection.Cases.Select(c => (c.Driver, c.Suite)).Distinct().Order())
        {
            var id = new SuiteId(driver.ToString(), suite.ToString());
            var cases = bySuite[id].ToList();
            if (cases.Count > 0)
            {
                judged.Add(DerivedSuites.ReferenceOnly(driver) is { } referenceOf
                    ? GateStage.Shown(referenceOf, id, cases)
                    : gates.Judge(ZmqDrivers.Get(driver), id, cases));
            }
        }

        judged.AddRange(Paired(PairedJudgement.AgainstItsBaselineFile));
        judged.AddRange(Paired(PairedJudgement.ShownOnly));
        return judged;
    }
}
