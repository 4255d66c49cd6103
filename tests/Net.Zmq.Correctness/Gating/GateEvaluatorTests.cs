using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using static NetZmqTests.Correctness.Gating.SampleMeasurements;

namespace NetZmqTests.Correctness.Gating;

/// <summary>Every gate, made to trip on purpose with synthetic measurements, and shown to hold when it should.</summary>
public sealed class GateEvaluatorTests
{
    private static GateResult Only(IEnumerable<GateResult> results, string gatePrefix, string variant = "Poller") =>
        Assert.Single(results, r => r.Gate.StartsWith(gatePrefix, StringComparison.Ordinal) && r.Case.Contains($"/{variant}/", StringComparison.Ordinal));

    [Fact]
    public void PolicyGate_PollerClearlyAboveItsBound_FailsNamingCaseValueBoundAndFile()
    {
        var result = Only(GateEvaluator.Evaluate(Group(pureBlocking: 5e6, poller: 6e6), Baseline(pollerRatio: 1.2), BaselinePath), "policy");

        Assert.Equal(GateVerdict.Fail, result.Verdict);
        var message = result.Describe();
        Assert.Contains(Identity(Subject, "Poller").Id, message, StringComparison.Ordinal);
        Assert.Contains("measured 1.200", message, StringComparison.Ordinal);
        Assert.Contains("bound ≤ 1.10", message, StringComparison.Ordinal);
        Assert.Contains(BaselinePath, message, StringComparison.Ordinal);
    }

    [Fact]
    public void PolicyGate_PollerWithinItsBound_Holds()
    {
        var result = Only(GateEvaluator.Evaluate(Group(5e6, 5.2e6), Baseline(pollerRatio: 1.04), BaselinePath), "policy");

        Assert.Equal(GateVerdict.Pass, result.Verdict);
        Assert.Null(result.Note);
    }

    [Fact]
    public void PolicyGate_EstimateAboveBoundButIntervalAcrossIt_IsUnclearAndDoesNotFail()
    {
        // ±40 % scatter around 1.12: the estimate is over 1.10, the interval reaches well below it.
        var result = Only(GateEvaluator.Evaluate(Group(5e6, 5.6e6, pollerSpread: 0.4), Baseline(pollerRatio: 1.12, tolerances: new(0.5, 0.05, 1024)), BaselinePath), "policy");

        Assert.Equal(GateVerdict.Pass, result.Verdict);
        Assert.StartsWith("unclear", result.Note, StringComparison.Ordinal);
    }

    [Fact]
    public void PolicyGate_ReviewedKnownViolation_IsShownFailingWithoutFailingTheRun()
    {
        var known = new KnownViolation(Identity(Subject, "Poller").Id, "policy: Poller ≤ 1.10 × PureBlocking", "measured 1.2 in 5 of 5 runs");
        var result = Only(GateEvaluator.Evaluate(Group(5e6, 6e6), Baseline(1.2, knownViolations: [known]), BaselinePath), "policy");

        Assert.Equal(GateVerdict.KnownViolation, result.Verdict);
        Assert.False(result.FailsRun);
        Assert.Contains("FAILS", result.Describe(), StringComparison.Ordinal);
        Assert.Contains("known violation", result.Describe(), StringComparison.Ordinal);
    }

    [Fact]
    public void BytesPolicyGate_AllocationAtItsBound_FailsNamingCaseValueBoundAndFile()
    {
        var bound = new BytesBound("Poller", 5000, 0, "the product owner's bound");
        var result = Only(GateEvaluator.Evaluate(Group(5e6, 5e6, pollerBytes: 5000), Baseline(pollerBytes: 5000, bytesBounds: [bound]), BaselinePath),
            "policy: Poller allocates");

        Assert.Equal(GateVerdict.Fail, result.Verdict);
        Assert.Contains(Identity(Subject, "Poller").Id, result.Describe(), StringComparison.Ordinal);
        Assert.Contains("bound < 5000 B", result.Describe(), StringComparison.Ordinal);
        Assert.Contains(BaselinePath, result.Describe(), StringComparison.Ordinal);
    }

    [Fact]
    public void BytesPolicyGate_BelowItsBound_Holds_AndSizesAboveItsRangeAreNotJudged()
    {
        var results = GateEvaluator.Evaluate(Group(5e6, 5e6, pollerBytes: 4999), Baseline(pollerBytes: 4999,
            bytesBounds: [new BytesBound("Poller", 5000, 0, "all sizes"), new BytesBound("Poller", 10, 32, "only up to 32 B messages")]), BaselinePath);

        Assert.Equal(GateVerdict.Pass, Only(results, "policy: Poller allocates < 5000 B").Verdict);
        Assert.DoesNotContain(results, r => r.Gate.Contains("up to", StringComparison.Ordinal));
    }

    [Fact]
    public void TimeRegressionGate_RatioBeyondBaselinePlusTolerance_Fails()
    {
        // Baseline 1.00 with 10 % tolerance; measured 1.15.
        var result = Only(GateEvaluator.Evaluate(Group(5e6, 5.75e6), Baseline(pollerRatio: 1.0), BaselinePath), GateEvaluator.TimeRegressionGate);

        Assert.Equal(GateVerdict.Fail, result.Verdict);
        Assert.Contains("measured 1.150", result.Describe(), StringComparison.Ordinal);
        Assert.Contains("≤ 1.100", result.Describe(), StringComparison.Ordinal);
    }

    [Fact]
    public void TimeRegressionGate_RatioWithinTolerance_Holds()
    {
        var result = Only(GateEvaluator.Evaluate(Group(5e6, 5.4e6), Baseline(pollerRatio: 1.0), BaselinePath), GateEvaluator.TimeRegressionGate);

        Assert.Equal(GateVerdict.Pass, result.Verdict);
    }

    [Fact]
    public void AllocationGate_BytesBeyondBaselineAndSlack_Fails()
    {
        // Baseline 1000 B, +5 % + 1024 B = 2074 B allowed; 32 B more per message on 10,000 messages is 320,000 B more.
        var result = Only(GateEvaluator.Evaluate(Group(5e6, 5e6, pollerBytes: 321_000), Baseline(pollerBytes: 1000), BaselinePath),
            GateEvaluator.AllocationRegressionGate);

        Assert.Equal(GateVerdict.Fail, result.Verdict);
        Assert.Contains("measured 313.5 KiB", result.Describe(), StringComparison.Ordinal);
    }

    [Fact]
    public void AllocationGate_BytesWithinSlack_Holds()
    {
        var result = Only(GateEvaluator.Evaluate(Group(5e6, 5e6, pollerBytes: 2000), Baseline(pollerBytes: 1000), BaselinePath),
            GateEvaluator.AllocationRegressionGate);

        Assert.Equal(GateVerdict.Pass, result.Verdict);
    }

    [Fact]
    public void RegressionGates_CaseWithoutBaselineEntry_Fail()
    {
        var baseline = Baseline() with { Cases = new Dictionary<string, BaselineCase>() };

        var results = GateEvaluator.Evaluate(Group(5e6, 5e6), baseline, BaselinePath);

        Assert.All(results.Where(r => !r.Gate.StartsWith("policy", StringComparison.Ordinal)), r =>
        {
            Assert.Equal(GateVerdict.Fail, r.Verdict);
            Assert.Contains("no entry for this case", r.Describe(), StringComparison.Ordinal);
        });
    }
}
