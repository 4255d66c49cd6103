using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Processes;

/// <summary>
/// One Perf run per test process (<see cref="PerfRunSequence"/>), cells measured by BenchmarkDotNet here or in
/// processes started from <paramref name="entry"/>; the first test that needs it runs it, the others read the result.
/// </summary>
/// <param name="layout">The test project's place in the repository: baselines, artifacts, snapshots.</param>
public sealed class PerfSession(ProcessEntryPoints entry, SourceLayout layout)
{
    private readonly Lock _runLock = new();
    private readonly MeasuringProcesses _processes = new(entry);
    private readonly InstructionProcess _instructions = new(entry);
    private JudgedRun? _run;
    private Exception? _failure;

    public SourceLayout Layout { get; } = layout;

    /// <summary>Why nothing may be measured here (the measured code is instrumented for coverage), or null.</summary>
    public static string? InstrumentationBlocker =>
        InstrumentationCheck.Blocker(
            [typeof(PerfSession).Assembly, typeof(InstrumentationCheck).Assembly, typeof(CaseCatalog).Assembly]);

    /// <summary>The run with the environment's settings, measured by the first caller; failure said to each.</summary>
    public JudgedRun Run(Action<string> log, Action<string> progress)
    {
        lock (_runLock)
        {
            if (_run is null && _failure is null)
            {
                try
                {
                    var settings = PerfSettings.FromEnvironment(Environment.GetEnvironmentVariable, Layout);
                    _run = Measure(settings, log, progress);
                }
                catch (Exception e)
                {
                    _failure = e;
                    ReportFiles.WriteFailure(Layout.PerfArtifactsDirectory, e.Message);
                }
            }

            return _failure is null ? _run! : throw new InvalidOperationException(
                $"The Perf run failed before any gate: {_failure.Message}", _failure);
        }
    }

    /// <summary>
    /// One Perf run with explicit settings: <see cref="Run"/>'s work, and the gates' self-tests' with their own filter,
    /// injection and artifacts directory.
    /// </summary>
    /// <param name="log">The run's detail (BenchmarkDotNet's log included): the test's output.</param>
    /// <param name="progress">A line per cell as it starts, with how far the run is.</param>
    public JudgedRun Measure(PerfSettings settings, Action<string> log, Action<string> progress)
    {
        if (InstrumentationBlocker is { } blocker)
            throw new InvalidOperationException($"nothing is measured here: {blocker}");

        if (System.Runtime.GCSettings.IsServerGC)
        {
            // -p:PerfGc=Server: Net.Zmq's benchmark setting, Server GC with Batch latency (no background GCs).
            System.Runtime.GCSettings.LatencyMode = System.Runtime.GCLatencyMode.Batch;
        }

        return PerfRunSequence.Run(settings, Layout,
            (cases, sampling, pass) => MeasureIn(settings, cases, sampling, pass, log, progress),
            cases => _processes.Count(
                cases, settings, Path.Combine(settings.ArtifactsDirectory, "processes", "counting"), log),
            log,
            cases => settings.CountInstructions
                ? _instructions.Count(cases, settings, Path.Combine(settings.ArtifactsDirectory, "instructions"), log)
                : RunInstructions.None("PERF_INSTRUCTIONS=off: this run was asked not to count them"));
    }

    /// <summary>Only the instruction pass, into <paramref name="directory"/>, for the steadiness self-test.</summary>
    public RunInstructions CountInstructions(
        IReadOnlyList<CaseDefinition> cases, PerfSettings settings, string directory, Action<string> log) =>
        _instructions.Count(cases, settings, directory, log);

    /// <summary>
    /// Where a pass measures: a one-process run's first pass here; several processes, and every confirmation, in fresh
    /// processes of their own (<see cref="MeasuringProcesses"/>).
    /// </summary>
    private IReadOnlyList<MeasuredProcess> MeasureIn(
        PerfSettings settings, IReadOnlyList<CaseDefinition> cases, MeasurementProfile sampling, int pass,
        Action<string> log, Action<string> progress)
    {
        if (pass > 0 || settings.Processes > 1)
        {
            return _processes.Measure(cases, sampling, settings.Processes, settings,
                Path.Combine(settings.ArtifactsDirectory, "processes", $"pass-{pass}"), log, progress);
        }

        log($"measuring in this process: seed {RunSeed.Process} ({RunSeed.Variable}={RunSeed.Process} replays it)");
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var measured = CellMeasurement.Measure(
            cases, sampling, settings.Injection, settings.Placement, settings.ArtifactsDirectory, log, progress);
        return [new MeasuredProcess(0, RunSeed.Process, ZmqDrivers.NetZmqLoadedFirstName, clock.Elapsed.TotalSeconds,
            measured) { InThisProcess = true }];
    }
}
