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
/// Where a process of its own starts: the test assembly the run starts again (an xUnit v3 test assembly is a program),
/// and the explicit test each kind of process runs there. The test project names its own, and holds nothing else of the
/// run.
/// </summary>
/// <param name="Assembly">The test assembly's path.</param>
/// <param name="Measure">The full name of the test a measuring process runs (it calls
/// <see cref="ProcessEntry.Measure"/>).</param>
/// <param name="Count">The test the counting process runs (<see cref="ProcessEntry.Count"/>).</param>
/// <param name="CountInstructions">The test an instruction process runs under Valgrind
/// (<see cref="ProcessEntry.CountInstructions"/>).</param>
public sealed record ProcessEntryPoints(string Assembly, string Measure, string Count, string CountInstructions);

/// <summary>
/// What each process of its own does once started (<see cref="ProcessEntryPoints"/>): reads its request, measures or
/// counts its cases, and writes what it found where the request says; its lines go to its standard output, which the
/// run relays.
/// </summary>
public static class ProcessEntry
{
    /// <summary>Said by a measuring process before a progress line, so the run shows it as one.</summary>
    public const string ProgressPrefix = "@progress ";

    /// <summary>
    /// A measuring process: the request's cases measured in cells with BenchmarkDotNet, with this process's seed.
    /// </summary>
    public static void Measure(string requestPath)
    {
        var request = MeasurementRequest.Read(requestPath);
        var clock = Stopwatch.StartNew();
        var cases = request.CaseIds.Select(CaseCatalog.Get).ToList();
        var placement = ThreadPlacement.FromEnvironment(name => name == "PERF_PLACEMENT" ? (request.Pinned ? "pinned" : "free") : null);
        var measurements = CellMeasurement.Measure(cases, request.Sampling, Injection(request.Injection), placement,
            Path.Combine(Path.GetDirectoryName(request.Output)!, $"process-{request.Process}"),
            line => Console.WriteLine(line), line => Console.WriteLine(ProgressPrefix + line));
        ProcessFiles.Write(request.Output,
            new MeasuredProcess(request.Process, RunSeed.Process, ZmqDrivers.NetZmqLoadedFirstName, clock.Elapsed.TotalSeconds, measurements));
    }

    /// <summary>The counting process: each case's native calls, where each driver's libzmq is its counter.</summary>
    public static void Count(string requestPath)
    {
        var request = ProcessFiles.Read<CountingRequest>(requestPath);
        var counts = CallCounting.Count([.. request.CaseIds.Select(CaseCatalog.Get)], Injection(request.Injection), line => Console.WriteLine(line));
        ProcessFiles.Write(request.Output, counts);
    }

    /// <summary>
    /// An instruction process, under Valgrind's callgrind: each case's repetitions marked, the manifest written beside
    /// the profiles.
    /// </summary>
    public static void CountInstructions(string requestPath, InstructionMarks marks)
    {
        var request = ProcessFiles.Read<InstructionRequest>(requestPath);
        var manifest = InstructionCounting.Count([.. request.CaseIds.Select(CaseCatalog.Get)], Injection(request.Injection), marks,
            line => Console.WriteLine(line));
        PrecompiledCodeNames.Write(request.Directory);
        ProcessFiles.Write(Path.Combine(request.Directory, InstructionManifest.FileName), manifest);
    }

    private static InjectionPlan? Injection(string? text) => text is null ? null : InjectionPlan.Parse(text);
}
