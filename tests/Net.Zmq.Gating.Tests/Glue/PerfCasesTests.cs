using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>
/// The cell-time estimate behind the progress lines' "about … left", against what a default run took here.
/// </summary>
public sealed class PerfCasesTests
{
    [Theory]
    // Cell, operations, blocks, seconds the cell took in a default run with Net.Zmq 0.4.1 (2026-11-24, 7 min 15 s in
    // all).
    [InlineData("NetZmq/BufferStrategies/RouterRouter/Tcp/PureBlocking/ByteArray/256KiB", 96, 6, 88.4)]
    [InlineData("NetZmq/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/64KiB", 96, 6, 26.1)]
    [InlineData("NetZmq/Patterns/PushPull/Inproc/PureBlocking/ReusedBuffer/64KiB", 360, 6, 11.4)]
    [InlineData("NetZmq/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/1KiB", 576, 6, 11.7)]
    [InlineData("NetZmq/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/64B", 576, 6, 5.3)]
    [InlineData("NetZmq/Patterns/PubSub/Inproc/PureBlocking/ReusedBuffer/64B", 360, 6, 1.7)]
    [InlineData("NetMQ/Patterns/PushPull/Tcp/PureBlocking/ReusedBuffer/64KiB", 4, 1, 2.1)]
    [InlineData("NetMQ/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/64KiB", 48, 6, 25.5)]
    [InlineData("NetMQ/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/64B", 288, 6, 5.1)]
    public void EstimatedSeconds_IsWithinAFactorOfTwoOfWhatTheCellTook(string caseId, int operations, int blocks, double tookSeconds)
    {
        var estimate = PerfCases.EstimatedSeconds(CaseCatalog.Get(caseId), operations, blocks);

        Assert.InRange(estimate / tookSeconds, 0.5, 2.0);
    }
}
