using System.Diagnostics;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Counting;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Processes;

/// <summary>
/// Where a process of its own starts: the test assembly run again (an xUnit v3 test assembly is a program) and, per
/// kind of process, the full name of the test that calls <see cref="ProcessEntry"/>'s method of the same name. The
/// test project names them and holds nothing else of the run.
/// </summary>
public sealed record ProcessEntryPoints(string Assembly, string Measure, string Count, string CountInstructions);

/// <summary>
/// What each process of its own does: reads its request, measures or counts, writes where the request says.
/// </summary>
public static class ProcessEntry
{
    /// <summary>Said by a measuring process before a progress line, so the run shows it as one.</summary>
    public const string ProgressPrefix = "@progress ";

    /// <summary>A measuring process: the request's cases in cells with BenchmarkDotNet, with its own seed.</summary>
    public static void Measure(string requestPath)
    {
        var request = ProcessFiles.Read<MeasurementRequest>(requestPath);
        var clock = Stopwatch.StartNew();
        var cases = request.CaseIds.Select(CaseCatalog.Get).ToList();
        var placement = ThreadPlacement.FromEnvironment(
            name => name == "PERF_PLACEMENT" ? (request.Pinned ? "pinned" : "free") : null);
        var measurements = CellMeasurement.Measure(cases, request.Sampling, Injection(request.Injection), placement,
            Path.Combine(Path.GetDirectoryName(request.Output)!, $"process-{request.Process}"),
            line => Console.WriteLine(line), line => Console.WriteLine(ProgressPrefix + line));
        ProcessFiles.Write(request.Output,
            new MeasuredProcess(request.Process, RunSeed.Process, ZmqDrivers.NetZmqLoadedFirstName,
                clock.Elapsed.TotalSeconds, measurements));
    }

    /// <summary>The counting process: each case's native calls, where each driver's libzmq is its counter.</summary>
    public static void Count(string requestPath)
    {
        var request = ProcessFiles.Read<CountingRequest>(requestPath);
        ProcessFiles.Write(request.Output, CallCounting.Count([.. request.CaseIds.Select(CaseCatalog.Get)],
            Injection(request.Injection), line => Console.WriteLine(line)));
    }

    /// <summary>An instruction process under callgrind: each case's repetitions marked, the manifest written.</summary>
    public static void CountInstructions(string requestPath, InstructionMarks marks)
    {
        var request = ProcessFiles.Read<InstructionRequest>(requestPath);
        var manifest = InstructionCounting.Count([.. request.CaseIds.Select(CaseCatalog.Get)],
            Injection(request.Injection), marks, line => Console.WriteLine(line));
        PrecompiledCodeNames.Write(request.Directory);
        ProcessFiles.Write(Path.Combine(request.Directory, InstructionManifest.FileName), manifest);
    }

    private static InjectionPlan? Injection(string? text) => text is null ? null : InjectionPlan.Parse(text);
}
