using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>The progress lines of a Perf run: which cell, how far, about how long is left.</summary>
public sealed class RunProgressTests
{
    [Fact]
    public void EachCell_SaysWhereTheRunIs_AndTheTimeLeftFromTheWorkDoneSoFar()
    {
        var lines = new List<string>();
        var now = TimeSpan.Zero;
        var progress = new RunProgress(new Dictionary<string, double> { ["a"] = 1, ["b"] = 3, ["c"] = 4 }, lines.Add, () => now);

        progress.CellStarted("a");
        now = TimeSpan.FromSeconds(10);
        progress.CellStarted("b");
        now = TimeSpan.FromSeconds(70);
        progress.CellStarted("c");

        Assert.Equal(
        [
            "[perf] cell 1 of 3: a; 0 % done after 0 s",
            "[perf] cell 2 of 3: b; 12 % done after 10 s, about 1 min 10 s left",
            "[perf] cell 3 of 3: c; 50 % done after 1 min 10 s, about 1 min 10 s left",
        ], lines);
    }
}
