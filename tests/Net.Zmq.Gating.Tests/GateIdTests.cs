using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using static NetZmqTests.Gating.Tests.SampleMeasurements;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// A gate is known by its identity, never by how it is shown: known violations keep matching whatever the display.
/// </summary>
public sealed class GateIdTests
{
    public static TheoryData<string> Keys => new()
    {
        "policy/ratio/Poller/PureBlocking",
        "policy/bytes/ArrayPool/below/5000",
        "policy/bytes/ArrayPool/below/2048/upTo/1024",
        "regression/time/PureBlocking",
        "regression/cpu-time/LibZmq",
        "regression/bytes",
        "regression/process-bytes",
        "regression/aggregate",
        "baseline/entry",
        "paired/time/head/base",
        "paired/cpu-time/new/old",
        "paired/bytes/head/base",
        "paired/aggregate/head/base",
        "paired/calls/binding/floor",
        "paired/instructions/new/old",
        "regression/calls",
        "regression/instructions",
    };

    /// <summary>Every kind has a key that parses back and a name: none is missing from the spellings.</summary>
    [Fact]
    public void EveryKind_IsSpelled()
    {
        foreach (var kind in Enum.GetValues<GateKind>())
        {
            var id = new GateId(kind, "s", "r", BelowBytes: kind == GateKind.BytesPolicy ? 5000 : 0);

            Assert.Equal(id.Key, GateId.Parse(id.Key)?.Key);
            Assert.NotEmpty(id.Name);
        }
    }

    [Theory]
    [MemberData(nameof(Keys))]
    public void Key_ParsesBackToTheSameIdentity(string key)
    {
        var id = GateId.Parse(key);

        Assert.NotNull(id);
        Assert.Equal(key, id.Value.Key);
    }

    [Theory]
    [InlineData("policy: Poller ≤ 1.10 × PureBlocking")]
    [InlineData("policy/ratio/Poller")]
    [InlineData("policy/ratio/Poller/PureBlocking/")]
    [InlineData("policy/bytes/ArrayPool/below/05000")]
    [InlineData("policy/bytes/ArrayPool/below/-1")]
    [InlineData("regression/time")]
    [InlineData("paired/time/head")]
    [InlineData("paired/speed/head/base")]
    [InlineData("head/time")]
    public void AShownNameOrAMisspelling_IsNoGateId(string key) => Assert.Null(GateId.Parse(key));

    /// <summary>
    /// The same reviewed violation is accepted whether its bound reads "≤ 1.10" or "≤ 1.05": the entry names the gate
    /// (Poller over PureBlocking), and how the gate's bound is written is the display's business.
    /// </summary>
    [Theory]
    [InlineData(1.10)]
    [InlineData(1.05)]
    [InlineData(1.1000001)]
    public void KnownViolation_MatchesTheGate_HoweverItsBoundIsShown(double max)
    {
        var known = new KnownViolation(Identity(Subject, "Poller").Id, GateId.Parse("policy/ratio/Poller/PureBlocking")!.Value, "measured 1.2 in 5 of 5 runs");
        var baseline = Baseline(1.2, knownViolations: [known]);
        baseline = baseline with { Policy = baseline.Policy with { RatioBounds = [new RatioBound("Poller", "PureBlocking", max, "a bound")] } };

        var policy = Assert.Single(GateEvaluator.Evaluate(Group(5e6, 6e6), BaselineBasis.OwnClassOf(baseline), BaselinePath), g => g.Id.IsPolicy);

        Assert.Equal(GateVerdict.KnownViolation, policy.Verdict);
        Assert.Contains(max.ToString("0.00", System.Globalization.CultureInfo.InvariantCulture), policy.Gate, StringComparison.Ordinal);
    }

    [Fact]
    public void EveryGateAResultCanHave_HasAnIdentityThatRoundTrips()
    {
        var results = GateEvaluator.Evaluate(Group(5e6, 6e6, pollerBytes: 9000), BaselineBasis.OwnClassOf(Baseline(1.0, bytesBounds: [new BytesBound("Poller", 5000, 1024, "b")])), BaselinePath);

        Assert.All(results, r => Assert.Equal(r.Id, GateId.Parse(r.Id.Key)));
        Assert.Contains(results, r => r.Id.Key == "policy/bytes/Poller/below/5000/upTo/1024");
    }

    /// <summary>
    /// Every gate's shown name comes from its identity: one per kind and reference, a ratio bound's with its maximum
    /// (shown, not identity).
    /// </summary>
    [Fact]
    public void EveryKind_HasItsOwnName_AndARatioBoundsMaximumIsInItsNameNotItsIdentity()
    {
        var names = Enum.GetValues<GateKind>().Select(k => new GateId(k, "PureBlocking", "PureBlocking", BelowBytes: 5000).Name).ToList();
        var bound = GateId.For(new RatioBound("Poller", "PureBlocking", 1.10, "the product owner's bound"));
        var moved = GateId.For(new RatioBound("Poller", "PureBlocking", 1.25, "moved"));

        Assert.Equal(names.Count, names.Distinct().Count());
        Assert.Equal("policy: Poller ≤ 1.10 × PureBlocking", bound.Name);
        Assert.Equal("policy: Poller allocates < 5000 B per operation", GateId.For(new BytesBound("Poller", 5000, 0, "bound")).Name);
        Assert.Equal("regression: time ratio to PureBlocking", new GateId(GateKind.TimeRegression, "PureBlocking").Name);
        Assert.Equal(bound, moved);
        Assert.Equal(bound.GetHashCode(), moved.GetHashCode());
        Assert.NotEqual(bound.Name, moved.Name);
    }
}
