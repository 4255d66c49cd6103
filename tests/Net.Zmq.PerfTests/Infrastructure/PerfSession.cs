using System.Diagnostics;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// One Perf run per test process, in four steps with one job each: measure every available driver's cases
/// (<see cref="CellMeasurement"/>), judge them against the baselines (<see cref="GateStage"/>, which also refreshes
/// when asked), confirm failed time gates by measuring again, and write the reports. The first test that needs it
/// runs it; every other test reads the same result.
/// </summary>
internal static class PerfSession
{
    private static readonly Lock RunLock = new();
    private static PerfRun? _run;
    private static Exception? _failure;

    public static SourceLayout Layout { get; } = SourceLayout.Of(typeof(PerfSession).Assembly);

    public static PerfRun Run(Action<string> log, Action<string> progress)
    {
        SkipIfInstrumented();
        lock (RunLock)
        {
            if (_run is null && _failure is null)
            {
                try
                {
                    _run = Measure(PerfSettings.FromEnvironment(Environment.GetEnvironmentVariable, Layout), log, progress);
                }
                catch (Exception e)
                {
                    _failure = e;
                    ReportFiles.WriteFailure(Layout.PerfArtifactsDirectory, e.Message);
                }
            }

            if (_failure is not null)
            {
                throw new InvalidOperationException($"The Perf run failed before any gate: {_failure.Message}", _failure);
            }

            return _run!;
        }
    }

    /// <summary>
    /// One Perf run with explicit settings: what <see cref="Run"/> does from the environment, and what the gates'
    /// self-tests do with their own filter and injection (and their own artifacts directory).
    /// </summary>
    /// <param name="log">The run's detail (BenchmarkDotNet's log included): the test's output.</param>
    /// <param name="progress">A line per cell as it starts, with how far the run is: shown while the run goes on.</param>
    public static PerfRun Measure(PerfSettings settings, Action<string> log, Action<string> progress)
    {
        SkipIfInstrumented();
        if (settings.UpdateBaselines)
        {
            BaselineRefresh.RefuseUnderCi(settings.Environment);
        }

        if (System.Runtime.GCSettings.IsServerGC)
        {
            // -p:PerfGc=Server: Net.Zmq's benchmark setting is Server GC with Batch latency (no background collections).
            System.Runtime.GCSettings.LatencyMode = System.Runtime.GCLatencyMode.Batch;
        }

        var started = DateTimeOffset.UtcNow;
        var clock = Stopwatch.StartNew();
        var machine = MachineFingerprints.Current(settings.Placement, settings.Environment);
        var store = new BaselineStore(Layout);
        var notes = RunNotes(settings, log);
        var absent = new List<AbsentSubject>();
        var selected = new List<CaseDefinition>();
        var baseAvailable = ZmqDrivers.Get(DriverId.NetZmqBase).Availability.IsAvailable;
        var notComparable = new List<NotComparable>();
        foreach (var driver in ZmqDrivers.All)
        {
            var why = !driver.Availability.IsAvailable ? driver.Availability.Description : settings.Drivers.WhyLeftOut(driver.Id, baseAvailable);
            if (why is not null)
            {
                absent.Add(new AbsentSubject(driver.Id.ToString(), why));
                log($"{driver.Id}: not measured: {why}");
                continue;
            }

            var cases = driver.Id == DriverId.NetZmqBase
                ? BaseCases(driver, selected, notComparable, notes)
                : PerfSelection.Select(driver.Id, settings.Profile, settings.Filter);
            log(cases.Count == 0 ? $"{driver.Id}: no case matches PERF_FILTER={settings.Filter}"
                : $"{driver.Id}: measuring {cases.Count} cases ({driver.Availability.Description})");
            selected.AddRange(cases);
        }

        // A refresh samples twice as long: the baseline's intervals are then narrower than any run's.
        var sampling = settings.UpdateBaselines ? settings.Profile.ForRefresh() : settings.Profile;
        IReadOnlyList<AnalyzedCase> MeasureAndAnalyze(IReadOnlyList<CaseDefinition> cases) =>
            CellMeasurement.Measure(cases, sampling, settings.Injection, settings.Placement, settings.ArtifactsDirectory, log, progress)
                .GroupBy(m => m.Case.SuiteId)
                .SelectMany(suite => SuiteAnalysis.Analyze(suite.ToList()))
                // Cells run in batches and their cases in shuffled order: reports and baselines list them in catalog order.
                .OrderBy(c => CaseCatalog.IndexOf(c.Case.Id))
                .ToList();

        var interruptedBefore = Enum.GetValues<DriverId>().ToDictionary(d => d, Interruptions.Count);
        var analyzed = selected.Count == 0 ? [] : MeasureAndAnalyze(selected);
        if (BusyNote(analyzed) is { } busy)
        {
            notes.Add(busy);
            log(busy);
        }

        var gates = new GateStage(store, machine, started, settings.UpdateBaselines, notes);
        List<SubjectRun> subjects = [];
        if (HeadAgainstBase.Of(analyzed) is { } compared)
        {
            // First: the merge gate for a Net.Zmq change, judged with no baseline file, and what the report opens with.
            subjects.Add(GateStage.JudgeAgainstBase(ZmqDrivers.Get(DriverId.NetZmq), compared));
        }

        subjects.AddRange(analyzed
            .GroupBy(c => c.Case.SuiteId)
            .OrderBy(s => Enum.Parse<DriverId>(s.Key.Subject)).ThenBy(s => Enum.Parse<Suite>(s.Key.Suite))
            .Select(s => s.Key.Subject == nameof(DriverId.NetZmqBase)
                ? GateStage.Shown(ZmqDrivers.Get(DriverId.NetZmqBase), s.Key, s.ToList())
                : gates.Judge(ZmqDrivers.Get(Enum.Parse<DriverId>(s.Key.Subject)), s.Key, s.ToList())));
        if (BindingOverhead.Of(analyzed) is { } overhead)
        {
            // Its allocation is Net.Zmq's own, gated in Net.Zmq's suites already: here only the time ratio is gated.
            subjects.Add(gates.Judge(ZmqDrivers.Get(DriverId.NetZmq), BindingOverhead.Suite, overhead) with { ShowTables = false });
        }

        subjects = GateStage.Confirm(subjects, MeasureAndAnalyze, log);
        foreach (var note in InterruptionNotes(interruptedBefore))
        {
            notes.Add(note);
            log(note);
        }

        foreach (var problem in store.ProblemsInEveryFile().Where(p => subjects.All(s => s.Error is null || !p.StartsWith(s.Error, StringComparison.Ordinal))))
        {
            notes.Add($"Invalid baseline: {problem}");
            log($"Invalid baseline: {problem}");
        }

        var scope = $"profile {settings.Profile.Name}{(settings.Filter is null ? "" : $", PERF_FILTER={settings.Filter}")}";
        foreach (var notChecked in store.Unchecked(subjects.Select(s => s.BaselinePath).ToHashSet(StringComparer.Ordinal), absent, scope))
        {
            notes.Add(notChecked);
            log(notChecked);
        }

        foreach (var (driver, strategy, reason) in CaseCatalog.StrategiesNotExpressed)
        {
            notes.Add($"{driver} has no {strategy} case: {reason}.");
        }

        var baseMeasured = analyzed.Any(c => c.Case.Subject == nameof(DriverId.NetZmqBase));
        var run = new PerfRun(started, clock.Elapsed, sampling, CaseCatalog.MessagesPerOperation, machine, subjects, absent,
            [
                .. baseMeasured
                    ? new[]
                    {
                        new CrossSubjectComparison("Head against base", nameof(DriverId.NetZmq), [nameof(DriverId.NetZmqBase)],
                            "The head build of Net.Zmq (the change) over its base build, case by case, both measured in the same cells in alternating " +
                            "operations: above 1.000 the head is slower (gated: see the first screen). – where the base did not run the case."),
                    }
                    : [],
                new CrossSubjectComparison("Binding overhead, and against the managed alternative", nameof(DriverId.NetZmq),
                    [nameof(DriverId.LibZmq), nameof(DriverId.NetMQ)],
                    "Net.Zmq's time over libzmq's through the thinnest P/Invoke, on the same libzmq binary, case by case: what the " +
                    "binding costs (1.00 is no overhead; gated against baselines/NetZmq.BindingOverhead.json). And over NetMQ's: below " +
                    "1.00 Net.Zmq is faster, which is what a user choosing a binding reads. Both measured in alternating operations. " +
                    "– where the other driver did not run the case."),
            ],
            notes,
            PublishedClaims.Evaluate(subjects))
        {
            HeadlineSuite = nameof(Suite.ReceiveModes),
            HeadAndBase = baseMeasured
                ? new HeadAndBase(ZmqDrivers.Get(DriverId.NetZmq).Availability.Description, ZmqDrivers.Get(DriverId.NetZmqBase).Availability.Description,
                    ZmqDrivers.NetZmqLoadedFirst == DriverId.NetZmq ? "head" : "base", notComparable)
                : null,
        };
        ReportFiles.Write(run, settings.ArtifactsDirectory);
        log($"report: {Path.Combine(settings.ArtifactsDirectory, ReportFiles.ReportName)}");
        return run;
    }

    /// <summary>
    /// The base build's cases: exactly the head's (PERF_FILTER and the profile select the head's; the base follows), but
    /// those the base cannot run (an API it lacks), each said in the notes as not comparable.
    /// </summary>
    private static List<CaseDefinition> BaseCases(ZmqDriver baseDriver, IEnumerable<CaseDefinition> selected, List<NotComparable> notComparableCases,
        List<string> notes)
    {
        var heads = selected.Where(c => c.Driver == DriverId.NetZmq).ToList();
        if (heads.Count == 0)
        {
            notes.Add("The base build of Net.Zmq was not measured: it is measured only beside the head, whose cases were not measured in this run.");
            return [];
        }

        var notComparable = heads.Select(c => (Case: c, Why: baseDriver.CannotRun(c.On(DriverId.NetZmqBase)))).Where(c => c.Why is not null).ToList();
        notComparableCases.AddRange(notComparable.Select(c => new NotComparable(HeadAgainstBase.IdOf(c.Case), c.Why!)));
        foreach (var reason in notComparable.GroupBy(c => c.Why!))
        {
            notes.Add($"Head against base: {reason.Count()} case{(reason.Count() == 1 ? " is" : "s are")} not comparable, because {reason.Key}: " +
                      string.Join(", ", reason.Select(c => c.Case.Id)) + ".");
        }

        return PerfSelection.WithReferences(heads.Except(notComparable.Select(c => c.Case)).Select(c => c.On(DriverId.NetZmqBase)).ToList());
    }

    /// <summary>A test that would measure is skipped, with the reason, when the measured code is instrumented for coverage.</summary>
    public static void SkipIfInstrumented()
    {
        var blocker = InstrumentationCheck.Blocker(
            [typeof(PerfSession).Assembly, typeof(InstrumentationCheck).Assembly, typeof(CaseCatalog).Assembly]);
        Assert.SkipWhen(blocker is not null, blocker ?? "");
    }

    /// <summary>Per driver, how many of its blocking calls a signal interrupted during this run, each made again (<see cref="Interruptions"/>).</summary>
    private static IEnumerable<string> InterruptionNotes(Dictionary<DriverId, long> before) =>
        before.Select(b => (Driver: b.Key, Count: Interruptions.Count(b.Key) - b.Value))
            .Where(i => i.Count > 0)
            .Select(i => $"{i.Driver}: {i.Count} blocking call{(i.Count == 1 ? " was" : "s were")} interrupted by a signal (EINTR) and made again" +
                         (i.Driver == DriverId.NetZmq
                             ? "; Net.Zmq throws a ZmqException on EINTR rather than making the call again, so a program that does not retry would have failed there."
                             : "."));

    /// <summary>What the run says when other processes took a share of the machine while cells were measured.</summary>
    private static string? BusyNote(IReadOnlyList<AnalyzedCase> analyzed)
    {
        var busy = analyzed.Where(c => c.Measurement.NeighbourCpus > Gating.Gates.GateEvaluator.BusyMachineCpus).ToList();
        return busy.Count == 0 ? null : string.Create(System.Globalization.CultureInfo.InvariantCulture,
            $"The machine was busy while {busy.Count} of {analyzed.Count} cases were measured (other processes used up to " +
            $"{busy.Max(c => c.Measurement.NeighbourCpus):0.00} CPUs): their wall-time regressions are shown, not judged, and their CPU-time ratios are gated instead, on slowdowns beyond {Gating.Gates.GateEvaluator.BusyMachineRatioTolerance:P0}.");
    }

    private static List<string> RunNotes(PerfSettings settings, Action<string> log)
    {
        var notes = new List<string>();
        if (settings.Filter is not null)
        {
            notes.Add($"PERF_FILTER={settings.Filter}: only matching cases (and their groups' reference cases) were measured; baseline entries of the others were not checked.");
        }

        if (settings.Injection is not null)
        {
            notes.Add($"PERF_INJECT={settings.Injection}: deliberate regressions were injected into the matching cases; gates failing there are the point.");
            log($"PERF_INJECT={settings.Injection}");
        }

        return notes;
    }
}
