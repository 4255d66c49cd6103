using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Tests;

public sealed class RunSpreadTests
{
    /// <summary>
    /// The swing is the runs' spread beyond their own intervals at its 95 % upper bound: nothing where even the bound
    /// stays inside what the intervals show, and more the fewer the runs.
    /// </summary>
    [Fact]
    public void Swing_IsZeroWhereRunsAgreeAsTheirIntervalsSay_AndTheUpperBoundOfTheExcessSpreadOtherwise()
    {
        RatioEstimate Around(double value, double halfWidth) => new(value, value / (1 + halfWidth), value * (1 + halfWidth));

        Assert.Equal(0, RunSpread.Swing([Around(1.00, 0.20), Around(1.01, 0.20), Around(0.995, 0.20), Around(1.005, 0.20)]));
        // Log estimates 0, ±0.1 with no interval to speak of: variance 0.01 from 3 runs, bounded above by 2 ÷ 0.1026 ×
        // that.
        Assert.Equal(Math.Sqrt(0.01 * 2 / 0.1026), RunSpread.Swing([Around(1.0, 1e-9), Around(Math.Exp(0.1), 1e-9), Around(Math.Exp(-0.1), 1e-9)]), 2);
        // The same spread seen over 9 runs is bounded closer to itself.
        double[] nine = [0, 0.1, -0.1, 0, 0.1, -0.1, 0, 0.1, -0.1];
        Assert.InRange(RunSpread.Swing([.. nine.Select(l => Around(Math.Exp(l), 1e-9))]), 0.087, 0.15);
    }

    [Theory]
    [InlineData(4, 3 / 0.3518)]
    [InlineData(11, 10 / 3.9403)]
    [InlineData(31, 30 / 18.493)]
    public void UpperBoundOfVariance_IsTheChiSquareBound(int runs, double factor) =>
        Assert.Equal(factor, RunSpread.UpperBoundOfVariance(1, runs), 0.01 * factor);
}
