using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using static NetZmqTests.Gating.Tests.SampleMeasurements;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// A subject judged against its paired reference with no baseline file: each rule on synthetic pairs, made to hold and
/// made to trip.
/// </summary>
public sealed class PairedGatesTests
{
    private static readonly PairedGates.Thresholds Thresholds = PairedGates.Default;

    private static readonly string[] FourCells = ["64B", "512B", "1KiB", "64KiB"];

    /// <summary>
    /// The head's case <paramref name="variant"/> in <paramref name="group"/> against the base's, the head
    /// <paramref name="slower"/> times as slow.
    /// </summary>
    public static AnalyzedCase Compared(string variant, double slower, string group = "64B", double headBytes = 0, double baseBytes = 0,
        double baseSpread = 0.01, bool sleepBound = false, double nanoseconds = 5_000_000)
    {
        var identity = new CaseIdentity($"Head/{Pair.Suite}/{variant}/{group}", "Head", Pair.Suite, group, variant,
            "Base", $"ReceiveModes/{variant}/{group}") { SleepBound = sleepBound };
        var head = Case(variant, nanoseconds * slower, headBytes) with { Case = identity };
        var cpu = head with { CpuNanosecondsPerOperation = [.. head.NanosecondsPerOperation] };
        var @base = Case(variant, nanoseconds, baseBytes, spread: baseSpread);
        return SuiteAnalysis.Against(cpu, @base with { CpuNanosecondsPerOperation = [.. @base.NanosecondsPerOperation] }) with
        {
            ReferenceBytesPerOperation = baseBytes,
        };
    }

    private static GateResult Gate(IReadOnlyList<GateResult> gates, GateKind kind, string variant) =>
        Assert.Single(gates, g => g.Id.Kind == kind && g.Case.Contains($"/{variant}/", StringComparison.Ordinal));

    [Fact]
    public void TheSameCode_HoldsEveryGate()
    {
        var gates = PairedGates.Evaluate([Compared("Poller", 1.0), Compared("PureBlocking", 1.005)], Pair, Thresholds);

        Assert.All(gates, g => Assert.NotEqual(GateVerdict.Fail, g.Verdict));
        Assert.All(gates, g => Assert.Equal(Pair.BaselinePath, g.BaselinePath));
    }

    [Fact]
    public void AHeadSlowerBeyondTheThreshold_WithItsWholeInterval_FailsItsTimeGate()
    {
        var gate = Gate(PairedGates.Evaluate([Compared("Poller", 1.05)], Pair, Thresholds), GateKind.PairedTime, "Poller");

        Assert.Equal(GateVerdict.Fail, gate.Verdict);
        Assert.True(gate.JudgesTime);
        Assert.StartsWith("1.050 [", gate.Measured, StringComparison.Ordinal);
        Assert.Contains("the head is slower than its base", gate.Note, StringComparison.Ordinal);
    }

    [Fact]
    public void ASlowdownWithinTheThreshold_Holds()
    {
        var gate = Gate(PairedGates.Evaluate([Compared("Poller", 1 + (Thresholds.Time / 2))], Pair, Thresholds), GateKind.PairedTime, "Poller");

        Assert.Equal(GateVerdict.Pass, gate.Verdict);
    }

    [Fact]
    public void ASlowdownWhoseIntervalReachesTheBound_Holds_AndSaysSo()
    {
        // The base scatters by ±30 % in another pattern than the head's: the estimate is above the bound, its interval
        // is not.
        var gate = Gate(PairedGates.Evaluate([Compared("Poller", 1.06, baseSpread: 0.3)], Pair, Thresholds), GateKind.PairedTime, "Poller");

        Assert.Equal(GateVerdict.Pass, gate.Verdict);
        Assert.Contains("not significantly", gate.Note, StringComparison.Ordinal);
    }

    [Fact]
    public void ASlowdownBelowTheNoiseFloor_Holds()
    {
        // 5 % of a 100 μs operation is 0.5 ns per message: significant, and nothing anyone would block a merge for.
        var gate = Gate(PairedGates.Evaluate([Compared("Poller", 1.05, nanoseconds: 100_000)], Pair, Thresholds), GateKind.PairedTime, "Poller");

        Assert.Equal(GateVerdict.Pass, gate.Verdict);
        Assert.Contains("noise floor", gate.Note, StringComparison.Ordinal);
    }

    [Fact]
    public void ACaseThatSleepsBetweenPolls_IsShownNotJudged_AndLeftOutOfTheMean()
    {
        var gates = PairedGates.Evaluate([Compared("NonBlocking", 1.05, sleepBound: true)], Pair, Thresholds);

        Assert.Equal(GateVerdict.NotApplied, Gate(gates, GateKind.PairedTime, "NonBlocking").Verdict);
        Assert.Equal(GateVerdict.NotApplied, Gate(gates, GateKind.PairedCpuTime, "NonBlocking").Verdict);
        Assert.Contains("0.50-1.53", Gate(gates, GateKind.PairedCpuTime, "NonBlocking").Note, StringComparison.Ordinal);
        Assert.Null(PairedGates.Evaluate([Compared("NonBlocking", 1.05, sleepBound: true), Compared("Poller", 1.0, group: "1KiB"),
            Compared("Poller", 1.0, group: "64KiB")], Pair, Thresholds).SingleOrDefault(g => g.Id.Kind == GateKind.PairedAggregate));
    }

    [Fact]
    public void AnyOtherCase_HasItsCpuTimeShownNotJudged()
    {
        var gate = Gate(PairedGates.Evaluate([Compared("Poller", 1.05)], Pair, Thresholds), GateKind.PairedCpuTime, "Poller");

        Assert.Equal(GateVerdict.NotApplied, gate.Verdict);
    }

    [Theory]
    [InlineData(1000, 1000, GateVerdict.Pass)]
    [InlineData(101_000, 100_000, GateVerdict.Pass)]
    [InlineData(100_000 + 1000 + 1024 + 1, 100_000, GateVerdict.Fail)]
    [InlineData(560_000, 0, GateVerdict.Fail)]
    public void TheHeadsBytes_AreJudgedAgainstTheBasesWithASmallSlack(double headBytes, double baseBytes, GateVerdict expected)
    {
        var gate = Gate(PairedGates.Evaluate([Compared("Poller", 1.0, headBytes: headBytes, baseBytes: baseBytes)], Pair, Thresholds),
            GateKind.PairedBytes, "Poller");

        Assert.Equal(expected, gate.Verdict);
        Assert.False(gate.JudgesTime);
    }

    [Fact]
    public void ASmallSlowdownOfEveryCase_FailsTheMeanOverEveryCase_ThoughNoCaseFails()
    {
        // 1.5 % everywhere: under the per-case threshold, above the mean's.
        var cases = FourCells.SelectMany(g => new[] { Compared("Poller", 1.015, g), Compared("PureBlocking", 1.015, g) }).ToList();

        var gates = PairedGates.Evaluate(cases, Pair, Thresholds);

        Assert.All(gates.Where(g => g.Id.Kind == GateKind.PairedTime), g => Assert.Equal(GateVerdict.Pass, g.Verdict));
        var mean = Assert.Single(gates, g => g.Id.Kind == GateKind.PairedAggregate);
        Assert.Equal(GateVerdict.Fail, mean.Verdict);
        Assert.Contains("over 8 cases in 4 cells", mean.Measured, StringComparison.Ordinal);
    }

    [Fact]
    public void TheMean_HoldsWhereTheCasesDoNotMove_AndNeedsThreeCells()
    {
        var cases = FourCells.Take(3).Select(g => Compared("Poller", g == "64B" ? 1.01 : 0.995, g)).ToList();

        Assert.Equal(GateVerdict.Pass, Assert.Single(PairedGates.Evaluate(cases, Pair, Thresholds), g => g.Id.Kind == GateKind.PairedAggregate).Verdict);
        Assert.DoesNotContain(PairedGates.Evaluate(cases.Take(2).ToList(), Pair, Thresholds), g => g.Id.Kind == GateKind.PairedAggregate);
    }

    [Fact]
    public void AFailedTimeGate_IsConfirmedOnlyWhenMeasuredAgainFailsToo()
    {
        var first = PairedGates.Evaluate([Compared("Poller", 1.05)], Pair, Thresholds);

        var cleared = GateConfirmation.Apply(first, PairedGates.Evaluate([Compared("Poller", 1.0)], Pair, Thresholds));
        var reproduced = GateConfirmation.Apply(first, PairedGates.Evaluate([Compared("Poller", 1.06)], Pair, Thresholds));

        Assert.Equal(GateVerdict.Pass, Gate(cleared, GateKind.PairedTime, "Poller").Verdict);
        Assert.Equal(GateVerdict.Fail, Gate(reproduced, GateKind.PairedTime, "Poller").Verdict);
        Assert.Contains("reproduced", Gate(reproduced, GateKind.PairedTime, "Poller").Note, StringComparison.Ordinal);
    }
}
