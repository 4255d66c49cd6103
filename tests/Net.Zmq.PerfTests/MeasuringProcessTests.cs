using System.Diagnostics;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.PerfTests.Infrastructure;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.PerfTests;

/// <summary>
/// What a measuring process of a Perf run does (<see cref="MeasuringProcesses"/>): the run starts this test assembly for
/// this one test, with a request (<see cref="MeasurementRequest"/>) and a seed of its own; it measures the request's
/// cases and writes what it measured. Explicit: a plain <c>dotnet test</c> never runs it; only a run does, in a process
/// of its own.
/// </summary>
public sealed class MeasuringProcessTests
{
    [Fact(Explicit = true)]
    public void MeasureAsRequested()
    {
        var path = Environment.GetEnvironmentVariable(MeasurementRequest.Variable);
        Assert.SkipWhen(path is null, $"runs only as a measuring process that a Perf run starts ({MeasurementRequest.Variable} names its request)");
        PerfSession.SkipIfInstrumented();
        var request = MeasurementRequest.Read(path!);
        var clock = Stopwatch.StartNew();
        var cases = request.CaseIds.Select(CaseCatalog.Get).ToList();
        var placement = ThreadPlacement.FromEnvironment(name => name == "PERF_PLACEMENT" ? (request.Pinned ? "pinned" : "free") : null);
        var measurements = CellMeasurement.Measure(cases, request.Sampling, request.Injection is null ? null : InjectionPlan.Parse(request.Injection),
            placement, Path.Combine(Path.GetDirectoryName(request.Output)!, $"process-{request.Process}"),
            line => Console.WriteLine(line), line => Console.WriteLine(MeasuringProcesses.ProgressPrefix + line));
        ProcessFiles.Write(request.Output, new MeasuredProcess(request.Process, RunSeed.Process, ZmqDrivers.NetZmqLoadedFirstName, clock.Elapsed.TotalSeconds, measurements));
    }

    [Fact(Explicit = true)]
    public void CountAsRequested()
    {
        var path = Environment.GetEnvironmentVariable(CountingRequest.Variable);
        Assert.SkipWhen(path is null || !NativeCallCounter.InCountingProcess,
            $"runs only as the counting process that a Perf run starts ({CountingRequest.Variable} names its request)");
        var request = ProcessFiles.Read<CountingRequest>(path!);
        var counts = CallCounting.Count([.. request.CaseIds.Select(CaseCatalog.Get)], request.Injection is null ? null : InjectionPlan.Parse(request.Injection),
            line => Console.WriteLine(line));
        ProcessFiles.Write(request.Output, counts);
    }

    [Fact(Explicit = true)]
    public void CountInstructionsAsRequested()
    {
        var path = Environment.GetEnvironmentVariable(InstructionRequest.Variable);
        Assert.SkipWhen(path is null, $"runs only as the instruction process that a Perf run starts under Valgrind ({InstructionRequest.Variable} names its request)");
        var marks = InstructionMarks.Load();
        Assert.SkipWhen(!marks.RunningOnValgrind, $"runs only under Valgrind's callgrind ({InstructionRequest.Variable} is set, but this process is not under Valgrind)");
        var request = ProcessFiles.Read<InstructionRequest>(path!);
        var manifest = InstructionCounting.Count([.. request.CaseIds.Select(CaseCatalog.Get)], request.Injection is null ? null : InjectionPlan.Parse(request.Injection),
            marks, line => Console.WriteLine(line));
        ProcessFiles.Write(Path.Combine(request.Directory, InstructionManifest.FileName), manifest);
    }
}
