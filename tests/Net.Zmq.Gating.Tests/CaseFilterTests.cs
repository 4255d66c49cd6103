using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

public sealed class CaseFilterTests
{
    [Theory]
    [InlineData("NetZmq/BufferStrategies/*", "NetZmq/BufferStrategies/RouterRouter/Tcp/PureBlocking/ArrayPool/64B", true)]
    [InlineData("NetZmq/BufferStrategies/*", "LibZmq/BufferStrategies/RouterRouter/Tcp/PureBlocking/ArrayPool/64B", false)]
    [InlineData("*/Poller/*;*/ArrayPool/*", "NetMQ/Patterns/PubSub/Inproc/Poller/ReusedBuffer/1KiB", true)]
    [InlineData("*/Poller/*; */ArrayPool/*", "LibZmq/BufferStrategies/RouterRouter/Tcp/PureBlocking/ArrayPool/64KiB", true)]
    [InlineData("*/64B", "NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64KiB", false)]
    [InlineData("NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/?KiB", "NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/1KiB", true)]
    [InlineData("NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/?KiB", "NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64KiB", false)]
    public void Glob_MatchesWholeIds(string globs, string caseId, bool expected) =>
        Assert.Equal(expected, new CaseFilter(globs).Matches(caseId));

    [Fact]
    public void DotsAndBracketsAreLiteral()
    {
        Assert.False(new CaseFilter("a.b").Matches("axb"));
        Assert.True(new CaseFilter("a(b)").Matches("a(b)"));
    }

    [Fact]
    public void Unset_Blank_AndEmptyGlobs()
    {
        Assert.Null(CaseFilter.FromEnvironment(_ => null));
        Assert.Null(CaseFilter.FromEnvironment(_ => "  "));
        Assert.Contains("names no glob", Assert.Throws<ArgumentException>(() => new CaseFilter(";;")).Message, StringComparison.Ordinal);
    }
}
