using NetZmqTests.Gating.Gates;
using System.Text;
using NetZmqTests.Gating.Baselines;
using static NetZmqTests.Gating.Tests.SampleMeasurements;

namespace NetZmqTests.Gating.Tests;

/// <summary>Reading, refreshing and writing baseline files: strict, lossless, atomic.</summary>
public sealed class BaselineFileTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("baselines-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    private string Write(string text, string name = "Sample.ReceiveModes.json")
    {
        var path = Path.Combine(_directory, name);
        File.WriteAllBytes(path, Encoding.UTF8.GetBytes(text));
        return path;
    }

    private static string Valid => BaselineWriter.ToText(Baseline(pollerRatio: 1.02, pollerBytes: 40));

    [Fact]
    public void WrittenFile_ReadsBackEqual()
    {
        var path = Path.Combine(_directory, "Sample.ReceiveModes.json");
        BaselineWriter.WriteAtomically(Baseline(1.02, 40), path);

        var read = BaselineReader.Read(path);

        Assert.Equal(BaselineWriter.ToText(Baseline(1.02, 40)), BaselineWriter.ToText(read));
        Assert.Equal(["Sample.ReceiveModes.json"], Directory.GetFiles(_directory).Select(Path.GetFileName));
    }

    /// <summary>
    /// A class recorded before the CPU generation and the kernel were (no such fields) reads with neither, keeps its
    /// old class name, and is written back without them: its bytes do not change when another class is added.
    /// </summary>
    [Fact]
    public void AClassWithoutGenerationAndKernel_ReadsAndWritesBackAsItWas()
    {
        var legacy = Baseline(1.02, 40).WithClass(c => c with { Fingerprint = c.Fingerprint with { Machine = c.Fingerprint.Machine with { CpuSignature = null, Kernel = null } } });
        var text = BaselineWriter.ToText(legacy);
        Assert.DoesNotContain("cpuSignature", text, StringComparison.Ordinal);
        Assert.DoesNotContain("kernel", text, StringComparison.Ordinal);
        Assert.Contains("\"class\": \"Sample CPU, 2 cores, Workstation GC, pinned threads\"", text, StringComparison.Ordinal);

        var read = BaselineReader.Read(Write(text));

        Assert.Null(read.Classes[0].Fingerprint.Machine.Kernel);
        Assert.Equal(text, BaselineWriter.ToText(read));
        Assert.Contains("\"kernel\": \"Linux 6.1.0-sample\"", Valid, StringComparison.Ordinal);
    }

    public static TheoryData<string, string, string> Malformed => new()
    {
        { "empty", "", "$: the file is empty" },
        { "truncated", Valid[..(Valid.Length / 2)], "not valid JSON" },
        { "not an object", "[1, 2]", "$: not the kind of value this field holds" },
        { "unknown schema", Valid.Replace($"\"schemaVersion\": {BaselineFile.CurrentSchemaVersion}", "\"schemaVersion\": 7", StringComparison.Ordinal), "$.schemaVersion: schema version 7 is not supported" },
        { "older schema", Valid.Replace($"\"schemaVersion\": {BaselineFile.CurrentSchemaVersion}", "\"schemaVersion\": 2", StringComparison.Ordinal), "$.schemaVersion: schema version 2 is not supported" },
        { "number as text", Valid.Replace("\"ratio\": 1.02,", "\"ratio\": \"1.02\",", StringComparison.Ordinal), "ReusedBuffer/64B\"].ratio: not the kind of value this field holds" },
        { "negative tolerance", Valid.Replace("\"bytesAbsolute\": 1024", "\"bytesAbsolute\": -1", StringComparison.Ordinal), ".bytesAbsolute: expected a finite number ≥ 0, found -1" },
        { "missing policy bound", Valid.Replace("\"max\": 1.1,", "", StringComparison.Ordinal), "$.policy.ratioBounds[0]: the field \"max\" is missing" },
        { "duplicate key", Valid.Replace("\"subject\": \"Sample\",", "\"subject\": \"Sample\", \"subject\": \"Other\",", StringComparison.Ordinal), "$.subject: Duplicate property 'subject'" },
        { "NaN", Valid.Replace("\"ratio\": 1.02,", "\"ratio\": NaN,", StringComparison.Ordinal), "not valid JSON" },
        { "Infinity", Valid.Replace("\"ratio\": 1.02,", "\"ratio\": Infinity,", StringComparison.Ordinal), "not valid JSON" },
        { "a number too large to be finite", Valid.Replace("\"ratio\": 1.02,", "\"ratio\": 1e999,", StringComparison.Ordinal), "ReusedBuffer/64B\"].ratio: expected a finite number > 0, found Infinity" },
        { "missing aggregate tolerance", Valid.Replace("\"aggregateTolerance\": 0.03,", "", StringComparison.Ordinal), "$.classes[0]: the field \"aggregateTolerance\" is missing" },
        { "negative aggregate tolerance", Valid.Replace("\"aggregateTolerance\": 0.03,", "\"aggregateTolerance\": -0.1,", StringComparison.Ordinal), "$.classes[0].aggregateTolerance: expected a finite number ≥ 0, found -0.1" },
        { "missing process-wide tolerance", Valid.Replace("\"processBytesTolerance\": 0.25,", "", StringComparison.Ordinal), "$.classes[0]: the field \"processBytesTolerance\" is missing" },
        { "missing cross-class rule", Valid.Replace("\"crossClass\"", "\"acrossClasses\"", StringComparison.Ordinal), "$: the field \"crossClass\" is missing" },
        { "cross-class tolerance as text", Valid.Replace("\"aggregateTolerance\": 0.15,", "\"aggregateTolerance\": \"wide\",", StringComparison.Ordinal), "$.crossClass.aggregateTolerance: not the kind of value this field holds" },
        { "no class", Valid[..Valid.IndexOf("\"classes\"", StringComparison.Ordinal)] + "\"classes\": [] }", "$.classes: no class" },
        { "a class labelled otherwise than its fingerprint", Valid.Replace("\"class\": \"Sample CPU (", "\"class\": \"Other CPU (", StringComparison.Ordinal), "$.classes[0].class: \"Other CPU (family 26" },
        { "one class twice", TwoClasses(Valid), "$.classes[1].class: a second entry for the class \"Sample CPU (family 26" },
        { "values from no run", Valid.Replace("\"values\": 5", "\"values\": 0", StringComparison.Ordinal), "$.classes[0].runs.values: expected an integer ≥ 1" },
        { "process-wide bytes as text", Valid.Replace("\"bytesPerOperation\": 40,", "\"bytesPerOperation\": 40, \"processBytesPerOperation\": \"many\",", StringComparison.Ordinal), "ReusedBuffer/64B\"].processBytesPerOperation: not the kind of value this field holds" },
        { "missing run-to-run swing", Valid.Replace("\"runToRun\": 0", "\"runToRum\": 0", StringComparison.Ordinal), "$.defaultTolerances: the field \"runToRun\" is missing" },
        { "CPU ratio without its interval", Valid.Replace("\"bytesPerOperation\": 40,", "\"bytesPerOperation\": 40, \"cpuRatio\": 1.1,", StringComparison.Ordinal), "ReusedBuffer/64B\"]: the field \"cpuRatioLower\" is missing" },
        { "missing placement", Valid.Replace("\"placement\": \"pinned: sample\"", "\"placed\": \"pinned: sample\"", StringComparison.Ordinal), "$.classes[0].fingerprint.machine: the field \"placement\" is missing" },
        { "known violation naming a gate by its shown name", Valid.Replace("\"knownViolations\": []", "\"knownViolations\": [{ \"case\": \"x\", \"gate\": \"policy: Poller ≤ 1.10 × PureBlocking\", \"evidence\": \"e\" }]", StringComparison.Ordinal),
            "$.policy.knownViolations[0].gate: \"policy: Poller ≤ 1.10 × PureBlocking\" is not a gate id; known: policy/ratio/<variant>/<reference>" },
        { "two bounds on one gate", Valid.Replace("\"ratioBounds\": [", "\"ratioBounds\": [{ \"variant\": \"Poller\", \"reference\": \"PureBlocking\", \"max\": 1.2, \"why\": \"w\" }, ", StringComparison.Ordinal),
            "$.policy.ratioBounds[1]: a second bound on the gate policy/ratio/Poller/PureBlocking" },
        { "cases not an object", Valid.Replace("\"cases\": {", "\"cases\": [], \"formerly\": {", StringComparison.Ordinal), "$.classes[0].cases: not the kind of value this field holds" },
    };

    /// <summary>The text with its one class listed twice.</summary>
    private static string TwoClasses(string text)
    {
        var node = System.Text.Json.Nodes.JsonNode.Parse(text)!;
        node["classes"]!.AsArray().Add(node["classes"]![0]!.DeepClone());
        return node.ToJsonString();
    }

    /// <summary>
    /// What does not change a baseline's meaning is accepted, and baselines/README.md says so: other whitespace and
    /// line endings, another key order, another way to write the same number, and fields this suite does not read (a
    /// reviewer's comment, say). The next refresh writes the file back in the fixed layout.
    /// </summary>
    public static TheoryData<string, string> Harmless => new()
    {
        { "CRLF line endings", Valid.Replace("\n", "\r\n", StringComparison.Ordinal) },
        { "no indentation", System.Text.Json.Nodes.JsonNode.Parse(Valid)!.ToJsonString() },
        { "keys in another order", Valid.Replace("\"subject\": \"Sample\",\n  \"suite\": \"ReceiveModes\",", "\"suite\": \"ReceiveModes\",\n  \"subject\": \"Sample\",", StringComparison.Ordinal) },
        { "a number written otherwise", Valid.Replace("\"ratio\": 1.02,", "\"ratio\": 102e-2,", StringComparison.Ordinal) },
        { "an extra field", Valid.Replace("\"subject\": \"Sample\",", "\"subject\": \"Sample\", \"comment\": \"reviewed by A. N. Other\",", StringComparison.Ordinal) },
    };

    [Theory]
    [MemberData(nameof(Harmless))]
    public void HarmlessVariation_IsAccepted_AsTheSameBaseline(string what, string text)
    {
        var path = Write(text);

        var read = BaselineReader.Read(path);

        Assert.True(BaselineWriter.ToText(read) == Valid, $"{what}: read differently");
    }

    [Fact]
    public void UnknownExtraCase_FailsNamingFileAndEntry_AndStaysByteIdentical()
    {
        var path = Write(Valid.Replace("/Poller/ReusedBuffer/64B\"", "/Poler/ReusedBuffer/64B\"", StringComparison.Ordinal));
        var before = File.ReadAllBytes(path);
        var known = new HashSet<string>([Identity(Subject, "PureBlocking").Id, Identity(Subject, "Poller").Id]);

        var error = Assert.Throws<BaselineFormatException>(() =>
            BaselineValidation.RequireBelongs(BaselineReader.Read(path), path, Subject, Suite, known.Contains));

        Assert.Equal($"$.classes[0].cases[\"{Subject}/{Suite}/RouterRouter/Tcp/Poler/ReusedBuffer/64B\"]", error.Field);
        Assert.StartsWith($"{path}: {error.Field}: no case of Sample's ReceiveModes suite has this id", error.Message, StringComparison.Ordinal);
        Assert.Equal(before, File.ReadAllBytes(path));
    }

    [Fact]
    public void FileOfAnotherSubject_FailsNamingFileAndField()
    {
        var path = Write(Valid, "Other.ReceiveModes.json");

        var error = Assert.Throws<BaselineFormatException>(() =>
            BaselineValidation.RequireBelongs(BaselineReader.Read(path), path, "Other", Suite, _ => true));

        Assert.Equal("$.subject", error.Field);
        Assert.Contains("says \"Sample\"", error.Message, StringComparison.Ordinal);
    }

    /// <summary>
    /// A case missing from the baseline is not a format error: its gates fail, naming the case and the file, and say
    /// how to add it.
    /// </summary>
    [Fact]
    public void CaseMissingFromTheBaseline_FailsItsGatesNamingCaseAndFile()
    {
        var baseline = Baseline().WithClass(c => c with { Cases = c.Cases.Where(e => !e.Key.Contains("/Poller/", StringComparison.Ordinal)).ToDictionary() });

        var results = NetZmqTests.Gating.Gates.GateEvaluator.Evaluate(Group(5e6, 5e6), BaselineBasis.OwnClassOf(baseline), BaselinePath);

        var missing = Assert.Single(results, r => r.Verdict == NetZmqTests.Gating.Gates.GateVerdict.Fail);
        Assert.Equal(Identity(Subject, "Poller").Id, missing.Case);
        Assert.Contains("the baseline has no entry for this case", missing.Describe(), StringComparison.Ordinal);
        Assert.Contains(BaselinePath, missing.Describe(), StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Malformed))]
    public void MalformedFile_FailsNamingFileAndField_AndStaysByteIdentical(string what, string text, string expected)
    {
        var path = Write(text);
        var before = File.ReadAllBytes(path);

        var error = Assert.Throws<BaselineFormatException>(() => BaselineReader.Read(path));

        Assert.Equal(path, error.Path);
        Assert.StartsWith($"{path}: {error.Field}: ", error.Message, StringComparison.Ordinal);
        Assert.True(error.Message.Contains(expected, StringComparison.Ordinal), $"{what}: {error.Message}");
        Assert.Equal(before, File.ReadAllBytes(path));
    }

    [Fact]
    public void ByteOrderMark_IsRejectedByName()
    {
        var path = Path.Combine(_directory, "bom.json");
        File.WriteAllBytes(path, [.. Encoding.UTF8.Preamble, .. Encoding.UTF8.GetBytes(Valid)]);

        var error = Assert.Throws<BaselineFormatException>(() => BaselineReader.Read(path));

        Assert.Contains("byte-order mark", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void InvalidUtf8_IsRejectedByName()
    {
        var path = Path.Combine(_directory, "latin1.json");
        File.WriteAllBytes(path, [.. Encoding.UTF8.GetBytes(Valid[..20]), 0xE9, .. Encoding.UTF8.GetBytes(Valid[20..])]);

        var error = Assert.Throws<BaselineFormatException>(() => BaselineReader.Read(path));

        Assert.Contains("not valid UTF-8", error.Message, StringComparison.Ordinal);
    }

    private static readonly NewFileDefaults NoNewFile = new(new(9, 9, 9), NetZmqTests.Gating.Baselines.Policy.None, CrossClassRule.NotDeclared);

    [Fact]
    public void Refresh_RewritesObservedValuesOfItsClassOnly_KeepingItsMeasuredSwing()
    {
        var untouchedId = Identity(Subject, "NonBlocking").Id;
        var reviewed = Baseline(pollerRatio: 1.0, pollerBytes: 0, tolerances: new(0.22, 0.07, 3000) { RunToRun = 0.04 },
                knownViolations: [new KnownViolation("x", new GateId(GateKind.RatioPolicy, "Poller", "PureBlocking"), "evidence")])
            .WithClass(c => c with { AggregateTolerance = 0.045, Cases = new Dictionary<string, BaselineCase>(c.Cases) { [untouchedId] = new(1.3, 1.2, 1.4, 7, [1, 2], new(0.5, 0.5, 5)) } });
        var measured = Group(5e6, 5.5e6, pollerBytes: 48);
        var newer = SampleFingerprint with { RecordedAt = SampleFingerprint.RecordedAt.AddDays(1) };

        var refreshed = BaselineRefresh.Apply(reviewed, Subject, Suite, measured, newer, NoNewFile);

        Assert.Equal(reviewed.Policy, refreshed.Policy);
        Assert.Equal(reviewed.DefaultTolerances, refreshed.DefaultTolerances);
        Assert.Equal(reviewed.CrossClass, refreshed.CrossClass);
        var own = Assert.Single(refreshed.Classes);
        Assert.Equal(newer, own.Fingerprint);
        Assert.Equal(new BaselineRuns(Values: 1, Swing: 5), own.Runs);
        Assert.Equal(0.045, own.AggregateTolerance);
        var poller = own.Cases[Identity(Subject, "Poller").Id];
        Assert.Equal(1.1, poller.Ratio, 3);
        Assert.Equal(48, poller.BytesPerOperation);
        Assert.Equal(new Tolerances(0.22, 0.07, 3000) { RunToRun = 0.04 }, poller.Tolerances);
        Assert.Equal(reviewed.Classes[0].Cases[untouchedId], own.Cases[untouchedId]);
    }

    /// <summary>
    /// A refresh on a machine of another class adds that class after the others and leaves every byte of theirs as it
    /// was; one refresh cannot measure a swing, so the new class's is marked not measured (its time is then judged
    /// across classes until the machine is adopted).
    /// </summary>
    [Fact]
    public void Refresh_OnANewClass_AddsIt_SwingNotMeasured_AndLeavesTheOtherClassesByteIdentical()
    {
        var reviewed = Baseline(pollerRatio: 1.0, tolerances: new(0.05, 0.07, 3000) { RunToRun = 0.04 });
        var before = BaselineWriter.ToText(reviewed);
        var other = SampleFingerprint with { Machine = SampleFingerprint.Machine with { Cpu = "Another CPU" } };

        var refreshed = BaselineRefresh.Apply(reviewed, Subject, Suite, Group(5e6, 5.5e6), other, NoNewFile);

        Assert.Equal(2, refreshed.Classes.Count);
        Assert.Equal(reviewed.Classes[0], refreshed.Classes[0]);
        var added = refreshed.Classes[1];
        Assert.Equal(other.Machine.Class, added.Key);
        Assert.Equal(BaselineRuns.SingleRefresh, added.Runs);
        Assert.False(added.Runs.SwingMeasured);
        Assert.All(added.Cases.Values, c => Assert.Equal(reviewed.DefaultTolerances, c.Tolerances));
        var after = BaselineWriter.ToText(refreshed);
        var firstClass = before[before.IndexOf("\"classes\"", StringComparison.Ordinal)..before.LastIndexOf(']')].TrimEnd();
        Assert.StartsWith(firstClass, after[after.IndexOf("\"classes\"", StringComparison.Ordinal)..], StringComparison.Ordinal);
        Assert.Equal(before[..before.IndexOf("\"classes\"", StringComparison.Ordinal)], after[..after.IndexOf("\"classes\"", StringComparison.Ordinal)]);
    }

    [Fact]
    public void Refresh_NewCaseGetsTheFileDefaults_NewFileGetsTheGivenPolicyAndRule()
    {
        var policy = new Policy([new RatioBound("Poller", "PureBlocking", 1.1, "why")], [new BytesBound("Poller", 5000, 0, "why")], []);
        var rule = new CrossClassRule(0.2, "measured");

        var created = BaselineRefresh.Apply(null, Subject, Suite, Group(5e6, 5e6), SampleFingerprint, new(new Tolerances(0.3, 0.1, 4096), policy, rule));

        Assert.Equal(policy, created.Policy);
        Assert.Equal(rule, created.CrossClass);
        Assert.All(Assert.Single(created.Classes).Cases.Values, c => Assert.Equal(new Tolerances(0.3, 0.1, 4096), c.Tolerances));
    }

    /// <summary>
    /// A file in the single-class layout before schema 5 still reads: one class, its values from one refresh and its
    /// swing not recorded (so not trusted), no cross-class rule; written back, it is in the current layout.
    /// </summary>
    [Fact]
    public void SchemaFourFile_ReadsAsOneClass_AndIsWrittenBackInTheCurrentLayout()
    {
        var current = Baseline(pollerRatio: 1.02, pollerBytes: 40);
        var node = System.Text.Json.Nodes.JsonNode.Parse(BaselineWriter.ToText(current))!.AsObject();
        var only = node["classes"]![0]!.AsObject();
        var old = new System.Text.Json.Nodes.JsonObject
        {
            ["schemaVersion"] = BaselineFile.SingleClassSchemaVersion,
            ["subject"] = Subject,
            ["suite"] = Suite,
            ["fingerprint"] = only["fingerprint"]!.DeepClone(),
            ["policy"] = node["policy"]!.DeepClone(),
            ["defaultTolerances"] = node["defaultTolerances"]!.DeepClone(),
            ["aggregateTolerance"] = only["aggregateTolerance"]!.DeepClone(),
            ["processBytesTolerance"] = only["processBytesTolerance"]!.DeepClone(),
            ["cases"] = only["cases"]!.DeepClone(),
        };
        var path = Write(old.ToJsonString());

        var read = BaselineReader.Read(path);

        var machineClass = Assert.Single(read.Classes);
        Assert.Equal(current.Classes[0].Cases.Keys.Order(StringComparer.Ordinal), machineClass.Cases.Keys.Order(StringComparer.Ordinal));
        Assert.Equal(current.Classes[0].Fingerprint, machineClass.Fingerprint);
        Assert.Equal(BaselineRuns.SingleRefresh, machineClass.Runs);
        Assert.Equal(CrossClassRule.NotDeclared, read.CrossClass);
        Assert.Contains($"\"schemaVersion\": {BaselineFile.CurrentSchemaVersion}", BaselineWriter.ToText(read), StringComparison.Ordinal);
        Assert.Equal(BaselineWriter.ToText((current with { CrossClass = CrossClassRule.NotDeclared }).WithClass(c => c with { Runs = BaselineRuns.SingleRefresh })),
            BaselineWriter.ToText(read));
    }

    [Fact]
    public void Refresh_UnderCi_IsRefusedWithTheReason()
    {
        var error = Assert.Throws<InvalidOperationException>(() => BaselineRefresh.RefuseUnderCi(name => name == "CI" ? "true" : null));

        Assert.Contains("refused because CI is set", error.Message, StringComparison.Ordinal);
        Assert.Contains("Nothing was changed", error.Message, StringComparison.Ordinal);
        BaselineRefresh.RefuseUnderCi(_ => null);
    }

    /// <summary>
    /// A write that fails before its rename (here: the temporary file cannot be created) leaves the old file
    /// exactly as it was; the rename itself is atomic, so there is no moment with a mix.
    /// </summary>
    [Fact]
    public void InterruptedWrite_LeavesTheOldFileByteIdentical()
    {
        var path = Write(Valid);
        var before = File.ReadAllBytes(path);
        Directory.CreateDirectory(Path.Combine(_directory, $".{Path.GetFileName(path)}.{Environment.ProcessId}.tmp"));

        Assert.ThrowsAny<Exception>(() => BaselineWriter.WriteAtomically(Baseline(pollerRatio: 2), path));

        Assert.Equal(before, File.ReadAllBytes(path));
    }

    [Fact]
    public void AtomicWrite_ReplacesTheWholeFile_AndLeavesNoTemporaryBehind()
    {
        var path = Write(new string('x', 100_000));

        BaselineWriter.WriteAtomically(Baseline(), path);

        Assert.Equal(BaselineWriter.ToText(Baseline()), File.ReadAllText(path));
        Assert.Single(Directory.GetFiles(_directory));
    }
}
