using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// One Perf run per test process (<see cref="PerfRunSequence"/>), its cases measured in cells by BenchmarkDotNet
/// (<see cref="CellMeasurement"/>). The first test that needs it runs it; every other test reads the same result.
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
        if (System.Runtime.GCSettings.IsServerGC)
        {
            // -p:PerfGc=Server: Net.Zmq's benchmark setting is Server GC with Batch latency (no background collections).
            System.Runtime.GCSettings.LatencyMode = System.Runtime.GCLatencyMode.Batch;
        }

        return PerfRunSequence.Run(settings, Layout, (cases, sampling, pass) => MeasureIn(settings, cases, sampling, pass, log, progress),
            cases => MeasuringProcesses.Count(cases, settings, Path.Combine(settings.ArtifactsDirectory, "processes", "counting"), log), log,
            cases => settings.CountInstructions
                ? InstructionProcess.Count(cases, settings, Path.Combine(settings.ArtifactsDirectory, "instructions"), log)
                : RunInstructions.None("PERF_INSTRUCTIONS=off: this run was asked not to count them"));
    }

    /// <summary>
    /// Where a pass measures: a one-process run's first pass in this process; a run of several processes, and every
    /// measurement of failed gates again, in fresh processes of their own (<see cref="MeasuringProcesses"/>), as many as the run has.
    /// </summary>
    private static IReadOnlyList<MeasuredProcess> MeasureIn(PerfSettings settings, IReadOnlyList<CaseDefinition> cases, MeasurementProfile sampling, int pass,
        Action<string> log, Action<string> progress)
    {
        if (pass > 0 || settings.Processes > 1)
        {
            return MeasuringProcesses.Measure(cases, sampling, settings.Processes, settings,
                Path.Combine(settings.ArtifactsDirectory, "processes", $"pass-{pass}"), log, progress);
        }

        log($"measuring in this process: seed {RunSeed.Process} ({RunSeed.Variable}={RunSeed.Process} replays it)");
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var measured = CellMeasurement.Measure(cases, sampling, settings.Injection, settings.Placement, settings.ArtifactsDirectory, log, progress);
        return [new MeasuredProcess(0, RunSeed.Process, ZmqDrivers.NetZmqLoadedFirstName, clock.Elapsed.TotalSeconds, measured) { InThisProcess = true }];
    }

    /// <summary>A test that would measure is skipped, with the reason, when the measured code is instrumented for coverage.</summary>
    public static void SkipIfInstrumented()
    {
        var blocker = InstrumentationCheck.Blocker(
            [typeof(PerfSession).Assembly, typeof(InstrumentationCheck).Assembly, typeof(CaseCatalog).Assembly]);
        Assert.SkipWhen(blocker is not null, blocker ?? "");
    }
}
