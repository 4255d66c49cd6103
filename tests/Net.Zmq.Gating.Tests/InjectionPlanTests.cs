using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>PERF_INJECT as docs/measurement.md documents it: entries, globs, sums, and clear errors.</summary>
public sealed class InjectionPlanTests
{
    [Fact]
    public void Entries_ApplyToTheCasesTheirGlobsMatch_AndAddUp()
    {
        var plan = InjectionPlan.Parse(" delay:1500@NetZmq/ReceiveModes/*/Poller/* ; alloc:32@*/64B;delay:500@*/64B ");

        Assert.Equal(new Injection(2000, 32), plan.For("NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64B"));
        Assert.Equal(new Injection(1500, 0), plan.For("NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/1KiB"));
        Assert.Equal(new Injection(500, 32), plan.For("LibZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64B"));
        Assert.Null(plan.For("NetMQ/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/1KiB"));
        Assert.Equal("delay:1500@NetZmq/ReceiveModes/*/Poller/*;alloc:32@*/64B;delay:500@*/64B", plan.ToString());
    }

    /// <summary>
    /// A relative delay: a share of each operation's own time, so one setting slows every size alike.
    /// </summary>
    [Fact]
    public void PercentDelay_IsAFractionOfEachOperationsTime_AndAddsUp()
    {
        var plan = InjectionPlan.Parse("delay:10%@NetZmq/*;delay:2.5%@*/64B;alloc:32@*/64B");

        var injection = plan.For("NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64B");

        Assert.Equal((0L, 32), (injection!.DelayNanoseconds, injection.AllocateBytes));
        Assert.Equal(0.125, injection.DelayFraction, 12);
        Assert.Equal(0.10, plan.For("NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/1KiB")!.DelayFraction, 12);
    }

    /// <summary>Extra native calls per received message: what the native call counts gate exactly.</summary>
    [Fact]
    public void CallEntries_AreExtraNativeCallsPerMessage_AndAddUp()
    {
        var plan = InjectionPlan.Parse("call:1@NetZmq/*/PureBlocking/*;call:2@*/64B");

        Assert.Equal(3, plan.For("NetZmq/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/64B")!.ExtraCalls);
        Assert.Equal(1, plan.For("NetZmq/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/1KiB")!.ExtraCalls);
        Assert.Throws<ArgumentException>(() => InjectionPlan.Parse("call:1001@*"));
    }

    /// <summary>
    /// Turns of a fixed loop per received message: what the instruction counts gate; an instruction count sees all but
    /// the spins.
    /// </summary>
    [Fact]
    public void WorkEntries_AreAFixedLoopPerMessage_AndWhatACountSeesLeavesTheSpinsOut()
    {
        var plan = InjectionPlan.Parse("work:10@NetZmq/*;work:5@*/64B;delay:3%@*/64B");
        var both = plan.For("NetZmq/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/64B")!;

        Assert.Equal(15, both.Work);
        Assert.Equal(new Injection(0, 0) { Work = 15 }, both.Countable);
        Assert.Null(InjectionPlan.Parse("delay:100@*").For("any")!.Countable);
        Assert.Throws<ArgumentException>(() => InjectionPlan.Parse("work:1000001@*"));
    }

    [Fact]
    public void UnsetOrBlank_IsNoInjection()
    {
        Assert.Null(InjectionPlan.FromEnvironment(_ => null));
        Assert.Null(InjectionPlan.FromEnvironment(_ => "  "));
    }

    public static TheoryData<string, string> Malformed => new()
    {
        { "delay:100", "PERF_INJECT entry \"delay:100\": expected delay:<ns>@<glob>, delay:<percent>%@<glob>, alloc:<bytes>@<glob>, call:<n>@<glob> or work:<n>@<glob>" },
        { "delay:100@", "PERF_INJECT entry \"delay:100@\": expected delay:<ns>@<glob>, delay:<percent>%@<glob>, alloc:<bytes>@<glob>, call:<n>@<glob> or work:<n>@<glob>" },
        { "sleep:100@*", "PERF_INJECT entry \"sleep:100@*\": \"sleep\" is not a kind of injection; known: delay, alloc, call, work" },
        { "delay:-5@*", "PERF_INJECT entry \"delay:-5@*\": \"-5\" is not a whole number above 0" },
        { "alloc:1.5@*", "PERF_INJECT entry \"alloc:1.5@*\": \"1.5\" is not a whole number above 0" },
        { "alloc:0@*", "PERF_INJECT entry \"alloc:0@*\": \"0\" is not a whole number above 0" },
        { "alloc:4294967296@*", "PERF_INJECT entry \"alloc:4294967296@*\": an allocation per message must be below 2 GiB" },
        { ";;", "PERF_INJECT entry \";;\": no entry" },
        { "delay:0%@*", "PERF_INJECT entry \"delay:0%@*\": \"0\" is not a percentage above 0 (at most 1000)" },
        { "delay:-5%@*", "PERF_INJECT entry \"delay:-5%@*\": \"-5\" is not a percentage above 0 (at most 1000)" },
        { "delay:ten%@*", "PERF_INJECT entry \"delay:ten%@*\": \"ten\" is not a percentage above 0 (at most 1000)" },
    };

    [Theory]
    [MemberData(nameof(Malformed))]
    public void MalformedEntry_IsAnErrorQuotingIt(string text, string expected)
    {
        var error = Assert.Throws<ArgumentException>(() => InjectionPlan.Parse(text));

        Assert.Equal(expected, error.Message);
    }
}
