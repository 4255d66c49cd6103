using NetZmqTests.Gating.Gates;
using static NetZmqTests.Correctness.Gating.SampleMeasurements;

namespace NetZmqTests.Correctness.Gating;

/// <summary>What a run does with a baseline recorded on another kind of machine: policy and allocation always, time only on its own class.</summary>
public sealed class MachineClassTests
{
    private static GateResult Only(IEnumerable<GateResult> results, string gatePrefix) =>
        Assert.Single(results, r => r.Gate.StartsWith(gatePrefix, StringComparison.Ordinal) && r.Case.Contains("/Poller/", StringComparison.Ordinal));

    [Fact]
    public void SameCpuModelCoresGcAndPlacement_TimeIsGated()
    {
        var here = SampleFingerprint.Machine;

        Assert.Null(MachineClass.TimeGatingBlocker(here with { OperatingSystem = "another kernel", Runtime = ".NET 10.0.99" }, here));
    }

    [Theory]
    [InlineData("cpu")]
    [InlineData("cores")]
    [InlineData("gc")]
    [InlineData("placement")]
    public void AnotherClassOfMachine_TimeIsNotGated_SayingWhichClassEach(string differs)
    {
        var here = SampleFingerprint.Machine;
        var there = differs switch
        {
            "cpu" => here with { Cpu = "Another CPU" },
            "cores" => here with { Cores = 4 },
            "gc" => here with { GarbageCollector = "Server, concurrent, latency Batch" },
            _ => here with { Placement = "free: every thread left to the scheduler" },
        };

        var blocker = MachineClass.TimeGatingBlocker(there, here);

        Assert.NotNull(blocker);
        Assert.Contains(there.Class, blocker, StringComparison.Ordinal);
        Assert.Contains(here.Class, blocker, StringComparison.Ordinal);
    }

    [Fact]
    public void TheFloorOnAnotherVersionOfItsLibrary_IsNotTimeGated_SayingWhichVersions()
    {
        var recorded = SampleFingerprint.Subject with { Version = "4.3.5" };

        Assert.Null(MachineClass.NativeVersionBlocker(recorded, recorded with { Origin = "another folder" }));
        var blocker = MachineClass.NativeVersionBlocker(recorded, recorded with { Version = "4.3.4" });
        Assert.Equal("not applied: the baseline's time ratios were recorded on version 4.3.5 of the library; this run loads 4.3.4", blocker);
    }

    /// <summary>Poller 20 % slower and allocating 320 KB more: its time gates are shown but not applied, the rest fail as anywhere.</summary>
    [Fact]
    public void AgainstAnotherClass_TimeRegressionsAreShownNotApplied_PolicyAndAllocationStillFail()
    {
        var blocker = MachineClass.TimeGatingBlocker(SampleFingerprint.Machine with { Cores = 4 }, SampleFingerprint.Machine);

        var results = GateEvaluator.Evaluate(Group(5e6, 6e6, pollerBytes: 321_000), Baseline(pollerRatio: 1.0), BaselinePath, blocker);

        var time = Only(results, GateEvaluator.TimeRegressionGate);
        Assert.Equal(GateVerdict.NotApplied, time.Verdict);
        Assert.False(time.FailsRun);
        Assert.StartsWith("not applied: the baseline's time ratios were recorded on another class of machine", time.Note, StringComparison.Ordinal);
        Assert.Contains("is not applied", time.Describe(), StringComparison.Ordinal);
        Assert.Equal(GateVerdict.Fail, Only(results, "policy: Poller ≤").Verdict);
        Assert.Equal(GateVerdict.Fail, Only(results, GateEvaluator.AllocationRegressionGate).Verdict);
    }
}
