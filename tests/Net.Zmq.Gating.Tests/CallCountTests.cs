using System.Text;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// Native call counts as gates: exact where steady, shown where they vary, and the call baseline file read strictly.
/// </summary>
public sealed class CallCountTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("call-baselines-").FullName;

    private static readonly GateId Id = new(GateKind.PairedCalls, "new", "old");

    private static CountedCase Counted(string id, params (string Call, long[] PerRepetition)[] calls) =>
        new(id, 1000, [.. Enumerable.Range(0, 3).Select(r => (IReadOnlyDictionary<string, long>)calls
            .Where(c => c.PerRepetition[r] != 0).ToDictionary(c => c.Call, c => c.PerRepetition[r], StringComparer.Ordinal))]);

    private static readonly CountedCase Base = Counted("Base/S/x", ("lib_recv:ok", [1000, 1000, 1000]), ("lib_poll:ok", [40, 41, 40]), ("lib_recv:again", [3, 0, 1]));

    [Fact]
    public void OneCallMorePerMessage_Fails_NamingTheFunction()
    {
        var head = Counted("Head/S/x", ("lib_recv:ok", [1000, 1000, 1000]), ("lib_getopt:ok", [1000, 1000, 1000]), ("lib_poll:ok", [40, 40, 40]));

        var gate = CallCountRule.Evaluate(Id, head, CallCountRule.Of(Base), RunCounts.VaryingIn([Base]), "the base", "src");

        Assert.Equal(GateVerdict.Fail, gate.Verdict);
        Assert.Contains("lib_getopt:ok 0 → 1 per message", gate.Measured, StringComparison.Ordinal);
        Assert.DoesNotContain("lib_recv", gate.Measured, StringComparison.Ordinal);
    }

    /// <summary>
    /// A count steady by chance on both sides (one poll more per 1,000 messages) is never judged where the reference's
    /// varied anywhere.
    /// </summary>
    [Fact]
    public void ACallThatVariesInTheReference_IsShownOnly_EvenWhereBothAreSteady()
    {
        var steadyBase = Counted("Base/S/y", ("lib_recv:ok", [1000, 1000, 1000]), ("lib_poll:ok", [19, 19, 19]));
        var head = Counted("Head/S/y", ("lib_recv:ok", [1000, 1000, 1000]), ("lib_poll:ok", [20, 20, 20]));

        var judgedAlone = CallCountRule.Evaluate(Id, head, CallCountRule.Of(steadyBase), new HashSet<string>(), "the base", "src");
        var judgedWithTheRun = CallCountRule.Evaluate(Id, head, CallCountRule.Of(steadyBase), RunCounts.VaryingIn([steadyBase, Base]), "the base", "src");

        Assert.Equal(GateVerdict.Fail, judgedAlone.Verdict);
        Assert.Equal(GateVerdict.Pass, judgedWithTheRun.Verdict);
        Assert.Contains("lib_poll:ok", judgedWithTheRun.Note, StringComparison.Ordinal);
    }

    [Fact]
    public void FewerCalls_Pass_AndAreShownAsAChange_AgainOrInterruptedNeverJudged()
    {
        var head = Counted("Head/S/x", ("lib_recv:ok", [500, 500, 500]), ("lib_recv:again", [9, 9, 9]), ("lib_recv:eintr", [1, 1, 1]));

        var gate = CallCountRule.Evaluate(Id, head, CallCountRule.Of(Base), new HashSet<string>(), "the base", "src");

        Assert.Equal(GateVerdict.Pass, gate.Verdict);
        Assert.Equal(["fewer: lib_recv:ok 1 → 0.5 per message"], gate.CallChanges);
        Assert.Contains("lib_recv:again", gate.Note, StringComparison.Ordinal);
        Assert.Contains("lib_recv:eintr", gate.Note, StringComparison.Ordinal);
    }

    [Fact]
    public void CountsPerMessage_AreComparedOverEachSidesOwnMessages()
    {
        var head = new CountedCase("Head/S/x", 2000, [.. Enumerable.Range(0, 3).Select(_ => (IReadOnlyDictionary<string, long>)new Dictionary<string, long> { ["lib_recv:ok"] = 2000 })]);

        Assert.Equal(GateVerdict.Pass, CallCountRule.Evaluate(Id, head, CallCountRule.Of(Base), new HashSet<string>(), "the base", "src").Verdict);
        Assert.Equal("1", head.Shown("lib_recv:ok"));
        Assert.Equal("~0.001", Base.Shown("lib_recv:again"));
    }

    [Fact]
    public void ACallBaseline_RoundTrips_KeepingOnlySteadyJudgedCalls_AndTheVaryingOnes()
    {
        var path = Path.Combine(_folder, "Lib.Suite.json");
        CallBaseline.Record("Lib", "Suite", "Lib 1.0", [Base], previous: null).Write(path);

        var read = CallBaseline.Read(path);

        Assert.Equal(["lib_poll:ok", "lib_recv:again"], read.Varying);
        Assert.Equal(new Dictionary<string, long> { ["lib_recv:ok"] = 1000 }, read.Cases["Base/S/x"].Calls);
        var head = Counted("Base/S/x", ("lib_recv:ok", [1000, 1000, 1000]), ("lib_close:ok", [1000, 1000, 1000]));
        var (reference, varying) = read.For("Base/S/x")!.Value;
        var gate = CallCountRule.Evaluate(new GateId(GateKind.CallsRegression), head, reference, varying, "the baseline", path);
        Assert.Equal(GateVerdict.Fail, gate.Verdict);
        Assert.Contains("lib_close:ok 0 → 1 per message", gate.Measured, StringComparison.Ordinal);
    }

    public static TheoryData<string, byte[], string> Corrupt => new()
    {
        { "empty", [], "$" },
        { "truncated", Encoding.UTF8.GetBytes("{\"schemaVersion\": 1, \"cases\": {"), "$" },
        { "wrong type", Encoding.UTF8.GetBytes("{\"schemaVersion\": 1, \"subject\": \"Lib\", \"suite\": \"S\", \"recorded\": \"r\", \"varying\": [], \"cases\": {\"Lib/S/a\": {\"messages\": \"many\", \"calls\": {}}}}"), "$.cases[\"Lib/S/a\"].messages" },
        { "not UTF-8", [0x7b, 0xff, 0xfe, 0x7d], "$" },
        { "bad call", Encoding.UTF8.GetBytes("{\"schemaVersion\": 1, \"subject\": \"Lib\", \"suite\": \"S\", \"recorded\": \"r\", \"varying\": [], \"cases\": {\"a\": {\"messages\": 10, \"calls\": {\"lib_recv\": 1}}}}"), "$.cases[\"a\"].calls[\"lib_recv\"]" },
    };

    [Theory]
    [MemberData(nameof(Corrupt))]
    public void ACorruptCallBaseline_IsAnErrorNamingTheFileAndTheField_AndStaysAsItWas(string kind, byte[] content, string field)
    {
        var path = Path.Combine(_folder, $"{kind.Replace(' ', '-')}.json");
        File.WriteAllBytes(path, content);

        var error = Assert.Throws<BaselineFormatException>(() => CallBaseline.Read(path));

        Assert.Equal(path, error.Path);
        Assert.StartsWith(field, error.Field, StringComparison.Ordinal);
        Assert.Equal(content, File.ReadAllBytes(path));
    }

    /// <summary>Every committed call baseline reads, and names its own subject and suite.</summary>
    [Fact]
    public void EveryCommittedCallBaseline_Reads()
    {
        var folder = Path.Combine(Running.SourceLayout.Of(typeof(CallCountTests).Assembly).BaselinesDirectory, CallBaseline.Folder);
        var files = Directory.EnumerateFiles(folder, "*.json").ToList();

        Assert.NotEmpty(files);
        Assert.All(files, f =>
        {
            var file = CallBaseline.Read(f);
            Assert.Equal($"{file.Subject}.{file.Suite}.json", Path.GetFileName(f));
            Assert.NotEmpty(file.Cases);
        });
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
