using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Correctness.Gating;

/// <summary>The time gates' significance test: one-sided Mann-Whitney against bound × reference, at a level the samples can reach.</summary>
public sealed class SlowdownTestTests
{
    [Theory]
    [InlineData(24, 24, 0.05)]
    [InlineData(4, 4, 0.05)]
    [InlineData(6, 24, 0.05)]
    [InlineData(2, 2, 1.0 / 6)]
    [InlineData(2, 4, 1.0 / 15)]
    [InlineData(1, 4, 1.0 / 5)]
    public void Level_IsFivePercent_OrTheSmallestPValueTheSamplesCanGive(int n, int m, double expected) =>
        Assert.Equal(expected, SlowdownTest.AttainableLevel(n, m), 6);

    [Fact]
    public void CompleteSeparation_IsSignificant_EvenWithTwoSamplesEach()
    {
        var outcome = SlowdownTest.SlowerThan([130, 131], [100, 101], bound: 1.2);

        Assert.True(outcome.Significant, outcome.ToString());
        Assert.Equal(1.0 / 6, outcome.PValue, 6);
    }

    [Fact]
    public void OverlapWithBoundTimesReference_IsNotSignificant()
    {
        var outcome = SlowdownTest.SlowerThan([118, 125, 119, 126, 121, 124], [100, 101, 99, 100, 102, 98], bound: 1.2);

        Assert.False(outcome.Significant, outcome.ToString());
    }

    [Fact]
    public void ClearlyBeyondBoundTimesReference_IsSignificant()
    {
        var outcome = SlowdownTest.SlowerThan([150, 152, 149, 151, 153, 148], [100, 101, 99, 100, 102, 98], bound: 1.2);

        Assert.True(outcome.Significant, outcome.ToString());
        Assert.True(outcome.PValue < 0.01, outcome.ToString());
    }
}
