using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// The instruction gate on synthetic counts: what passes, what trips it, what is only shown, and the baseline file it
/// reads.
/// </summary>
public sealed class InstructionRuleTests
{
    private static readonly InstructionBounds Bounds = new(Receiver: 0.005, Sender: null, Library: null, Total: 0.02);
    private static readonly GateId Id = new(GateKind.PairedInstructions, "head", "base");
    private static readonly CountedOn On = new("Lib 1.0", ".NET 10.0.12 X64", "libsample 1.0", "GenuineIntel x86-64-v3 erms fsrm");

    /// <summary>
    /// A case of 400 messages a repetition: receiver 1,800 per message, sender 2,000, library 1,500, allocator 200;
    /// each repetition as given.
    /// </summary>
    private static CountedInstructions Counted(string id, double receiverGrowth = 0, double senderSpread = 0, double work = 0, double receiverSpread = 0) =>
        new(id, 400,
        [
            .. Enumerable.Range(0, 3).Select(r => new InstructionRepetition(
                (long)(400 * 1800 * (1 + receiverGrowth) * (1 + (r * receiverSpread))), (long)(400 * 2000 * (1 + (r * senderSpread))), 400 * 1500, 0, 400 * 200)),
        ],
        [
            new FunctionInstructions("Ns.Receiver::Loop()", "???", 600 + work, null),
            new FunctionInstructions("zmq_msg_recv", "libzmq.so", 300, 900),
        ]);

    private static GateResult Judge(CountedInstructions head, CountedInstructions @base) =>
        InstructionRule.Evaluate(Id, head, InstructionRule.Of(@base), Bounds, "the base", "HeadAgainstBase");

    [Fact]
    public void TheSameCounts_Pass()
    {
        var gate = Judge(Counted("c"), Counted("c"));

        Assert.Equal(GateVerdict.Pass, gate.Verdict);
        Assert.Empty(gate.FunctionChanges);
    }

    [Fact]
    public void OnePercentMoreOnTheReceiver_Fails_NamingThePartAndTheFunctionThatGrew()
    {
        var gate = Judge(Counted("c", receiverGrowth: 0.01, work: 18), Counted("c"));

        Assert.Equal(GateVerdict.Fail, gate.Verdict);
        Assert.Contains("receiver 1,800 → 1,818 (+1.00%) (bound +0.5%)", gate.Measured, StringComparison.Ordinal);
        Assert.StartsWith("Ns.Receiver::Loop() (???): self +18 per message (100% of the change)", gate.FunctionChanges[0], StringComparison.Ordinal);
    }

    /// <summary>
    /// Against a baseline file, which keeps the receiver's functions only, a growth elsewhere (here the sender's, in
    /// the total) names no function as if it had changed: it says so, and lists this run's largest.
    /// </summary>
    [Fact]
    public void AGrowthBesideTheReceiver_AgainstAFileOfTheReceiversFunctions_ComparesNoFunction()
    {
        var sender = new CountedInstructions("c", 400,
            [.. Enumerable.Range(0, 3).Select(_ => new InstructionRepetition(400 * 1800, 400 * 2200, 400 * 1500, 0, 400 * 200))],
            Counted("c").Functions);
        var file = InstructionRule.Of(Counted("c")) with { Functions = [], ReceiverFunctions = Counted("c").Functions };

        var gate = InstructionRule.Evaluate(Id, sender, file, Bounds, "the baseline", "baselines/instructions/Lib.Suite.json");

        Assert.Equal(GateVerdict.Fail, gate.Verdict);
        var why = Assert.Single(gate.FunctionChanges);
        Assert.StartsWith("no function is compared: the reference keeps the receiver's functions only", why, StringComparison.Ordinal);
        Assert.EndsWith("Ns.Receiver::Loop() 600; zmq_msg_recv 300", why, StringComparison.Ordinal);
    }

    [Fact]
    public void GrowthWithinTheBound_Passes()
    {
        Assert.Equal(GateVerdict.Pass, Judge(Counted("c", receiverGrowth: 0.004), Counted("c")).Verdict);
    }

    /// <summary>
    /// Over the relative bound but by fewer instructions per message than the floor: two copies of one build once
    /// differed so.
    /// </summary>
    [Fact]
    public void GrowthUnderTheFloor_Passes()
    {
        Assert.Equal(GateVerdict.Pass, Judge(Counted("c", receiverGrowth: 0.0054), Counted("c")).Verdict);
        Assert.Equal(GateVerdict.Fail, Judge(Counted("c", receiverGrowth: 0.0062), Counted("c")).Verdict);
    }

    [Fact]
    public void APartThatVariedBetweenRepetitions_IsShownNotJudged()
    {
        var varying = Counted("c", senderSpread: 0.01);

        Assert.False(varying.IsSteady(ThreadPart.Sender));
        Assert.False(varying.IsSteady(ThreadPart.Total));
        Assert.True(varying.IsSteady(ThreadPart.Receiver));
        var gate = Judge(varying, Counted("c"));
        Assert.Equal(GateVerdict.Pass, gate.Verdict);
        Assert.Contains("sender ~2,000 → 2,020", gate.Note, StringComparison.Ordinal);
    }

    [Fact]
    public void AReceiverThatVaried_FailsOnlyWhenEveryRepetitionIsAboveEveryOneOfTheReferenceByFourTimesTheBound()
    {
        var varyingBase = Counted("c", receiverSpread: 0.002);

        var grown = Judge(Counted("c", receiverGrowth: 0.03, receiverSpread: 0.002), varyingBase);
        var leaning = Judge(Counted("c", receiverGrowth: 0.01, receiverSpread: 0.002), varyingBase);

        Assert.Equal(GateVerdict.Fail, grown.Verdict);
        Assert.Contains("every repetition above every one of the reference's by more than 2%", grown.Measured, StringComparison.Ordinal);
        Assert.NotEqual(GateVerdict.Fail, leaning.Verdict);
        Assert.Contains("receiver ~", leaning.Note, StringComparison.Ordinal);
    }

    [Fact]
    public void ThreePercentMoreInTotal_FailsTheTotalBound()
    {
        var head = Counted("c") with { Repetitions = [.. Counted("c").Repetitions.Select(r => r with { Library = r.Library + (400 * 170) })] };

        var gate = Judge(head, Counted("c"));

        Assert.Equal(GateVerdict.Fail, gate.Verdict);
        Assert.Contains("total", gate.Measured, StringComparison.Ordinal);
        Assert.DoesNotContain("receiver", gate.Measured, StringComparison.Ordinal);
    }

    [Fact]
    public void ABaselineFile_RoundTrips_AndIsJudgedAgainst_KeepingItsBounds()
    {
        var path = Path.Combine(Path.GetTempPath(), $"instructions-{Guid.NewGuid():N}.json");
        try
        {
            var previous = InstructionBaseline.Record("Lib", "Suite", On, [Counted("Lib/Suite/a")], previous: null) with { Bounds = Bounds with { Total = 0.03 } };
            InstructionBaseline.Record("Lib", "Suite", On, [Counted("Lib/Suite/b")], previous).Write(path);

            var read = InstructionBaseline.Read(path);

            Assert.Equal(["Lib/Suite/a", "Lib/Suite/b"], read.Cases.Keys);
            Assert.Equal(0.03, read.Bounds.Total);
            var reference = read.For("Lib/Suite/b")!;
            Assert.Equal(1800, reference.PerMessage[ThreadPart.Receiver]);
            Assert.Equal(GateVerdict.Fail, InstructionRule.Evaluate(new GateId(GateKind.InstructionsRegression), Counted("Lib/Suite/b", receiverGrowth: 0.01),
                reference, read.Bounds, "the baseline", path).Verdict);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void ABaselineOfAnotherRuntime_CpuKind_OrOfAnotherLibraryWhereTheSubjectDoesNotShipIt_IsNotJudged()
    {
        Assert.Null(On.WhyNotJudgedOn(On, sameLibrary: true));
        Assert.Contains("the JIT", On.WhyNotJudgedOn(On with { Runtime = ".NET 10.0.13 X64" }, sameLibrary: false), StringComparison.Ordinal);
        Assert.Contains("seen as AuthenticAMD x86-64-v3 erms fsrm", On.WhyNotJudgedOn(On with { Cpu = "AuthenticAMD x86-64-v3 erms fsrm" }, sameLibrary: false),
            StringComparison.Ordinal);
        Assert.Contains("another build of the library", On.WhyNotJudgedOn(On with { NativeLibrary = "libsample 1.1" }, sameLibrary: true), StringComparison.Ordinal);
        Assert.Null(On.WhyNotJudgedOn(On with { NativeLibrary = "libsample 1.1" }, sameLibrary: false));
    }

    [Theory]
    [InlineData("""{"schemaVersion":1,"subject":"L","suite":"S","recorded":"r","countedOn":{"subject":"L 1","runtime":"r","nativeLibrary":"n","cpu":"c"},"bounds":{"receiver":5,"sender":null,"library":null,"total":0.02},"cases":{}}""", "$.bounds.receiver")]
    [InlineData("""{"schemaVersion":1,"subject":"L","suite":"S","recorded":"r","countedOn":{"subject":"L 1","runtime":"r","nativeLibrary":"n","cpu":"c"},"bounds":{"receiver":0.005,"sender":null,"library":null,"total":0.02},"cases":{"L/S/c":{"messages":400,"perMessage":{"Bogus":1},"steady":[],"functions":[]}}}""", "$.cases[\"L/S/c\"].perMessage[\"Bogus\"]")]
    [InlineData("""{"schemaVersion":1,"subject":"L","suite":"S","recorded":"r","countedOn":{"subject":"L 1","runtime":"r","nativeLibrary":"n","cpu":"c"},"bounds":{"receiver":0.005,"sender":null,"library":null,"total":0.02},"cases":{"L/S/c":{"messages":0,"perMessage":{},"steady":[],"functions":[]}}}""", "$.cases[\"L/S/c\"].messages")]
    public void ACorruptBaseline_IsAnErrorNamingTheFileAndTheField_AndStaysAsItWas(string content, string field)
    {
        var path = Path.Combine(Path.GetTempPath(), $"instructions-{Guid.NewGuid():N}.json");
        File.WriteAllText(path, content);
        try
        {
            var error = Assert.Throws<BaselineFormatException>(() => InstructionBaseline.Read(path));

            Assert.Contains(path, error.Message, StringComparison.Ordinal);
            Assert.Contains(field, error.Message, StringComparison.Ordinal);
            Assert.Equal(content, File.ReadAllText(path));
        }
        finally
        {
            File.Delete(path);
        }
    }
}
