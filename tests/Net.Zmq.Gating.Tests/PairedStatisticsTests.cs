using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.Gating.Statistics;
using Pragmastat;
using static NetZmqTests.Gating.Tests.SampleMeasurements;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// The paired design: the schedule that interleaves a cell's cases, the pairing by unit, and the estimate and interval
/// over the pairs.
/// </summary>
public sealed class PairedStatisticsTests
{
    private static readonly MeasurementCell Cell = new("native/ReceiveModes/RouterRouter/Tcp/64B", ["a", "b", "c", "d"], 64);

    [Fact]
    public void Schedule_RunsEveryCaseTwicePerUnit_InAMirroredOrder_NumberingUnitsFromTheFirst()
    {
        var schedule = InterleavedSchedule.For(Cell, blocks: 3, unitsPerBlock: 2, firstUnit: 100, seed: 7);

        Assert.Equal(3 * 2 * 2 * 4, schedule.Count);
        Assert.Equal(Enumerable.Range(100, 6), schedule.Select(o => o.Unit).Distinct());
        foreach (var unit in schedule.GroupBy(o => o.Unit))
        {
            var order = unit.Select(o => o.CaseId).ToList();
            Assert.Single(unit.Select(o => o.Block).Distinct());
            Assert.Equal(Cell.CaseIds.Order(), order.Take(4).Order());
            // Forward, then reversed: every case's mean position in the unit is the same, so a linear drift cancels.
            Assert.Equal(order.Take(4).Reverse(), order.Skip(4));
        }
    }

    [Fact]
    public void Schedule_IsTheSameForOneSeed_AndNotTheSameOrderInEveryUnit_NorForEverySeed()
    {
        var first = InterleavedSchedule.For(Cell, 2, 8, 0, seed: 7);

        Assert.Equal(first, InterleavedSchedule.For(Cell, 2, 8, 0, seed: 7));
        Assert.True(first.Chunk(8).Select(u => string.Join(',', u.Take(4).Select(o => o.CaseId))).Distinct().Count() > 1);
        // A seed per process: another process's seed orders the same cell otherwise (no order is fixed across runs).
        var firstOrders = Enumerable.Range(1, 20)
            .Select(seed => string.Join(',', InterleavedSchedule.For(Cell, 1, 1, 0, seed).Take(4).Select(o => o.CaseId)))
            .Distinct().Count();
        Assert.True(firstOrders > 5, $"20 seeds gave only {firstOrders} first orders");
    }

    [Theory]
    [InlineData("12345", 12345)]
    [InlineData(" 0 ", 0)]
    [InlineData("", null)]
    [InlineData(null, null)]
    public void Seed_FromEnvironment_ReadsPerfSeed(string? text, int? expected) =>
        Assert.Equal(expected, RunSeed.FromEnvironment(name => name == RunSeed.Variable ? text : null));

    [Theory]
    [InlineData("-1")]
    [InlineData("soon")]
    public void Seed_Malformed_IsAnErrorNamingTheVariable(string text)
    {
        var error = Assert.Throws<ArgumentException>(() => RunSeed.FromEnvironment(_ => text));

        Assert.Contains(RunSeed.Variable, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Schedule_WithoutABlockUnitOrCase_IsRefusedNamingTheCell()
    {
        var error = Assert.Throws<ArgumentException>(() => InterleavedSchedule.For(Cell with { CaseIds = [] }, 1, 1, 0, seed: 7));

        Assert.Contains(Cell.Id, error.Message, StringComparison.Ordinal);
    }

    /// <summary>
    /// The reference drifts 3× over the run and the case is always 1.2× it in the same unit: pairing by unit sees
    /// exactly 1.2 with no spread, where medians of independent samples see the drift.
    /// </summary>
    [Fact]
    public void PairedRatio_CancelsDriftSharedByTheUnit()
    {
        var drift = Enumerable.Range(0, 12).Select(i => 1e6 * (1 + (2.0 * i / 11))).ToArray();
        var reference = Case("PureBlocking", 1) with { NanosecondsPerOperation = drift, PairingUnits = [.. Enumerable.Range(0, 12)] };
        var subject = Case("Poller", 1) with { NanosecondsPerOperation = [.. drift.Select(d => d * 1.2)], PairingUnits = [.. Enumerable.Range(0, 12)] };

        var paired = SuiteAnalysis.Compare(subject, reference);

        Assert.Equal(1.2, paired.Value, 9);
        Assert.Equal(1.2, paired.Lower, 9);
        Assert.Equal(1.2, paired.Upper, 9);
        Assert.Equal(12, paired.Pairs);
    }

    [Fact]
    public void PairedSamples_AverageEachCasesOperationsWithinAUnit_AndPairOnlySharedUnits()
    {
        var reference = Case("PureBlocking", 1) with { NanosecondsPerOperation = [100, 100, 100, 100, 50], PairingUnits = [1, 1, 2, 2, 3] };
        var subject = Case("Poller", 1) with { NanosecondsPerOperation = [100, 400, 300, 300, 60], PairingUnits = [1, 1, 2, 2, 4] };

        var pairs = PairedSamples.LogRatios(subject, reference);

        // Unit 1: geometric mean 200 over 100; unit 2: 300 over 100; units 3 and 4 have one side only.
        Assert.Equal([Math.Round(Math.Log(2), 12), Math.Round(Math.Log(3), 12)], pairs.Select(p => Math.Round(p, 12)).ToArray());
    }

    [Fact]
    public void PairedSamples_CasesNeverMeasuredTogether_IsAnErrorNamingBoth()
    {
        var reference = Case("PureBlocking", 1) with { NanosecondsPerOperation = [1, 1], PairingUnits = [1, 2] };
        var subject = Case("Poller", 1) with { NanosecondsPerOperation = [1, 1], PairingUnits = [3, 4] };

        var error = Assert.Throws<InvalidOperationException>(() => PairedSamples.LogRatios(subject, reference));

        Assert.Contains(subject.Case.Id, error.Message, StringComparison.Ordinal);
        Assert.Contains(reference.Case.Id, error.Message, StringComparison.Ordinal);
        Assert.False(PairedSamples.MeasuredTogether(subject, reference));
    }

    /// <summary>
    /// The estimate is the Hodges–Lehmann one, checked against Pragmastat's Center (the same estimator, Perfolizer's
    /// own statistics).
    /// </summary>
    [Theory]
    [InlineData(8)]
    [InlineData(24)]
    [InlineData(41)]
    public void SignedRankEstimate_IsPragmastatsCenter(int count)
    {
        var random = new Random(count);
        var values = Enumerable.Range(0, count).Select(_ => (random.NextDouble() - 0.3) * 0.2).ToArray();

        var (estimate, lower, upper) = SignedRank.Interval(values, 0.95);

        Assert.Equal(Toolkit.Center(new Sample(values)).NominalValue, estimate, 12);
        Assert.True(lower < estimate && estimate < upper);
    }

    /// <summary>
    /// The interval's order statistic against the Wilcoxon signed-rank table (two-sided 5 %: critical values 3, 25 and
    /// 89 for n = 8, 20 and 30).
    /// </summary>
    [Theory]
    [InlineData(8, 4)]
    [InlineData(20, 53)]
    [InlineData(30, 138)]
    public void SignedRankInterval_UsesTheExactNullDistribution(int count, int expected) =>
        Assert.Equal(expected, SignedRank.OrderStatistic(count, 0.025));

    [Fact]
    public void FewerPairsThanTheSignedRankNeeds_GetTheMeanAndStudentsInterval()
    {
        double[] values = [0.1, 0.2, 0.3, 0.4];

        var (estimate, lower, upper) = SignedRank.Interval(values, 0.95);

        // Mean 0.25, sd 0.1291, t(3) = 3.182: ±0.2054.
        Assert.Equal(0.25, estimate, 9);
        Assert.Equal(0.25 - (3.182 * 0.129099 / 2), lower, 4);
        Assert.Equal(0.25 + (3.182 * 0.129099 / 2), upper, 4);
        Assert.True(SignedRank.MinimumPairs > values.Length);
    }
}
