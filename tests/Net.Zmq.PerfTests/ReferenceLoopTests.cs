using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Claims;
using NetZmqTests.PerfTests.Infrastructure;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.PerfTests;

/// <summary>
/// Fidelity: what the tables report for a PureBlocking case is what the code does once warm. The suite's workload
/// is measured beside a minimal loop of the same work, in alternating operations, over several fresh pairs of
/// connections, at the smallest and the largest receive-mode size; the suite must not lie significantly outside
/// ±10 % of it (±35 % at 64 KiB, <see cref="ReferenceComparison.LongOperationTolerance"/>), confirmed on fresh
/// connections before it fails.
/// </summary>
[Trait(TestCategories.Key, TestCategories.Perf)]
public sealed class ReferenceLoopTests
{
    public static TheoryData<int> Sizes => new(64, 65536);

    [Theory]
    [MemberData(nameof(Sizes))]
    public void PureBlocking_TakesAsLongAsAMinimalLoopOfTheSameWork(int messageSize)
    {
        var why = ReferenceLoops.WhyNot(DriverId.NetZmq);
        Assert.SkipWhen(why is not null, $"no reference check here: {why}");
        Assert.SkipWhen(Environment.GetEnvironmentVariable(RunMeasurements.MergeVariable) is { Length: > 0 },
            $"{RunMeasurements.MergeVariable} merges shards measured apart and measures nothing here; the fidelity check ran on shard 1");
        var shard = Shard.FromEnvironment(Environment.GetEnvironmentVariable);
        Assert.SkipWhen(shard is { Index: > 1 }, $"shard {shard} of a sharded run: the fidelity check runs on shard 1 only");

        Perf.SkipIfInstrumented();
        var placement = ThreadPlacement.FromEnvironment(Environment.GetEnvironmentVariable);
        var comparison = ConfirmedReferenceComparison.Measure(() => ReferenceCheck.Measure(DriverId.NetZmq, messageSize, placement));

        TestContext.Current.TestOutputHelper!.WriteLine(comparison.Describe());
        Assert.True(comparison.Holds, comparison.Describe());
    }
}
