using System.Diagnostics;
using System.Globalization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;
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

/// <summary>
/// One Perf run, in order: select the cases (<see cref="PerfRunSelection"/>), measure them, judge every suite against
/// its baseline (<see cref="GateStage"/>, which refreshes first when asked) and the head against its base, measure the
/// failed time gates' cases again to confirm them, and write the reports. The clock is the measurer's alone.
/// </summary>
public static class PerfRunSequence
{
    public static PerfRun Run(PerfSettings settings, SourceLayout layout, CaseMeasurer measure, CaseCounter count, Action<string> log)
    {
        if (settings.UpdateBaselines)
        {
            BaselineRefresh.RefuseUnderCi(settings.Environment);
        }

        var started = DateTimeOffset.UtcNow;
        var clock = Stopwatch.StartNew();
        var machine = MachineFingerprints.Current(settings.Placement, settings.Environment);
        var store = new BaselineStore(layout);
        var notes = SettingsNotes(settings);
        foreach (var note in notes)
        {
            // Said before the measuring starts: a run with PERF_INJECT or PERF_FILTER says so before its minutes go by.
            log(note.Text);
        }

        var said = notes.Count;
        var selection = PerfRunSelection.Of(settings, notes, log);
        var identity = PerfRunIdentity.Of(settings, layout, selection);
        var merged = settings.MergeDirectory is { } folder ? Merge(folder, identity, ref measure, ref count, ref machine, notes, log) : null;
        if (settings.Shard is { } shard)
        {
            selection = Share(selection, shard, settings.Profile, notes, log);
        }

        // A refresh samples twice as long: the baseline's intervals are then narrower than any run's.
        var sampling = settings.UpdateBaselines ? settings.Profile.ForRefresh() : settings.Profile;
        var processes = new List<ProcessSummary>();
        var passes = new List<IReadOnlyList<MeasuredProcess>>();
        IReadOnlyList<AnalyzedCase> MeasureAndAnalyze(IReadOnlyList<CaseDefinition> cases)
        {
            var pass = passes.Count;
            var measured = measure(cases, sampling, pass);
            passes.Add(measured);
            processes.AddRange(measured.Select(p => new ProcessSummary(pass == 0 ? "run" : $"confirmation {pass}", p.Process, p.Seed, p.LoadedFirst, p.Seconds, p.InThisProcess)));
            return Analyze(MeasuredProcess.Combine(measured));
        }

        static IReadOnlyList<AnalyzedCase> Analyze(IReadOnlyList<CaseMeasurement> measured) =>
            measured
                .GroupBy(m => m.Case.SuiteId)
                .SelectMany(suite => SuiteAnalysis.Analyze(suite.ToList()))
                // Cells run in batches and their cases in shuffled order: reports list them in catalog order.
                .OrderBy(c => CaseCatalog.IndexOf(c.Case.Id))
                .ToList();

        var interruptedBefore = Enum.GetValues<DriverId>().ToDictionary(d => d, Interruptions.Count);
        // Counted first, in a process of its own that times nothing: a count is exact, and a workload that cannot run fails here before minutes of timing.
        var counts = selection.Cases.Count == 0 ? RunCounts.None("no case was selected") : count(selection.Cases);
        notes.AddRange(CallCountGates.Notes(counts));
        var callGates = new CallCountGates(layout, settings.UpdateBaselines, notes);
        var analyzed = selection.Cases.Count == 0 ? [] : MeasureAndAnalyze(selection.Cases);
        notes.AddRange(BusyNote(analyzed));

        var judged = Judge(new GateStage(store, machine, started, settings.UpdateBaselines, notes), selection, analyzed);
        var subjects = callGates.Attach(GateStage.Confirm(judged, MeasureAndAnalyze, log), counts);
        notes.AddRange(InterruptionNotes(interruptedBefore));
        notes.AddRange(store.ProblemsInEveryFile()
            .Where(p => !subjects.Any(s => (s.Error is not null && s.BaselinePath == p.Shown) || s.Gates.Any(g => g.FailsRun && g.BaselineFile == p.Shown)))
            .Select(p => new RunNote(NoteKind.InvalidBaseline, $"Unreadable baseline file (fails the run): {p.Problem}") { Suite = p.Suite }));
        var scope = $"profile {settings.Profile.Name}{(settings.Filter is null ? "" : $", PERF_FILTER={settings.Filter}")}";
        notes.AddRange(store.Unchecked(subjects.Select(s => s.BaselinePath).ToHashSet(StringComparer.Ordinal), selection.Absent, scope));
        foreach (var note in notes.Skip(said).Where(n => n.Kind is not (NoteKind.Shard or NoteKind.Merged)))
        {
            log(note.Text);
        }

        notes.AddRange(CaseCatalog.StrategiesNotExpressed.Select(n =>
            new RunNote(NoteKind.StrategyNotExpressed, $"{n.Driver} has no {n.Strategy} case: {n.Reason}.")));

        var run = PerfRunReport.Of(started, clock.Elapsed, sampling, machine, subjects, selection, notes) with
        {
            Processes = processes,
            Shards = merged ?? [],
            Counts = counts,
        };
        ReportFiles.Write(run, settings.ArtifactsDirectory);
        // What was measured, whole, beside the report: a shard's file is what a merge reads.
        var record = new MeasuredRun(MeasuredRun.CurrentSchema, identity, settings.Shard, clock.Elapsed.TotalSeconds, machine.Class, passes) { Counts = counts };
        ProcessFiles.Write(Path.Combine(settings.ArtifactsDirectory, record.FileName), record);
        log($"report: {Path.Combine(settings.ArtifactsDirectory, ReportFiles.ReportName)}");
        return run;
    }

    /// <summary>
    /// A merge of shards measured apart (PERF_MERGE): <paramref name="measure"/> replays them (<see cref="ShardMerge"/>),
    /// and where a shard ran on another machine class than this one, no case's time is judged against a baseline class
    /// here (it holds only on the class that measured it).
    /// </summary>
    private static IReadOnlyList<ShardSummary> Merge(string folder, RunIdentity identity, ref CaseMeasurer measure, ref CaseCounter count,
        ref MachineFingerprint machine, List<RunNote> notes, Action<string> log)
    {
        (measure, count, var merged) = ShardMerge.Replay(folder, identity);
        var here = machine.Class;
        var elsewhere = merged.Where(m => m.Machine != here).Select(m => m.Shard).ToList();
        if (elsewhere.Count > 0)
        {
            machine = machine with { Cpu = $"{machine.Cpu}, merging shards measured on other machines" };
        }

        notes.Add(new RunNote(NoteKind.Merged, $"Merged {merged.Count} shards measured apart ({MeasuredRun.MergeVariable}={folder}): " +
            string.Join("; ", merged.Select(m => string.Create(CultureInfo.InvariantCulture, $"{m.Shard} on {m.Machine}, {m.Seconds:0} s"))) +
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

    private static List<RunNote> SettingsNotes(PerfSettings settings)
    {
        var notes = new List<RunNote>();
        if (settings.Filter is not null)
        {
            notes.Add(new RunNote(NoteKind.Filter,
                $"PERF_FILTER={settings.Filter}: only matching cases (and their groups' reference cases) were measured; baseline entries of the others were not checked."));
        }

        if (settings.Injection is not null)
        {
            notes.Add(new RunNote(NoteKind.Injection,
                $"PERF_INJECT={settings.Injection}: deliberate regressions were injected into the matching cases" +
                (settings.InjectedProcesses is { } only ? $", in measuring process {string.Join(" and ", only.Order())} only (PERF_INJECT_PROCESSES)" : "") +
                "; gates failing there are the point."));
        }

        return notes;
    }

    /// <summary>What the run says when other processes took a share of the machine while cells were measured.</summary>
    private static IEnumerable<RunNote> BusyNote(IReadOnlyList<AnalyzedCase> analyzed)
    {
        var busy = analyzed.Where(c => GateEvaluator.IsBusy(c.Measurement)).ToList();
        if (busy.Count > 0)
        {
            yield return new RunNote(NoteKind.BusyMachine, string.Create(CultureInfo.InvariantCulture,
                $"The machine was busy while {busy.Count} of {analyzed.Count} cases were measured (other processes used up to " +
                $"{busy.Max(c => c.Measurement.NeighbourCpus):0.00} CPUs): their wall-time regressions are shown, not judged, and their CPU-time ratios are gated instead, on slowdowns beyond {GateEvaluator.BusyMachineRatioTolerance:P0}."));
        }
    }

    /// <summary>Per driver, how many of its blocking calls a signal interrupted during this run, each made again (<see cref="Interruptions"/>).</summary>
    private static IEnumerable<RunNote> InterruptionNotes(Dictionary<DriverId, long> before) =>
        before.Select(b => (Driver: b.Key, Count: Interruptions.Count(b.Key) - b.Value))
            .Where(i => i.Count > 0)
            .Select(i => new RunNote(NoteKind.Interrupted,
                $"{i.Driver}: {i.Count} blocking call{(i.Count == 1 ? " was" : "s were")} interrupted by a signal (EINTR) and made again" +
                (i.Driver == DriverId.NetZmq
                    ? "; Net.Zmq throws a ZmqException on EINTR rather than making the call again, so a program that does not retry would have failed there."
                    : ".")));
}
