using System.Text;
using NetZmqTests.Gating.Baselines;
using static NetZmqTests.Correctness.Gating.SampleMeasurements;

namespace NetZmqTests.Correctness.Gating;

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

    public static TheoryData<string, string, string> Malformed => new()
    {
        { "empty", "", "$: the file is empty" },
        { "truncated", Valid[..(Valid.Length / 2)], "not valid JSON" },
        { "not an object", "[1, 2]", "$: expected an object, found an array" },
        { "unknown schema", Valid.Replace("\"schemaVersion\": 2", "\"schemaVersion\": 7", StringComparison.Ordinal), "$.schemaVersion: schema version 7 is not supported" },
        { "number as text", Valid.Replace("\"ratio\": 1.02,", "\"ratio\": \"1.02\",", StringComparison.Ordinal), "ReusedBuffer/64B\"].ratio: expected a number, found a string" },
        { "negative tolerance", Valid.Replace("\"bytesAbsolute\": 1024", "\"bytesAbsolute\": -1", StringComparison.Ordinal), ".bytesAbsolute: expected a number ≥ 0" },
        { "missing policy bound", Valid.Replace("\"max\": 1.1,", "", StringComparison.Ordinal), "$.policy.ratioBounds[0]: the field \"max\" is missing" },
        { "duplicate key", Valid.Replace("\"subject\": \"Sample\",", "\"subject\": \"Sample\", \"subject\": \"Other\",", StringComparison.Ordinal), "not valid JSON" },
        { "NaN", Valid.Replace("\"ratio\": 1.02,", "\"ratio\": NaN,", StringComparison.Ordinal), "not valid JSON" },
    };

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

    [Fact]
    public void Refresh_RewritesObservedValuesOnly()
    {
        var reviewed = Baseline(pollerRatio: 1.0, pollerBytes: 0, tolerances: new(0.22, 0.07, 3000),
            knownViolations: [new KnownViolation("x", "policy: y", "evidence")]);
        var untouchedId = Identity(Subject, "NonBlocking").Id;
        reviewed = reviewed with
        {
            Cases = new Dictionary<string, BaselineCase>(reviewed.Cases) { [untouchedId] = new(1.3, 1.2, 1.4, 7, [1, 2], new(0.5, 0.5, 5)) },
        };
        var measured = Group(5e6, 5.5e6, pollerBytes: 48);
        var newer = SampleFingerprint with { RecordedAt = SampleFingerprint.RecordedAt.AddDays(1) };

        var refreshed = BaselineRefresh.Apply(reviewed, Subject, Suite, measured, newer, new(9, 9, 9), NetZmqTests.Gating.Baselines.Policy.None);

        Assert.Equal(reviewed.Policy, refreshed.Policy);
        Assert.Equal(reviewed.DefaultTolerances, refreshed.DefaultTolerances);
        Assert.Equal(newer, refreshed.Fingerprint);
        var poller = refreshed.Cases[Identity(Subject, "Poller").Id];
        Assert.Equal(1.1, poller.Ratio, 3);
        Assert.Equal(48, poller.BytesPerOperation);
        Assert.Equal(new Tolerances(0.22, 0.07, 3000), poller.Tolerances);
        Assert.Equal(reviewed.Cases[untouchedId], refreshed.Cases[untouchedId]);
    }

    [Fact]
    public void Refresh_NewCaseGetsTheFileDefaults_NewFileGetsTheGivenPolicy()
    {
        var policy = new Policy([new RatioBound("Poller", "PureBlocking", 1.1, "why")], [new BytesBound("Poller", 5000, 0, "why")], []);

        var created = BaselineRefresh.Apply(null, Subject, Suite, Group(5e6, 5e6), SampleFingerprint, new Tolerances(0.3, 0.1, 4096), policy);

        Assert.Equal(policy, created.Policy);
        Assert.All(created.Cases.Values, c => Assert.Equal(new Tolerances(0.3, 0.1, 4096), c.Tolerances));
    }

    [Fact]
    public void Refresh_UnderCi_IsRefusedWithTheReason()
    {
        var error = Assert.Throws<InvalidOperationException>(() => BaselineRefresh.RefuseUnderCi(name => name == "CI" ? "true" : null));

        Assert.Contains("refused because CI is set", error.Message, StringComparison.Ordinal);
        Assert.Contains("Nothing was changed", error.Message, StringComparison.Ordinal);
        BaselineRefresh.RefuseUnderCi(_ => null);
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
