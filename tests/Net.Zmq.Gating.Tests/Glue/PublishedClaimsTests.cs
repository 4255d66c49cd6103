using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Claims;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Scenarios.Catalog;
using static NetZmqTests.Gating.Tests.Glue.CatalogMeasurements;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>
/// Net.Zmq's published claims judged on synthetic Net.Zmq measurements: each verdict, and a claim nothing measured.
/// </summary>
public sealed class PublishedClaimsTests
{
    private static ClaimCheck Claim(string id, IReadOnlyList<AnalyzedCase> cases) =>
        Assert.Single(PublishedClaims.Evaluate(
        [
            new GatedSuite("NetZmq", "any", "Net.Zmq, synthetic", SampleMeasurements.SampleFingerprint.Subject, cases, "baselines/NetZmq.any.json", null, []),
        ]), c => c.Id == id);

    private static IReadOnlyList<AnalyzedCase> Modes(ReceiveMode mode, double ratio, int size = 64) =>
        Analyzed((Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.PureBlocking, size), 5e6, 0), (Case(DriverId.NetZmq, Suite.ReceiveModes, mode, size), 5e6 * ratio, 0));

    [Theory]
    [InlineData(1.00, ClaimVerdict.Holds)]
    [InlineData(1.20, ClaimVerdict.DoesNotHold)]
    public void C1_PollerWithinItsRange(double ratio, ClaimVerdict verdict)
    {
        var check = Claim("C1", Modes(ReceiveMode.Poller, ratio));

        Assert.Equal(verdict, check.Verdict);
        Assert.StartsWith("64B ", check.Evidence, StringComparison.Ordinal);
        Assert.NotNull(check.Gate);
    }

    /// <summary>
    /// A claim that is also a gate names a gate Net.Zmq's baselines have, by its identity and under its own name.
    /// </summary>
    [Fact]
    public void EveryClaimThatIsAGate_NamesAGateOfNetZmqsBaselines()
    {
        var store = new BaselineStore(SourceLayout.Of(typeof(PublishedClaimsTests).Assembly));
        var policies = new[] { Suite.ReceiveModes, Suite.Patterns, Suite.BufferStrategies }
            .Select(suite => store.Load(new SuiteId(nameof(DriverId.NetZmq), suite.ToString()), refreshing: false).File!.Policy).ToList();
        var names = policies.SelectMany(p => p.RatioBounds.Select(GateId.For).Concat(p.BytesBounds.Select(GateId.For)))
            .Distinct().ToDictionary(g => g, g => g.Name);

        var gated = PublishedClaims.Evaluate([]).Where(c => c.Gate is not null).ToList();

        Assert.Equal(["C1", "C4", "C5"], gated.Select(c => c.Id));
        Assert.All(gated, c => Assert.Equal(names.GetValueOrDefault(c.Gate!.Id), c.Gate.Name));
    }

    [Fact]
    public void C3_NonBlockingSlower_MustAlsoRiseWithSize()
    {
        var rising = Modes(ReceiveMode.NonBlocking, 1.3).Concat(Modes(ReceiveMode.NonBlocking, 2.0, size: 65536)).ToList();
        var falling = Modes(ReceiveMode.NonBlocking, 2.0).Concat(Modes(ReceiveMode.NonBlocking, 1.3, size: 65536)).ToList();

        Assert.Equal(ClaimVerdict.Holds, Claim("C3", rising).Verdict);
        Assert.Equal(ClaimVerdict.Unclear, Claim("C3", falling).Verdict);
        Assert.EndsWith("not larger at the largest size than at the smallest", Claim("C3", falling).Evidence, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(1500, ClaimVerdict.Holds)]
    [InlineData(2300, ClaimVerdict.Unclear)]
    [InlineData(4000, ClaimVerdict.DoesNotHold)]
    public void C4_ArrayPoolAllocation(double bytes, ClaimVerdict verdict)
    {
        var cases = Analyzed(
            (Case(DriverId.NetZmq, Suite.BufferStrategies, ReceiveMode.PureBlocking, 512, BufferStrategy.ByteArray), 5e6, 5_120_000),
            (Case(DriverId.NetZmq, Suite.BufferStrategies, ReceiveMode.PureBlocking, 512, BufferStrategy.ArrayPool), 5e6, bytes));

        Assert.Equal(verdict, Claim("C4", cases).Verdict);
    }

    [Theory]
    [InlineData(140, ClaimVerdict.Holds)]
    [InlineData(0, ClaimVerdict.DoesNotHold)]
    public void C9_PollerAllocatesAFewBytesMore(double more, ClaimVerdict verdict)
    {
        var cases = Analyzed(
            (Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.PureBlocking, 64), 5e6, 100),
            (Case(DriverId.NetZmq, Suite.ReceiveModes, ReceiveMode.Poller, 64), 5e6, 100 + more));

        Assert.Equal(verdict, Claim("C9", cases).Verdict);
    }

    [Fact]
    public void EveryClaim_WithNothingMeasured_SaysSo_AndOnlyOtherDriversMeasurementsDoNotCount()
    {
        var floorOnly = Analyzed((Case(DriverId.LibZmq, Suite.ReceiveModes, ReceiveMode.PureBlocking, 64), 5e6, 0),
            (Case(DriverId.LibZmq, Suite.ReceiveModes, ReceiveMode.Poller, 64), 5e6, 0));

        var claims = PublishedClaims.Evaluate(
            [new GatedSuite("LibZmq", "ReceiveModes", "floor", SampleMeasurements.SampleFingerprint.Subject, floorOnly, "baselines/LibZmq.ReceiveModes.json", null, [])]);

        Assert.Equal(10, claims.Count);
        Assert.All(claims, c => Assert.Equal(ClaimVerdict.NotMeasured, c.Verdict));
    }
}
