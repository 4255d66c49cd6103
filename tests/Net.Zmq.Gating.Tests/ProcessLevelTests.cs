using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// The interval of a ratio measured in several processes: the processes as the top level, each component where it
/// belongs.
/// </summary>
public sealed class ProcessLevelTests
{
    [Theory]
    [InlineData(1, 12.706)]
    [InlineData(2, 4.303)]
    [InlineData(3, 3.182)]
    [InlineData(6, 2.447)]
    [InlineData(7, 2.365)]
    [InlineData(10, 2.228)]
    [InlineData(30, 2.042)]
    [InlineData(1000, 1.962)]
    public void StudentT_MatchesTheTables(double degrees, double expected) =>
        Assert.Equal(expected, Distributions.StudentQuantile975(degrees), 3);

    /// <summary>The normal quantile of every 95 % interval is Perfolizer's, and the one the tables give.</summary>
    [Fact]
    public void NormalQuantile_MatchesTheTables() => Assert.Equal(1.95996, Distributions.NormalQuantile975, 5);

    [Fact]
    public void StudentT_RoundsFractionalDegreesDown_AndHasNoQuantileBelowOne()
    {
        Assert.Equal(Distributions.StudentQuantile975(2), Distributions.StudentQuantile975(2.9));
        Assert.True(double.IsPositiveInfinity(Distributions.StudentQuantile975(0.5)));
    }

    /// <summary>
    /// Process p's blocks: its offset plus a block spread of ±<paramref name="spread"/> in a fixed pattern.
    /// </summary>
    private static ProcessSamples Samples(double spread, params double[] offsets) =>
        new([.. offsets.Select(o => (IReadOnlyList<double>)[.. new[] { -1.0, 0.5, 1.0, -0.5, 0.0 }.Select(b => o + (b * spread))])]);

    [Fact]
    public void ProcessesThatAgree_GiveTheBlocksInterval_WithNoProcessComponent()
    {
        var samples = Samples(0.01, 0, 0);

        Assert.True(samples.ProcessComponent < 0);
        var ratio = ProcessLevel.Estimate(samples);
        Assert.Equal(1, ratio.Value, 6);
        Assert.Equal(10, ratio.Pairs);
        // σ²(block) ÷ (P·b) with 8 degrees of freedom: the blocks' own interval.
        var expectedHalf = Distributions.StudentQuantile975(8) * Math.Sqrt(samples.WithinVariance / 10);
        Assert.Equal(Math.Exp(expectedHalf), ratio.Upper, 6);
    }

    [Fact]
    public void AStateOfOneProcess_WidensTheInterval_SoThatItDoesNotFailAlone()
    {
        // One process 10 % slow in every block, the other not.
        var samples = Samples(0.01, Math.Log(1.10), 0);
        var blocksOnly = RatioEstimate.Paired([.. samples.BlocksByProcess.SelectMany(b => b)]);

        var ratio = ProcessLevel.Estimate(samples);

        Assert.Equal(Math.Sqrt(1.10), ratio.Value, 6);
        Assert.True(ratio.Lower < 1, $"with the process component: {ratio}");
        Assert.True(ratio.Upper - ratio.Lower > 2 * (blocksOnly.Upper - blocksOnly.Lower), $"{ratio} against the blocks alone {blocksOnly}");
    }

    [Fact]
    public void TheSameSlowdownInEveryProcess_StaysSignificant()
    {
        var samples = Samples(0.01, Math.Log(1.05), Math.Log(1.05), Math.Log(1.05));

        var ratio = ProcessLevel.Estimate(samples);

        Assert.True(ratio.Lower > 1.03, ratio.ToString());
    }

    [Fact]
    public void OneBlockPerProcess_MakesTheProcessMeansTheSamples()
    {
        var samples = new ProcessSamples([[0.01], [0.03], [0.02]]);

        var ratio = ProcessLevel.Estimate(samples);

        Assert.Null(samples.ProcessComponent);
        Assert.Equal(Math.Exp(0.02), ratio.Value, 9);
        Assert.Equal(Math.Exp(0.02 + (Distributions.StudentQuantile975(2) * Math.Sqrt(0.0001 / 3))), ratio.Upper, 9);
    }

    [Fact]
    public void TheProcessComponent_IsWhatTheProcessMeansSpreadBeyondTheBlocks()
    {
        var apart = Samples(0.001, 0.05, -0.05);

        // Means 0.05 and -0.05: a variance of 0.005, of which the blocks explain a hundredth of a percent.
        Assert.Equal(0.005 - (apart.WithinVariance / 5), apart.ProcessComponent!.Value, 12);
        Assert.Null(new ProcessSamples([[0.1], [0.2]]).ProcessComponent);
    }

    [Fact]
    public void OneProcess_IsNotAProcessLevelInterval() =>
        Assert.Throws<ArgumentException>(() => ProcessLevel.Estimate(Samples(0.01, 0)));
}
