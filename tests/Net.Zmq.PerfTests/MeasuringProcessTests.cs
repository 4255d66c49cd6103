using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Processes;
using NetZmqTests.Scenarios.Drivers;
using NetZmqTests.PerfTests.Infrastructure;

namespace NetZmqTests.PerfTests;

/// <summary>
/// What the processes of their own of a Perf run start (<see cref="ProcessEntryPoints"/>): the run starts this test
/// assembly for one of these tests, with a request and a seed of its own; it measures or counts the request's cases
/// (<see cref="ProcessEntry"/>) and writes what it found. Explicit: a plain <c>dotnet test</c> never runs them; only a
/// run does, each in a process of its own.
/// </summary>
public sealed class MeasuringProcessTests
{
    [Fact(Explicit = true)]
    public void MeasureAsRequested()
    {
        var path = Environment.GetEnvironmentVariable(MeasurementRequest.Variable);
        Assert.SkipWhen(path is null, $"runs only as a measuring process that a Perf run starts ({MeasurementRequest.Variable} names its request)");
        Perf.SkipIfInstrumented();
        ProcessEntry.Measure(path!);
    }

    [Fact(Explicit = true)]
    public void CountAsRequested()
    {
        var path = Environment.GetEnvironmentVariable(CountingRequest.Variable);
        Assert.SkipWhen(path is null || !NativeCallCounter.InCountingProcess,
            $"runs only as the counting process that a Perf run starts ({CountingRequest.Variable} names its request)");
        ProcessEntry.Count(path!);
    }

    [Fact(Explicit = true)]
    public void CountInstructionsAsRequested()
    {
        var path = Environment.GetEnvironmentVariable(InstructionRequest.Variable);
        Assert.SkipWhen(path is null, $"runs only as the instruction process that a Perf run starts under Valgrind ({InstructionRequest.Variable} names its request)");
        var marks = InstructionMarks.Load();
        Assert.SkipWhen(!marks.RunningOnValgrind, $"runs only under Valgrind's callgrind ({InstructionRequest.Variable} is set, but this process is not under Valgrind)");
        ProcessEntry.CountInstructions(path!, marks);
    }
}
