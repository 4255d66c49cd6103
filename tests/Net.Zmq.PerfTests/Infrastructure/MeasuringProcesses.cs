using System.Diagnostics;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// Measures cases in processes of their own, one after another: each is this test assembly run for one test
/// (<see cref="MeasuringProcessTests"/>) with a request file and a fresh seed (<see cref="RunSeed"/>), and each measures
/// its share of every cell's blocks (<see cref="MeasurementProfile.ShareOf"/>). A state of one process (where its code
/// landed, how its threads met) is then one sample among several, not the whole run. The run holds the measurement
/// lock for them, and nothing else runs beside them.
/// </summary>
internal static class MeasuringProcesses
{
    /// <summary>The test a measuring process runs (the only one).</summary>
    private static readonly string MeasureMethod = $"{typeof(MeasuringProcessTests).FullName}.{nameof(MeasuringProcessTests.MeasureAsRequested)}";

    /// <summary>The test the counting process runs (the only one).</summary>
    private static readonly string CountMethod = $"{typeof(MeasuringProcessTests).FullName}.{nameof(MeasuringProcessTests.CountAsRequested)}";

    /// <summary>Said by a measuring process before a progress line, so the run shows it as one.</summary>
    public const string ProgressPrefix = "@progress ";

    public static IReadOnlyList<MeasuredProcess> Measure(IReadOnlyList<CaseDefinition> cases, MeasurementProfile sampling, int processes,
        PerfSettings settings, string directory, Action<string> log, Action<string> progress)
    {
        var measured = new List<MeasuredProcess>();
        for (var process = 0; process < processes; process++)
        {
            var share = sampling.ShareOf(process, processes);
            var injected = settings.InjectedProcesses?.Contains(process + 1) ?? true;
            var request = new MeasurementRequest([.. cases.Select(c => c.Id)], share, injected ? settings.Injection?.Text : null, settings.Placement.IsPinned, process,
                Path.Combine(directory, $"process-{process}.json"));
            var seed = RunSeed.Draw();
            log($"measuring process {process + 1} of {processes}: {cases.Count} cases, seed {seed} ({RunSeed.Variable}={seed} replays it)" +
                (settings.Injection is not null && !injected ? "; PERF_INJECT not applied in this one (PERF_INJECT_PROCESSES)" : ""));
            measured.Add(Run(request, seed, CellMeasurement.EstimatedSeconds(cases, share), directory, log, progress));
        }

        return measured;
    }

    private static MeasuredProcess Run(MeasurementRequest request, int seed, double estimatedSeconds, string directory, Action<string> log, Action<string> progress)
    {
        var requestPath = Path.Combine(directory, $"request-{request.Process}.json");
        request.Write(requestPath);
        File.Delete(request.Output);
        // Every wait has a deadline: three times the estimate, and five minutes for start-up and the odd slow cell.
        var deadline = TimeSpan.FromSeconds((3 * estimatedSeconds) + 300);
        var clock = Stopwatch.StartNew();
        Start(MeasureMethod, $"measuring process {request.Process + 1}", $"process {request.Process + 1}", request.Output, deadline,
            new Dictionary<string, string>
            {
                [MeasurementRequest.Variable] = requestPath,
                [RunSeed.Variable] = seed.ToString(System.Globalization.CultureInfo.InvariantCulture),
            }, log, progress, $"seed {seed}");
        return ProcessFiles.Read<MeasuredProcess>(request.Output) with { Seconds = clock.Elapsed.TotalSeconds };
    }

    /// <summary>
    /// Counts the native calls of <paramref name="cases"/> in a process of its own (<see cref="MeasuringProcessTests.CountAsRequested"/>),
    /// where each driver's libzmq is its counter; nothing is timed there.
    /// </summary>
    public static RunCounts Count(IReadOnlyList<CaseDefinition> cases, PerfSettings settings, string directory, Action<string> log)
    {
        if (NativeCallCounter.Unavailable is { } why)
        {
            log($"native calls not counted: {why}");
            return RunCounts.None(why);
        }

        var request = new CountingRequest([.. cases.Select(c => c.Id)], settings.Injection?.Text, Path.Combine(directory, "counts.json"));
        var requestPath = Path.Combine(directory, "counting-request.json");
        ProcessFiles.Write(requestPath, request);
        File.Delete(request.Output);
        var clock = Stopwatch.StartNew();
        log($"counting native calls in a process of its own: {cases.Count} cases");
        // About 50 ms a case (three short repetitions and a workload per cell), and start-up.
        Start(CountMethod, "the counting process", "counting", request.Output, TimeSpan.FromSeconds((0.5 * cases.Count) + 300),
            new Dictionary<string, string> { [CountingRequest.Variable] = requestPath, [NativeCallCounter.Variable] = "1" }, log, _ => { }, "");
        var counts = ProcessFiles.Read<RunCounts>(request.Output);
        log($"counted in {clock.Elapsed.TotalSeconds:0} s");
        return counts;
    }

    /// <summary>
    /// Runs this test assembly for one explicit test with <paramref name="environment"/>, under <paramref name="wrapper"/>
    /// (a program and its arguments, such as Valgrind) where one is given, its lines relayed; an error with its last lines
    /// where it fails or outlives <paramref name="deadline"/>.
    /// </summary>
    internal static void Start(string method, string what, string label, string output, TimeSpan deadline, IReadOnlyDictionary<string, string> environment,
        Action<string> log, Action<string> progress, string detail, IReadOnlyList<string>? wrapper = null)
    {
        var start = StartInfo(method, environment, wrapper ?? []);
        var lines = new ChildLines(label, log, progress);
        using var child = Process.Start(start) ?? throw new InvalidOperationException($"could not start {what}: {start.FileName} {string.Join(' ', start.ArgumentList)}");
        child.OutputDataReceived += (_, e) => lines.Relay(e.Data);
        child.ErrorDataReceived += (_, e) => lines.Relay(e.Data);
        child.BeginOutputReadLine();
        child.BeginErrorReadLine();
        if (!child.WaitForExit(deadline))
        {
            child.Kill(entireProcessTree: true);
            throw new TimeoutException($"{what} did not finish within {deadline.TotalMinutes:0} min; its last lines: {lines.Tail()}");
        }

        child.WaitForExit();
        if (child.ExitCode != 0 || !File.Exists(output))
        {
            throw new InvalidOperationException($"{what}{(detail.Length > 0 ? $" ({detail})" : "")} failed, exit code {child.ExitCode}: {lines.Tail()}");
        }
    }

    /// <summary>The test assembly run again for one explicit test, serially, with <paramref name="environment"/> added to this process's.</summary>
    private static ProcessStartInfo StartInfo(string method, IReadOnlyDictionary<string, string> environment, IReadOnlyList<string> wrapper)
    {
        var assembly = typeof(MeasuringProcesses).Assembly.Location;
        string[] command = [.. wrapper, DotnetHost(), "exec", assembly, "-method", method, "-explicit", "on", "-noLogo", "-noColor", "-parallel", "none"];
        var start = new ProcessStartInfo(command[0], command[1..])
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = Path.GetDirectoryName(assembly)!,
        };
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        return start;
    }

    /// <summary>
    /// A child process's lines: progress lines go to <c>progress</c>, every other line to <c>log</c>, prefixed with the
    /// child's label; the last 40 are kept for the error that names why the child failed.
    /// </summary>
    private sealed class ChildLines(string label, Action<string> log, Action<string> progress)
    {
        private readonly Queue<string> _tail = new();

        public void Relay(string? line)
        {
            if (line is null)
            {
                return;
            }

            if (line.StartsWith(ProgressPrefix, StringComparison.Ordinal))
            {
                progress($"[{label}] {line[ProgressPrefix.Length..]}");
                return;
            }

            lock (_tail)
            {
                _tail.Enqueue(line);
                if (_tail.Count > 40)
                {
                    _tail.Dequeue();
                }
            }

            log($"[{label}] {line}");
        }

        public string Tail()
        {
            lock (_tail)
            {
                return string.Join(" | ", _tail);
            }
        }
    }

    /// <summary>The .NET host this test process runs under (or the one the SDK names), to run the test assembly again.</summary>
    private static string DotnetHost()
    {
        if (Environment.ProcessPath is { } self && Path.GetFileNameWithoutExtension(self) == "dotnet")
        {
            return self;
        }

        return Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host) ? host : "dotnet";
    }
}
