using System.Diagnostics;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;

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
    private static readonly string EntryMethod = $"{typeof(MeasuringProcessTests).FullName}.{nameof(MeasuringProcessTests.MeasureAsRequested)}";

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
            measured.Add(Run(request, seed, directory, CellMeasurement.EstimatedSeconds(cases, share), log, progress));
        }

        return measured;
    }

    private static MeasuredProcess Run(MeasurementRequest request, int seed, string directory, double estimatedSeconds, Action<string> log, Action<string> progress)
    {
        var requestPath = Path.Combine(directory, $"request-{request.Process}.json");
        request.Write(requestPath);
        File.Delete(request.Output);
        var assembly = typeof(MeasuringProcesses).Assembly.Location;
        var start = new ProcessStartInfo(DotnetHost(), ["exec", assembly, "-method", EntryMethod, "-explicit", "on", "-noLogo", "-noColor", "-parallel", "none"])
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = Path.GetDirectoryName(assembly)!,
        };
        start.Environment[MeasurementRequest.Variable] = requestPath;
        start.Environment[RunSeed.Variable] = seed.ToString(System.Globalization.CultureInfo.InvariantCulture);
        var tail = new Queue<string>();
        void Relay(string? line)
        {
            if (line is null)
            {
                return;
            }

            if (line.StartsWith(ProgressPrefix, StringComparison.Ordinal))
            {
                progress($"[process {request.Process + 1}] {line[ProgressPrefix.Length..]}");
                return;
            }

            lock (tail)
            {
                tail.Enqueue(line);
                if (tail.Count > 40)
                {
                    tail.Dequeue();
                }
            }

            log($"[process {request.Process + 1}] {line}");
        }

        // Every wait has a deadline: three times the estimate, and five minutes for start-up and the odd slow cell.
        var deadline = TimeSpan.FromSeconds((3 * estimatedSeconds) + 300);
        var clock = Stopwatch.StartNew();
        using var child = Process.Start(start) ?? throw new InvalidOperationException($"could not start a measuring process: {start.FileName} {string.Join(' ', start.ArgumentList)}");
        child.OutputDataReceived += (_, e) => Relay(e.Data);
        child.ErrorDataReceived += (_, e) => Relay(e.Data);
        child.BeginOutputReadLine();
        child.BeginErrorReadLine();
        if (!child.WaitForExit(deadline))
        {
            child.Kill(entireProcessTree: true);
            throw new TimeoutException($"measuring process {request.Process + 1} did not finish within {deadline.TotalMinutes:0} min (estimated {estimatedSeconds:0} s); its last lines: {Tail()}");
        }

        child.WaitForExit();
        if (child.ExitCode != 0 || !File.Exists(request.Output))
        {
            throw new InvalidOperationException($"measuring process {request.Process + 1} (seed {seed}) failed, exit code {child.ExitCode}: {Tail()}");
        }

        return ProcessFiles.Read<MeasuredProcess>(request.Output) with { Seconds = clock.Elapsed.TotalSeconds };

        string Tail()
        {
            lock (tail)
            {
                return string.Join(" | ", tail);
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
