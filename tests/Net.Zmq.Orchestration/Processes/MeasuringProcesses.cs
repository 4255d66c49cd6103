using System.Diagnostics;
using System.Globalization;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Processes;

/// <summary>
/// Measures cases in processes of their own, one after another (<see cref="ProcessEntryPoints.Measure"/>), each with a
/// fresh seed (<see cref="RunSeed"/>) and its share of every cell's blocks (<see cref="MeasurementProfile.ShareOf"/>),
/// so one process's state is one sample among several. The run holds the measurement lock; nothing runs beside them.
/// </summary>
internal sealed class MeasuringProcesses(ProcessEntryPoints entry)
{
    private readonly ChildProcesses _children = new(entry.Assembly);

    public IReadOnlyList<MeasuredProcess> Measure(
        IReadOnlyList<CaseDefinition> cases, MeasurementProfile sampling, int processes,
        PerfSettings settings, string directory, Action<string> log, Action<string> progress) =>
        [.. Enumerable.Range(0, processes).Select(process =>
        {
            var share = sampling.ShareOf(process, processes);
            var injected = settings.InjectedProcesses?.Contains(process + 1) ?? true;
            var request = new MeasurementRequest([.. cases.Select(c => c.Id)], share,
                injected ? settings.Injection?.Text : null, settings.Placement.IsPinned, process,
                Path.Combine(directory, $"process-{process}.json"));
            var seed = RunSeed.Draw();
            log($"measuring process {process + 1} of {processes}: {cases.Count} cases, " +
                $"seed {seed} ({RunSeed.Variable}={seed} replays it)" +
                (settings.Injection is not null && !injected
                    ? "; PERF_INJECT not applied in this one (PERF_INJECT_PROCESSES)"
                    : ""));
            var estimatedSeconds = PerfCases.CellSeconds(cases, share).Values.Sum();
            var clock = Stopwatch.StartNew();
            // Every wait has a deadline: three times the estimate, and five minutes for start-up and the odd slow cell.
            var measured = _children.Run<MeasurementRequest, MeasuredProcess>(entry.Measure,
                $"measuring process {process + 1} (seed {seed})",
                (MeasurementRequest.Variable, Path.Combine(directory, $"request-{process}.json"), request),
                request.Output, TimeSpan.FromSeconds((3 * estimatedSeconds) + 300),
                new Dictionary<string, string> { [RunSeed.Variable] = seed.ToString(CultureInfo.InvariantCulture) },
                new ChildLines($"process {process + 1}", log, progress));
            return measured with { Seconds = clock.Elapsed.TotalSeconds };
        })];

    /// <summary>Counts native calls in a process of its own (<see cref="ProcessEntry.Count"/>), untimed.</summary>
    public RunCounts Count(
        IReadOnlyList<CaseDefinition> cases, PerfSettings settings, string directory, Action<string> log)
    {
        if (NativeCallCounter.Unavailable is { } why)
        {
            log($"native calls not counted: {why}");
            return RunCounts.None(why);
        }

        var request = new CountingRequest(
            [.. cases.Select(c => c.Id)], settings.Injection?.Text, Path.Combine(directory, "counts.json"));
        var clock = Stopwatch.StartNew();
        log($"counting native calls in a process of its own: {cases.Count} cases");
        // About 50 ms a case (three short repetitions and a workload per cell), and start-up.
        var counts = _children.Run<CountingRequest, RunCounts>(entry.Count, "the counting process",
            (CountingRequest.Variable, Path.Combine(directory, "counting-request.json"), request), request.Output,
            TimeSpan.FromSeconds((0.5 * cases.Count) + 300),
            new Dictionary<string, string> { [NativeCallCounter.Variable] = "1" }, new ChildLines("counting", log));
        log($"counted in {clock.Elapsed.TotalSeconds:0} s");
        return counts;
    }
}
