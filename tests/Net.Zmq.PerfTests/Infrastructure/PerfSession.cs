using System.Diagnostics;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.PerfTests.Benchmarks;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// One Perf run per test process: measures every available driver's cases, refreshes baselines when asked,
/// applies the gates and writes the reports. The first test that needs it runs it (its output gets
/// BenchmarkDotNet's log); every other test reads the same result.
/// </summary>
internal static class PerfSession
{
    private static readonly Lock RunLock = new();
    private static PerfRun? _run;
    private static Exception? _failure;

    public static SourceLayout Layout { get; } = SourceLayout.Of(typeof(PerfSession).Assembly);

    public static PerfRun Run(Action<string> log)
    {
        lock (RunLock)
        {
            if (_run is null && _failure is null)
            {
                try
                {
                    _run = Measure(PerfSettings.FromEnvironment(Environment.GetEnvironmentVariable, Layout), log);
                }
                catch (Exception e)
                {
                    _failure = e;
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
    public static PerfRun Measure(PerfSettings settings, Action<string> log)
    {
        if (settings.UpdateBaselines)
        {
            BaselineRefresh.RefuseUnderCi(settings.Environment);
        }

        if (System.Runtime.GCSettings.IsServerGC)
        {
            // -p:PerfGc=Server: Net.Zmq's benchmark setting is Server GC with Batch latency (no background collections).
            System.Runtime.GCSettings.LatencyMode = System.Runtime.GCLatencyMode.Batch;
        }

        var profile = settings.Profile;
        var filter = settings.Filter;
        var started = DateTimeOffset.UtcNow;
        var clock = Stopwatch.StartNew();
        var machine = MachineFingerprints.Current();
        var subjects = new List<SubjectRun>();
        var absent = new List<AbsentSubject>();
        var notes = new List<string>();
        if (filter is not null)
        {
            notes.Add($"PERF_FILTER={filter}: only matching cases (and their groups' reference cases) were measured; baseline entries of the others were not checked.");
        }

        if (settings.Injection is not null)
        {
            notes.Add($"PERF_INJECT={settings.Injection}: deliberate regressions were injected into the matching cases; gates failing there are the point.");
            log($"PERF_INJECT={settings.Injection}");
        }

        CaseBenchmarks.Injection = settings.Injection;
        try
        {
            foreach (var driver in ZmqDrivers.All)
            {
                if (!driver.Availability.IsAvailable)
                {
                    absent.Add(new AbsentSubject(driver.Id.ToString(), driver.Availability.Description));
                    log($"{driver.Id}: not measured: {driver.Availability.Description}");
                    continue;
                }

                var cases = PerfSelection.Select(driver.Id, profile, filter);
                if (cases.Count == 0)
                {
                    log($"{driver.Id}: no case matches PERF_FILTER={filter}");
                    continue;
                }

                log($"{driver.Id}: measuring {cases.Count} cases ({driver.Availability.Description})");
                var measured = BenchmarkSession.Run(PerfCases.Of(cases), profile, Path.Combine(settings.ArtifactsDirectory, "bdn"), log);
                foreach (var suite in measured.GroupBy(m => m.Case.Suite))
                {
                    subjects.Add(GateSubject(driver, suite.Key, SuiteAnalysis.Analyze(suite.ToList()), machine, started, notes,
                        NewFilePolicy(driver.Id, Enum.Parse<Suite>(suite.Key)), settings.UpdateBaselines));
                }
            }

            if (BindingOverhead(subjects.SelectMany(s => s.Cases)) is { } overhead)
            {
                // Its allocation is Net.Zmq's own, gated in Net.Zmq's suites already: here only the time ratio is gated.
                var gated = GateSubject(ZmqDrivers.Get(DriverId.NetZmq), OverheadSuite, overhead, machine, started, notes, Policy.None,
                    settings.UpdateBaselines);
                subjects.Add(gated with { ShowTables = false, Gates = OverheadGates(gated.Gates) });
            }

            subjects = ConfirmFailedTimeGates(subjects, profile, settings.ArtifactsDirectory, log);
        }
        finally
        {
            CaseBenchmarks.Injection = null;
        }

        foreach (var notChecked in UncheckedBaselines(subjects, absent, settings))
        {
            notes.Add(notChecked);
            log(notChecked);
        }

        foreach (var (driver, strategy, reason) in CaseCatalog.StrategiesNotExpressed)
        {
            notes.Add($"{driver} has no {strategy} case: {reason}.");
        }

        var run = new PerfRun(started, clock.Elapsed, profile,
            CaseCatalog.MessagesPerOperation, machine, subjects, absent,
            [
                new CrossSubjectComparison("Binding overhead, and against the managed alternative", nameof(DriverId.NetZmq),
                    [nameof(DriverId.LibZmq), nameof(DriverId.NetMQ)],
                    "Net.Zmq's time over libzmq's through the thinnest P/Invoke, on the same libzmq binary, case by case: what the " +
                    "binding costs (1.00 is no overhead; gated against baselines/NetZmq.BindingOverhead.json). And over NetMQ's: below " +
                    "1.00 Net.Zmq is faster, which is what a user choosing a binding reads. – where the other driver did not run the case."),
            ],
            notes,
            PublishedClaims.Evaluate(subjects));
        ReportFiles.Write(run, settings.ArtifactsDirectory);
        log($"report: {Path.Combine(settings.ArtifactsDirectory, ReportFiles.ReportName)}");
        return run;
    }

    /// <summary>
    /// Every case whose time gate failed is measured again, with its reference, after everything else, and its
    /// time gates judged again on the new samples: a failure stands only if it reproduces (<see cref="GateConfirmation"/>).
    /// A binding-overhead case is Net.Zmq's case and the floor's, so both are measured again.
    /// </summary>
    private static List<SubjectRun> ConfirmFailedTimeGates(List<SubjectRun> subjects, MeasurementProfile profile, string artifactsDirectory, Action<string> log)
    {
        var flagged = GateConfirmation.CasesToRemeasure(subjects.SelectMany(s => s.Gates));
        if (flagged.Count == 0)
        {
            return subjects;
        }

        var overheadPrefix = $"{nameof(DriverId.NetZmq)}/{OverheadSuite}/";
        var ids = flagged.SelectMany(id => id.StartsWith(overheadPrefix, StringComparison.Ordinal)
                ? new[] { $"{nameof(DriverId.NetZmq)}/{id[overheadPrefix.Length..]}", $"{nameof(DriverId.LibZmq)}/{id[overheadPrefix.Length..]}" }
                : [id])
            .Select(CaseCatalog.Get)
            .ToList();
        log($"measuring again, to confirm {flagged.Count} failed time gate case(s): {string.Join(", ", flagged)}");
        var again = new List<AnalyzedCase>();
        foreach (var driver in ids.GroupBy(c => c.Driver))
        {
            var cases = PerfSelection.WithReferences(driver.ToList());
            var measured = BenchmarkSession.Run(PerfCases.Of(cases), profile, Path.Combine(artifactsDirectory, "bdn"), log);
            again.AddRange(measured.GroupBy(m => m.Case.Suite).SelectMany(suite => SuiteAnalysis.Analyze(suite.ToList())));
        }

        again.AddRange(BindingOverhead(again) ?? []);

        return subjects.Select(s =>
        {
            var fresh = again.Where(c => c.Case.Subject == s.Subject && c.Case.Suite == s.Suite).ToList();
            if (s.Baseline is null || fresh.Count == 0 || !s.Gates.Any(g => g.JudgesTime && g.FailsRun))
            {
                return s;
            }

            var judgedAgain = GateEvaluator.Evaluate(fresh, s.Baseline, s.BaselinePath);
            return s with { Gates = GateConfirmation.Apply(s.Gates, s.Suite == OverheadSuite ? OverheadGates(judgedAgain) : judgedAgain) };
        }).ToList();
    }

    /// <summary>The binding-overhead suite gates time only: its allocation is Net.Zmq's own, gated in Net.Zmq's suites.</summary>
    private static List<GateResult> OverheadGates(IEnumerable<GateResult> gates) =>
        gates.Where(g => g.Gate != GateEvaluator.AllocationRegressionGate).ToList();

    /// <summary>The suite of Net.Zmq's time over the floor's, case by case: gated like any suite, against its own baseline file.</summary>
    private const string OverheadSuite = "BindingOverhead";

    /// <summary>
    /// Net.Zmq's cases that the floor also ran, each as Net.Zmq's measurement with its time ratio to the floor's
    /// same case (same run, same libzmq binary). Null unless both drivers were measured.
    /// </summary>
    private static List<AnalyzedCase>? BindingOverhead(IEnumerable<AnalyzedCase> measured)
    {
        var all = measured.Where(c => c.Case.Suite != OverheadSuite).ToList();
        var floor = all.Where(c => c.Case.Subject == nameof(DriverId.LibZmq)).ToDictionary(c => c.Case.CrossSubjectKey);
        var overhead = all.Where(c => c.Case.Subject == nameof(DriverId.NetZmq))
            .Where(c => floor.ContainsKey(c.Case.CrossSubjectKey))
            .Select(c =>
            {
                var key = c.Case.CrossSubjectKey;
                var identity = new CaseIdentity($"{nameof(DriverId.NetZmq)}/{OverheadSuite}/{key}", nameof(DriverId.NetZmq), OverheadSuite,
                    c.Case.Suite, key[(c.Case.Suite.Length + 1)..], nameof(DriverId.LibZmq), key);
                return SuiteAnalysis.Against(c.Measurement with { Case = identity }, floor[key].Measurement);
            })
            .ToList();
        return overhead.Count > 0 ? overhead : null;
    }

    private static SubjectRun GateSubject(ZmqDriver driver, string suite, IReadOnlyList<AnalyzedCase> cases, MachineFingerprint machine,
        DateTimeOffset started, List<string> notes, Policy newFilePolicy, bool updatingBaselines)
    {
        var subject = driver.Id.ToString();
        var provenance = driver.Availability.Provenance
                         ?? throw new InvalidOperationException($"{subject} is available but does not say what it runs");
        var path = Path.Combine(Layout.BaselinesDirectory, BaselineFile.FileName(subject, suite));
        var shown = Layout.Display(path);
        var fingerprint = new Fingerprint(started, machine, new SubjectFingerprint(provenance.Version, provenance.Origin, provenance.NativeLibrary));

        BaselineFile? baseline;
        try
        {
            baseline = File.Exists(path) ? BaselineReader.Read(path) : null;
            if (baseline is not null)
            {
                BaselineValidation.RequireBelongs(baseline, shown, subject, suite, id => IsKnownCase(id, subject, suite));
            }
        }
        catch (BaselineFormatException e)
        {
            return new SubjectRun(subject, suite, driver.Availability.Description, fingerprint.Subject, cases, shown, null, [],
                $"{e.Message}. The file was not changed{(updatingBaselines ? ", and is not refreshed until it is repaired" : "")}.");
        }

        if (updatingBaselines)
        {
            baseline = BaselineRefresh.Apply(baseline, subject, suite, cases, fingerprint, NewFileTolerances, newFilePolicy);
            BaselineWriter.WriteAtomically(baseline, path);
            notes.Add($"Refreshed {shown}: observed values of {cases.Count} cases; policy and tolerances unchanged.");
        }

        if (baseline is null)
        {
            return new SubjectRun(subject, suite, driver.Availability.Description, fingerprint.Subject, cases, shown, null, [],
                $"{shown} does not exist. Create it with: dotnet test --filter Category=Perf -- UpdateBaselines=true, then review it.");
        }

        if (baseline.Fingerprint.Subject.Version != provenance.Version)
        {
            notes.Add($"{shown} was recorded with {subject} {baseline.Fingerprint.Subject.Version}; this run measured {provenance.Version}. " +
                      "The gates still apply: they say whether this version regressed against that one.");
        }

        var unmeasured = baseline.Cases.Keys.Except(cases.Select(c => c.Case.Id), StringComparer.Ordinal).Order(StringComparer.Ordinal).ToList();
        if (unmeasured.Count > 0)
        {
            notes.Add($"{shown}: {unmeasured.Count} baseline case{(unmeasured.Count == 1 ? " was" : "s were")} not measured in this run, so not checked: " +
                      string.Join(", ", unmeasured.Take(8)) + (unmeasured.Count > 8 ? ", …" : "") + ".");
        }

        return new SubjectRun(subject, suite, driver.Availability.Description, fingerprint.Subject, cases, shown, baseline,
            GateEvaluator.Evaluate(cases, baseline, shown));
    }

    /// <summary>Prefix of the notes that name a baseline file this run did not check.</summary>
    public const string NotCheckedNote = "Not checked:";

    /// <summary>
    /// Every baseline file this run gated nothing against, with the reason: a driver that was there when the
    /// baseline was refreshed and is gone now (Net.Zmq no longer restores, libzmq was uninstalled) must never pass
    /// or fail a run silently.
    /// </summary>
    private static IEnumerable<string> UncheckedBaselines(List<SubjectRun> subjects, List<AbsentSubject> absent, PerfSettings settings)
    {
        var gated = subjects.Select(s => s.BaselinePath).ToHashSet(StringComparer.Ordinal);
        foreach (var file in Directory.EnumerateFiles(Layout.BaselinesDirectory, "*.json").Order(StringComparer.Ordinal))
        {
            var shown = Layout.Display(file);
            if (gated.Contains(shown))
            {
                continue;
            }

            var name = Path.GetFileName(file).Split('.');
            var owner = absent.FirstOrDefault(a => a.Subject == name[0]);
            var floor = absent.FirstOrDefault(a => a.Subject == nameof(DriverId.LibZmq));
            var why = owner is not null ? $"{owner.Subject} was not measured: {owner.Reason}"
                : name[1] == OverheadSuite && floor is not null ? $"it compares Net.Zmq with the floor, and LibZmq was not measured: {floor.Reason}"
                : $"none of its cases was measured in this run (profile {settings.Profile.Name}{(settings.Filter is null ? "" : $", PERF_FILTER={settings.Filter}")})";
            yield return $"{NotCheckedNote} {shown}: {why.TrimEnd('.')}.";
        }
    }

    /// <summary>A case id this file may hold: a case of the catalog in this subject and suite (overhead entries name Net.Zmq's case).</summary>
    private static bool IsKnownCase(string id, string subject, string suite)
    {
        var prefix = $"{subject}/{suite}/";
        if (!id.StartsWith(prefix, StringComparison.Ordinal))
        {
            return false;
        }

        return suite == OverheadSuite ? CaseCatalog.IsKnownId($"{subject}/{id[prefix.Length..]}") : CaseCatalog.IsKnownId(id);
    }

    /// <summary>
    /// Tolerances a brand-new baseline file starts with, until build/derive-tolerances.py has derived them from
    /// repeated runs (baselines/README.md): wide, because a new file has no measured spread yet.
    /// </summary>
    private static Tolerances NewFileTolerances { get; } = new(Ratio: 0.50, BytesRelative: 0.10, BytesAbsolute: 16384);

    /// <summary>
    /// The bounds a brand-new baseline file starts with: the product owner's (Poller within 10 % of PureBlocking;
    /// ArrayPool, and Net.Zmq's pooled receive, under 5 KB per operation) and, for Net.Zmq, its published
    /// claims C4 and C5 as allocation bounds. Reviewed by hand from then on.
    /// </summary>
    private static Policy NewFilePolicy(DriverId driver, Suite suite) => suite switch
    {
        Suite.BufferStrategies => new Policy([],
        [
            new BytesBound(nameof(BufferStrategy.ArrayPool), 5000, 0, "the product owner's bound: ArrayPool allocates < 5 KB per 10,000-message operation"),
            .. driver == DriverId.NetZmq
                ? new[]
                {
                    new BytesBound(nameof(BufferStrategy.MessagePoolRecvPool), 5000, 0, "the product owner's bound, as for ArrayPool"),
                    new BytesBound(nameof(BufferStrategy.ArrayPool), 2048, 1024, "Net.Zmq's published claim C4: about 1-2 KB per 10,000 messages at up to 1 KiB"),
                    new BytesBound(nameof(BufferStrategy.MessagePoolRecvPool), 3000, 0, "Net.Zmq's published claim C5: under 3 KB per 10,000 messages at every size"),
                }
                : [],
        ], []),
        _ => new Policy([new RatioBound(nameof(ReceiveMode.Poller), nameof(ReceiveMode.PureBlocking), 1.10, "the product owner's bound")], [], []),
    };
}
