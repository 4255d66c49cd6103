using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Perf;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>A baseline file a run gated nothing against is always named, with the reason; and a new file's policy.</summary>
public sealed class BaselineCoverageTests
{
    private static readonly BaselineStore Store = new(SourceLayout.Of(typeof(BaselineCoverageTests).Assembly));

    private static List<string> Unchecked(IReadOnlyCollection<string> gated, params AbsentSubject[] absent) =>
        [.. Store.Unchecked(gated, absent, "profile quick")];

    [Fact]
    public void EveryFileNotGated_IsNamed_WithTheAbsentDriversReason()
    {
        var all = Store.AllFiles().ToList();
        var gated = all.Where(f => f.Contains("/NetMQ.", StringComparison.Ordinal)).ToHashSet();

        var notes = Unchecked(gated, new AbsentSubject("NetZmq", "Net.Zmq 0.4.1 does not restore here"), new AbsentSubject("LibZmq", "no libzmq.so.5"));

        Assert.Equal(all.Count - gated.Count, notes.Count);
        Assert.Contains($"{BaselineStore.NotCheckedNote} baselines/NetZmq.Patterns.json: NetZmq was not measured: Net.Zmq 0.4.1 does not restore here.", notes);
        Assert.Contains($"{BaselineStore.NotCheckedNote} baselines/LibZmq.ReceiveModes.json: LibZmq was not measured: no libzmq.so.5.", notes);
    }

    [Fact]
    public void TheOverheadFile_WithoutTheFloor_SaysTheFloorIsMissing_AndAFileOfAMeasuredDriver_SaysWhatTheRunMeasured()
    {
        var all = Store.AllFiles().ToList();
        var gated = all.Where(f => !f.EndsWith("/NetZmq.BindingOverhead.json", StringComparison.Ordinal)
                                   && !f.EndsWith("/NetMQ.Patterns.json", StringComparison.Ordinal)).ToHashSet();

        var notes = Unchecked(gated, new AbsentSubject("LibZmq", "no libzmq.so.5"));

        Assert.Equal(
        [
            $"{BaselineStore.NotCheckedNote} baselines/NetMQ.Patterns.json: none of its cases was measured in this run (profile quick).",
            $"{BaselineStore.NotCheckedNote} baselines/NetZmq.BindingOverhead.json: it compares Net.Zmq with the floor, and LibZmq was not measured: no libzmq.so.5.",
        ], notes);
    }

    [Fact]
    public void ANewFile_StartsWithTheProductOwnersBounds_AndNetZmqsClaims()
    {
        var netZmqStrategies = BaselineStore.NewFilePolicy(new("NetZmq", "BufferStrategies"));
        var netMqStrategies = BaselineStore.NewFilePolicy(new("NetMQ", "BufferStrategies"));
        var modes = BaselineStore.NewFilePolicy(new("LibZmq", "ReceiveModes"));

        Assert.Equal(4, netZmqStrategies.BytesBounds.Count);
        Assert.Equal(("ArrayPool", 5000.0), (Assert.Single(netMqStrategies.BytesBounds).Variant, netMqStrategies.BytesBounds[0].Max));
        Assert.Equal(("Poller", "PureBlocking", 1.10), (Assert.Single(modes.RatioBounds).Variant, modes.RatioBounds[0].Reference, modes.RatioBounds[0].Max));
        Assert.Equal(NetZmqTests.Gating.Baselines.Policy.None, BaselineStore.NewFilePolicy(BindingOverhead.Suite));
    }
}
