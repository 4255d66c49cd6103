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
    private static readonly InstructionBounds Bounds = InstructionBaseline.NewFileBounds;
    private static readonly GateId Id = new(GateKind.PairedInstructions, "head", "base");
    private static readonly CountedOn On = new("Lib 1.0", ".NET 10.0.12 X64", "libsample 1.0", "GenuineIntel x86-64-v3 erms fsrm");

    private static SyntheticInstructions.Work Steady(string name, double perMessage) => SyntheticInstructions.Work.Steady(name, perMessage);

    private static CountedInstructions Counted(string id = "c", SyntheticInstructions.Work[]? receiver = null, SyntheticInstructions.Work[]? sender = null,
        SyntheticInstructions.Work[]? library = null, IReadOnlyDictionary<ThreadPart, IReadOnlyDictionary<string, double[]>>? systemCalls = null) =>
        SyntheticInstructions.Case(id, receiver: receiver, sender: sender, library: library, systemCalls: systemCalls);

    private static GateResult Judge(CountedInstructions head, CountedInstructions @base) =>
        InstructionRule.Evaluate(Id, head, @base, Bounds, "the base", "HeadAgainstBase");

    [Fact]
    public void TheSameCounts_Pass_JudgingEveryPartThatWorked()
    {
        var gate = Judge(Counted(), Counted());

        Assert.Equal(GateVerdict.Pass, gate.Verdict);
        Assert.Empty(gate.FunctionChanges);
        Assert.All(gate.Parts, p => Assert.Equal(PartJudgement.Steady, p.Judgement));
    }

    /// <summary>
    /// One per cent more in one function of the receiver's, the sender's or the library's threads fails.
    /// </summary>
    [Theory]
    [InlineData(ThreadPart.Receiver, "receiver 1,800 → 1,818, judged +18 per message, +1.00% (steady; bound +0.5%)", "Ns.Receiver::Loop()")]
    [InlineData(ThreadPart.Sender, "sender 2,000 → 2,020, judged +20 per message, +1.00% (steady; bound +0.5%)", "Ns.Sender::Loop()")]
    [InlineData(ThreadPart.Library, "library threads 1,500 → 1,515, judged +15 per message, +1.00% (steady; bound +0.5%)", "zmq::stream_engine_base_t::in_event()")]
    public void OnePercentMoreInAPart_Fails_NamingThePartAndTheFunctionThatGrew(ThreadPart part, string measured, string function)
    {
        var head = part switch
        {
            ThreadPart.Receiver => Counted(receiver: [Steady("Ns.Receiver::Loop()", 618), Steady("zmq_msg_recv", 1200)]),
            ThreadPart.Sender => Counted(sender: [Steady("Ns.Sender::Loop()", 820), Steady("zmq_msg_send", 1200)]),
            _ => Counted(library: [Steady("zmq::stream_engine_base_t::in_event()", 1515)]),
        };

        var gate = Judge(head, Counted());

        Assert.Equal(GateVerdict.Fail, gate.Verdict);
        Assert.Contains(measured, gate.Measured, StringComparison.Ordinal);
        Assert.StartsWith($"{InstructionRule.Name(part)}: {function}: +", gate.FunctionChanges[0], StringComparison.Ordinal);
        Assert.Contains("(100% of the change)", gate.FunctionChanges[0], StringComparison.Ordinal);
    }

    [Fact]
    public void GrowthWithinTheBound_OrUnderTheFloor_Passes()
    {
        Assert.Equal(GateVerdict.Pass, Judge(Counted(receiver: [Steady("Ns.Receiver::Loop()", 608), Steady("zmq_msg_recv", 1200)]), Counted()).Verdict);
        var small = Counted(receiver: [Steady("Ns.Receiver::Loop()", 150)]);
        Assert.Equal(GateVerdict.Pass, Judge(Counted(receiver: [Steady("Ns.Receiver::Loop()", 151.9)]), small).Verdict);
        Assert.Equal(GateVerdict.Fail, Judge(Counted(receiver: [Steady("Ns.Receiver::Loop()", 152.1)]), small).Verdict);
    }

    /// <summary>
    /// A function whose count follows the timing (how often a thread was woken) is judged per call where each call cost
    /// the same on both sides: ten more instructions a call fails however the calls fell; one whose calls cost
    /// differently each time is shown, not judged.
    /// </summary>
    [Fact]
    public void AFunctionThatFollowedTheTiming_IsJudgedPerCall_OrShown()
    {
        SyntheticInstructions.Work Woken(double perCall, double[] calls) => new("zmq::mailbox_t::recv(zmq::command_t*, int)", [.. calls.Select(c => c * perCall)], calls);
        var before = Counted(library: [Steady("zmq::stream_engine_base_t::in_event()", 1500), Woken(40, [0.5, 0.6, 0.55])]);

        var same = Judge(Counted(library: [Steady("zmq::stream_engine_base_t::in_event()", 1500), Woken(40, [0.7, 0.4, 0.5])]), before);
        var dearer = Judge(Counted(library: [Steady("zmq::stream_engine_base_t::in_event()", 1500), Woken(60, [0.7, 0.4, 0.5])]), before);
        var drifting = Judge(Counted(library: [Steady("zmq::stream_engine_base_t::in_event()", 1500),
            new SyntheticInstructions.Work("zmq::stream_engine_base_t::out_event()", [30, 45, 60], [0.5, 0.5, 0.5])]),
            Counted(library: [Steady("zmq::stream_engine_base_t::in_event()", 1500), new SyntheticInstructions.Work("zmq::stream_engine_base_t::out_event()", [20, 25, 30], [0.5, 0.5, 0.5])]));

        Assert.Equal(GateVerdict.Pass, same.Verdict);
        Assert.Equal(GateVerdict.Fail, dearer.Verdict);
        Assert.Contains("(judged per call)", dearer.FunctionChanges[0], StringComparison.Ordinal);
        Assert.Equal(GateVerdict.Pass, drifting.Verdict);
        Assert.Contains(drifting.Parts, p => p.Part == "Library" && p.Judgement == PartJudgement.ByFunction);
    }

    /// <summary>
    /// A function that ran in every repetition of one side and none of the other counts its lowest repetition, however
    /// it varied: a new loop is caught.
    /// </summary>
    [Fact]
    public void ANewFunction_ThatVaried_CountsItsLowestRepetition()
    {
        var gate = Judge(Counted(sender: [Steady("Ns.Sender::Loop()", 800), Steady("zmq_msg_send", 1200),
            new SyntheticInstructions.Work("Ns.Sender::Extra()", [25, 30, 28], [1, 1.2, 1.1])]), Counted());

        Assert.Equal(GateVerdict.Fail, gate.Verdict);
        Assert.StartsWith("sender: Ns.Sender::Extra(): +25 per message", gate.FunctionChanges[0], StringComparison.Ordinal);
    }

    /// <summary>
    /// One more system call per message, the same in every repetition, fails naming it and its caller; a call whose
    /// count followed the timing is shown.
    /// </summary>
    [Fact]
    public void OneMoreSystemCallPerMessage_Fails_NamingItAndItsCaller()
    {
        static Dictionary<ThreadPart, IReadOnlyDictionary<string, double[]>> Calls(double perMessage, double[] woken) => new()
        {
            [ThreadPart.Receiver] = new Dictionary<string, double[]> { ["getppid ← Ns.Receiver::Loop()"] = [perMessage, perMessage, perMessage] },
            [ThreadPart.Library] = new Dictionary<string, double[]> { ["epoll_wait ← zmq::epoll_t::loop()"] = woken },
        };

        var more = Judge(Counted(systemCalls: Calls(1, [0.1, 0.2, 0.1])), Counted(systemCalls: Calls(0, [0.1, 0.1, 0.2])));
        var woken = Judge(Counted(systemCalls: Calls(0, [0.9, 0.8, 0.7])), Counted(systemCalls: Calls(0, [0.1, 0.1, 0.2])));

        Assert.Equal(GateVerdict.Fail, more.Verdict);
        Assert.Contains("receiver: system call getppid ← Ns.Receiver::Loop(): +1 per message, 0 → 1", more.FunctionChanges, StringComparer.Ordinal);
        Assert.Equal(GateVerdict.Pass, woken.Verdict);
    }

    /// <summary>
    /// A system call is judged over all its callers: the same calls booked to another caller (two functions reaching it
    /// through one stub, as the CI's run of an unchanged Net.Zmq booked libzmq's <c>epoll_ctl</c> to <c>set_pollout</c>
    /// and the baseline to <c>reset_pollout</c>) pass; one more call from any caller fails, named by that caller.
    /// </summary>
    [Fact]
    public void ASystemCallBookedToAnotherCaller_Passes_ButOneMoreFails()
    {
        static Dictionary<ThreadPart, IReadOnlyDictionary<string, double[]>> Calls(double set, double reset) => new()
        {
            [ThreadPart.Library] = new Dictionary<string, double[]>
            {
                ["epoll_ctl ← zmq::epoll_t::set_pollout(void*)"] = [set, set, set],
                ["epoll_ctl ← zmq::epoll_t::reset_pollout(void*)"] = [reset, reset, reset],
            },
        };

        var moved = Judge(Counted(systemCalls: Calls(2.08, 0)), Counted(systemCalls: Calls(0, 2.08)));
        var more = Judge(Counted(systemCalls: Calls(1.04, 2.08)), Counted(systemCalls: Calls(0, 2.08)));

        Assert.Equal(GateVerdict.Pass, moved.Verdict);
        Assert.Equal(GateVerdict.Fail, more.Verdict);
        Assert.Contains("library threads: system call epoll_ctl ← zmq::epoll_t::set_pollout(void*): +1.04 per message, 2.08 → 3.12",
            more.FunctionChanges, StringComparer.Ordinal);
    }

    /// <summary>
    /// A copy of the C library's may cost up to 64 instructions a call more or less with its arguments' alignment: a
    /// comparison 8 dearer a call passes; a copy of 200 instructions more a call fails.
    /// </summary>
    [Fact]
    public void ACopysAlignment_IsAllowedFor_ButAGreaterCopyFails()
    {
        SyntheticInstructions.Work[] Sender(string copy, double perMessage) =>
            [Steady("Ns.Sender::Loop()", 800), Steady("zmq_msg_send", 1200), Steady(copy, perMessage)];

        var aligned = Judge(Counted(sender: Sender("__memcmp_avx2_movbe", 44)), Counted(sender: Sender("__memcmp_avx2_movbe", 36)));
        var greater = Judge(Counted(sender: Sender("__memcpy_avx_unaligned_erms", 300)), Counted(sender: Sender("__memcpy_avx_unaligned_erms", 100)));

        Assert.Equal(GateVerdict.Pass, aligned.Verdict);
        Assert.Equal(GateVerdict.Fail, greater.Verdict);
        Assert.StartsWith("sender: __memcpy_avx_unaligned_erms: +136 per message", greater.FunctionChanges[0], StringComparison.Ordinal);
    }

    [Fact]
    public void ALibraryThatDidNothing_IsIdle_AndAPartThatNeverRepeated_IsShown()
    {
        var idle = Judge(Counted(library: []), Counted(library: []));
        var unsteady = Judge(Counted(library: [new("zmq::stream_engine_base_t::out_event()", [30, 45, 60])]),
            Counted(library: [new("zmq::stream_engine_base_t::out_event()", [20, 25, 30])]));

        Assert.Contains(idle.Parts, p => p.Part == "Library" && p.Judgement == PartJudgement.Idle);
        Assert.Contains(unsteady.Parts, p => p.Part == "Library" && p.Judgement == PartJudgement.Unsteady);
        Assert.Equal(GateVerdict.Pass, unsteady.Verdict);
    }

    [Fact]
    public void MemoryAndTheTotal_AreShownNotJudged()
    {
        var gate = Judge(SyntheticInstructions.Case("c", memory: 400), Counted());

        Assert.Equal(GateVerdict.Pass, gate.Verdict);
        Assert.Contains("memory bookkeeping 200 → 400", gate.Note, StringComparison.Ordinal);
    }

    [Fact]
    public void ABaselineFile_RoundTrips_AndIsJudgedAgainst_KeepingItsBounds()
    {
        var path = Path.Combine(Path.GetTempPath(), $"instructions-{Guid.NewGuid():N}.json");
        try
        {
            var previous = InstructionBaseline.Record("Lib", "Suite", On, [Counted("Lib/Suite/a")], previous: null) with { Bounds = Bounds with { Total = 0.03 } };
            var woken = new SyntheticInstructions.Work("zmq::mailbox_t::recv(zmq::command_t*, int)", [20, 24, 22], [0.5, 0.6, 0.55]);
            InstructionBaseline.Record("Lib", "Suite", On, [Counted("Lib/Suite/b", library: [Steady("zmq::stream_engine_base_t::in_event()", 1500), woken])], previous)
                .Write(path);

            var read = InstructionBaseline.Read(path);

            Assert.Equal(["Lib/Suite/a", "Lib/Suite/b"], read.Cases.Keys);
            Assert.Equal(0.03, read.Bounds.Total);
            var reference = read.For("Lib/Suite/b")!;
            Assert.Equal(1800, reference.PerMessage(ThreadPart.Receiver));
            Assert.Equal(["8000 9600 8800"], reference.Of(ThreadPart.Library).Functions.Where(f => f.Key.StartsWith("zmq::mailbox", StringComparison.Ordinal))
                .Select(f => string.Join(' ', f.Value)));
            Assert.Equal(GateVerdict.Pass, InstructionRule.Evaluate(new GateId(GateKind.InstructionsRegression),
                Counted("Lib/Suite/b", library: [Steady("zmq::stream_engine_base_t::in_event()", 1500), woken]), reference, read.Bounds, "the baseline", path).Verdict);
            Assert.Equal(GateVerdict.Fail, InstructionRule.Evaluate(new GateId(GateKind.InstructionsRegression),
                Counted("Lib/Suite/b", receiver: [Steady("Ns.Receiver::Loop()", 618), Steady("zmq_msg_recv", 1200)]), reference, read.Bounds, "the baseline", path).Verdict);
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

    private const string Header = """{"schemaVersion":2,"subject":"L","suite":"S","recorded":"r","countedOn":{"subject":"L 1","runtime":"r","nativeLibrary":"n","cpu":"c"},""";

    private const string GoodBounds = """ "bounds":{"receiver":0.005,"sender":0.005,"library":0.005,"total":null,"floor":2,"systemCalls":0.25},""";

    [Theory]
    [InlineData(Header + """ "bounds":{"receiver":5,"sender":null,"library":null,"total":null,"floor":2,"systemCalls":0.25},"cases":{}}""", "$.bounds.receiver")]
    [InlineData(Header + GoodBounds + """ "cases":{"L/S/c":{"messages":0,"repetitions":{"receiver":"1 1 1"},"parts":{}}}}""", "$.cases[\"L/S/c\"].messages")]
    [InlineData(Header + GoodBounds + """ "cases":{"L/S/c":{"messages":400,"repetitions":{"receiver":"1 1 1","bogus":"1 1 1"},"parts":{}}}}""", "$.cases[\"L/S/c\"].repetitions[\"bogus\"]")]
    [InlineData(Header + GoodBounds + """ "cases":{"L/S/c":{"messages":400,"repetitions":{"receiver":"1 1 1","sender":"1 x 1"},"parts":{}}}}""", "$.cases[\"L/S/c\"].repetitions[\"sender\"]")]
    [InlineData(Header + GoodBounds + """ "cases":{"L/S/c":{"messages":400,"repetitions":{"receiver":"1 1 1"},"parts":{"receiver":{"functions":{"f":"1 1"},"calls":{},"systemCalls":{}}}}}}""", "$.cases[\"L/S/c\"].parts[\"receiver\"].functions[\"f\"]")]
    [InlineData(Header + GoodBounds + """ "cases":{"L/S/c":{"messages":400,"repetitions":{"receiver":"1 1 1"},"parts":{"memory":{"functions":{},"calls":{},"systemCalls":{}}}}}}""", "$.cases[\"L/S/c\"].parts[\"memory\"]")]
    [InlineData("""{"schemaVersion":1,"subject":"L"}""", "count the suite again with UpdateBaselines=true")]
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
