using NetZmqTests.Gating.Statistics;
using NetZmqTests.Orchestration.Claims;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>The fidelity check's verdict: it fails only when the rounds' interval lies wholly outside ±10 %.</summary>
public sealed class ReferenceComparisonTests
{
    private static ReferenceComparison Comparison(double value, double lower, double upper, double neighbourCpus = 0, double cpu = 1.0) =>
        new("NetZmq/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/64B", new RatioEstimate(value, lower, upper),
            new RatioEstimate(cpu, cpu * 0.98, cpu * 1.02), 1.1e6, 1.0e6, "pinned: sample", neighbourCpus, 6, 4);

    [Theory]
    [InlineData(1.02, 0.97, 1.07, true, false)]
    [InlineData(0.86, 0.80, 0.93, true, true)]
    [InlineData(1.36, 1.05, 1.76, true, true)]
    [InlineData(1.50, 1.30, 1.70, false, false)]
    [InlineData(0.80, 0.75, 0.85, false, false)]
    public void Holds_UnlessTheWholeIntervalLiesOutsideTenPercent(double value, double lower, double upper, bool holds, bool unclear)
    {
        var comparison = Comparison(value, lower, upper);

        Assert.Equal(holds, comparison.Holds);
        Assert.Equal(unclear, comparison.Unclear);
        Assert.Contains(holds ? (unclear ? "not clearly outside ±10 %" : "within ±10 %") : "OUTSIDE ±10 %", comparison.Describe(), StringComparison.Ordinal);
        Assert.Contains("6 fresh pairs of connections × 4 units", comparison.Describe(), StringComparison.Ordinal);
    }

    /// <summary>With 64 KiB messages the bound is what the check resolves there: a third, not 10 %.</summary>
    [Theory]
    [InlineData(0.749, 0.701, 0.800, true)]
    [InlineData(1.36, 1.30, 1.42, true)]
    [InlineData(0.60, 0.55, 0.64, false)]
    [InlineData(1.50, 1.40, 1.60, false)]
    public void ForLongOperations_TheBoundIsAThird(double value, double lower, double upper, bool holds)
    {
        var comparison = Comparison(value, lower, upper) with { Tolerance = ReferenceComparison.LongOperationTolerance };

        Assert.Equal(holds, comparison.Holds);
        Assert.Contains(holds ? "±35 %" : "OUTSIDE ±35 %", comparison.Describe(), StringComparison.Ordinal);
    }

    /// <summary>
    /// Beside a busy neighbour the CPU-time ratio is judged: a wall-time ratio far off does not fail it.
    /// </summary>
    [Fact]
    public void BesideABusyNeighbour_CpuTimeIsJudged()
    {
        var comparison = Comparison(1.5, 1.4, 1.6, neighbourCpus: 1.0, cpu: 1.01);

        Assert.True(comparison.Holds, comparison.Describe());
        Assert.Contains("judged in CPU time", comparison.Describe(), StringComparison.Ordinal);
    }

    /// <summary>
    /// Beyond ±10 % (clearly or not) is measured again: one pair of regimes fails nothing, a departure seen twice
    /// fails, and a first reading only unclear (one odd round widened it) fails when the second is clearly outside.
    /// </summary>
    [Theory]
    [InlineData(1.02, 0.97, 1.07, 1.30, 1.25, 1.35, 1, true, "")]
    [InlineData(1.19, 1.16, 1.22, 1.02, 0.99, 1.05, 2, true, "not confirmed: the check holds")]
    [InlineData(1.19, 1.16, 1.22, 1.25, 1.22, 1.28, 2, false, "confirmed: the check fails")]
    [InlineData(1.19, 1.16, 1.22, 1.15, 1.05, 1.25, 2, false, "confirmed: the check fails")]
    [InlineData(1.32, 0.83, 2.12, 1.56, 1.49, 1.63, 2, false, "confirmed: the check fails")]
    [InlineData(1.32, 0.83, 2.12, 1.04, 0.99, 1.09, 2, true, "not confirmed: the check holds")]
    [InlineData(1.32, 0.83, 2.12, 1.15, 1.05, 1.25, 2, true, "not confirmed: the check holds")]
    public void Confirmed_MeasuresAgainBeyondTheBound_AndFailsOnlyWhenOneIsClearlyOutsideAndBothBeyond(
        double first, double firstLower, double firstUpper, double again, double againLower, double againUpper,
        int measurements, bool holds, string verdict)
    {
        var readings = new Queue<ReferenceComparison>(
            [Comparison(first, firstLower, firstUpper), Comparison(again, againLower, againUpper)]);

        var confirmed = ConfirmedReferenceComparison.Measure(readings.Dequeue);

        Assert.Equal(2 - measurements, readings.Count);
        Assert.Equal(holds, confirmed.Holds);
        Assert.EndsWith(verdict, confirmed.Describe(), StringComparison.Ordinal);
        Assert.Equal(measurements == 2, confirmed.Describe().Contains("measured again on fresh connections", StringComparison.Ordinal));
    }
}
