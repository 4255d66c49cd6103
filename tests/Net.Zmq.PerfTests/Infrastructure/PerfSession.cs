using System.Diagnostics;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
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

    /// <summary>True when the run was started with <c>dotnet test -- UpdateBaselines=true</c>.</summary>
    public static bool UpdatingBaselines =>
        string.Equals(Environment.GetEnvironmentVariable("UpdateBaselines"), "true", StringComparison.OrdinalIgnoreCase);

    public static PerfRun Run(Action<string> log)
    {
        lock (RunLock)
        {
            if (_run is null && _failure is null)
            {
                try
                {
                    _run = Measure(log);
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

    private static PerfRun Measure(Action<string> log)
    {
        if (UpdatingBaselines)
        {
            BaselineRefresh.RefuseUnderCi(Environment.GetEnvironmentVariable);
        }

        var profile = MeasurementProfile.FromEnvironment();
        var started = DateTimeOffset.UtcNow;
        var clock = Stopwatch.StartNew();
        var machine = MachineFingerprints.Current();
        var subjects = new List<SubjectRun>();
        var absent = new List<AbsentSubject>();
        var notes = new List<string>();
        foreach (var driver in ZmqDrivers.All)
        {
            if (!driver.Availability.IsAvailable)
            {
                absent.Add(new AbsentSubject(driver.Id.ToString(), driver.Availability.Description));
                log($"{driver.Id}: not measured: {driver.Availability.Description}");
                continue;
            }

            var cases = CaseCatalog.Available.Where(c => c.Driver == driver.Id).ToList();
            log($"{driver.Id}: measuring {cases.Count} cases ({driver.Availability.Description})");
            var measured = BenchmarkSession.Run(PerfCases.ReceiveModes(cases), profile, Path.Combine(Layout.PerfArtifactsDirectory, "bdn"), log);
            subjects.Add(GateSubject(driver, Suite.ReceiveModes.ToString(), SuiteAnalysis.Analyze(measured), machine, started, notes));
        }

        var run = new PerfRun(started, clock.Elapsed, profile,
            CaseCatalog.MessagesPerOperation, machine, subjects, absent,
            [new CrossSubjectComparison("Binding overhead", nameof(DriverId.NetZmq), nameof(DriverId.LibZmq),
                "Net.Zmq's time over libzmq's through the thinnest P/Invoke, on the same libzmq binary, case by case: what the " +
                "binding costs. 1.00 is no overhead.")],
            notes);
        ReportFiles.Write(run, Layout.PerfArtifactsDirectory);
        log($"report: {Path.Combine(Layout.PerfArtifactsDirectory, ReportFiles.ReportName)}");
        return run;
    }

    private static SubjectRun GateSubject(ZmqDriver driver, string suite, IReadOnlyList<AnalyzedCase> cases, MachineFingerprint machine,
        DateTimeOffset started, List<string> notes)
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
        }
        catch (BaselineFormatException e)
        {
            return new SubjectRun(subject, suite, driver.Availability.Description, fingerprint.Subject, cases, shown, null, [],
                $"{e.Message}. The file was not changed{(UpdatingBaselines ? ", and is not refreshed until it is repaired" : "")}.");
        }

        if (UpdatingBaselines)
        {
            baseline = BaselineRefresh.Apply(baseline, subject, suite, cases, fingerprint, NewFileTolerances, NewFilePolicy);
            BaselineWriter.WriteAtomically(baseline, path);
            notes.Add($"Refreshed {shown}: observed values of {cases.Count} cases; policy and tolerances unchanged.");
        }

        if (baseline is null)
        {
            return new SubjectRun(subject, suite, driver.Availability.Description, fingerprint.Subject, cases, shown, null, [],
                $"{shown} does not exist. Create it with: dotnet test --filter Category=Perf -- UpdateBaselines=true, then review it.");
        }

        return new SubjectRun(subject, suite, driver.Availability.Description, fingerprint.Subject, cases, shown, baseline,
            GateEvaluator.Evaluate(cases, baseline, shown));
    }

    /// <summary>
    /// Tolerances a brand-new baseline file starts with, until build/derive-tolerances.py has derived them from
    /// repeated runs (baselines/README.md): wide, because a new file has no measured spread yet.
    /// </summary>
    private static Tolerances NewFileTolerances { get; } = new(Ratio: 0.50, BytesRelative: 0.10, BytesAbsolute: 16384);

    /// <summary>The product owner's bound, which a brand-new baseline file starts with.</summary>
    private static Policy NewFilePolicy { get; } = new(
        [new RatioBound(nameof(ReceiveMode.Poller), nameof(ReceiveMode.PureBlocking), 1.10, "the product owner's bound")], []);
}
