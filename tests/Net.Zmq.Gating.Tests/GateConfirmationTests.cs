using NetZmqTests.Gating.Gates;
using static NetZmqTests.Gating.Tests.SampleMeasurements;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// A failed time gate stands only when a fresh measurement fails it again; allocation gates are final.
/// </summary>
public sealed class GateConfirmationTests
{
    private static IReadOnlyList<GateResult> Gates(double poller, double pollerBytes = 0) =>
        GateEvaluator.Evaluate(Group(5e6, poller, pollerBytes), BaselineBasis.OwnClassOf(Baseline(pollerRatio: 1.0, pollerBytes: 0)), BaselinePath);

    [Fact]
    public void FailedTimeGate_NotReproduced_Passes_SayingWhatWasFirstMeasured()
    {
        var first = Gates(poller: 6e6);
        Assert.Contains(Identity(Subject, "Poller").Id, GateConfirmation.CasesToRemeasure(first));

        var confirmed = GateConfirmation.Apply(first, Gates(poller: 5e6));

        Assert.DoesNotContain(confirmed, g => g.FailsRun);
        var policy = Assert.Single(confirmed, g => g.Gate.StartsWith("policy", StringComparison.Ordinal));
        Assert.Contains("first measured 1.200", policy.Note, StringComparison.Ordinal);
        Assert.Contains("not reproduced", policy.Note, StringComparison.Ordinal);
    }

    [Fact]
    public void FailedTimeGate_Reproduced_StillFails_WithBothMeasurements()
    {
        var confirmed = GateConfirmation.Apply(Gates(poller: 6e6), Gates(poller: 6.5e6));

        var policy = Assert.Single(confirmed, g => g.Gate.StartsWith("policy", StringComparison.Ordinal));
        Assert.True(policy.FailsRun);
        Assert.Contains("reproduced when measured again: first measured 1.200 [", policy.Note, StringComparison.Ordinal);
        Assert.Contains("then 1.300 [", policy.Note, StringComparison.Ordinal);
        Assert.Contains(confirmed, g => g.Id.Kind == GateKind.TimeRegression && g.FailsRun);
    }

    [Fact]
    public void AllocationGate_IsNeitherRemeasuredNorOverturned()
    {
        var first = Gates(poller: 5e6, pollerBytes: 100_000);
        Assert.Empty(GateConfirmation.CasesToRemeasure(first));

        var confirmed = GateConfirmation.Apply(first, Gates(poller: 5e6));

        Assert.Contains(confirmed, g => g.Id.Kind == GateKind.AllocationRegression && g.FailsRun);
    }

    [Fact]
    public void FailedTimeGate_NotMeasuredAgain_StillFails()
    {
        var confirmed = GateConfirmation.Apply(Gates(poller: 6e6), []);

        Assert.Contains(confirmed, g => g.JudgesTime && g.FailsRun && g.Note!.Contains("not re-measured", StringComparison.Ordinal));
    }
}
