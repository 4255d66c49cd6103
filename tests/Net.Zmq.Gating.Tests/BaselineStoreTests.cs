using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Sequence;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// Every baseline file is read and validated on every run, whether or not its driver can be measured here: a
/// corrupt file of a driver this machine lacks would otherwise pass here and fail later, elsewhere.
/// </summary>
public sealed class BaselineStoreTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("nzt-baselines-").FullName;

    private static readonly SourceLayout Layout = SourceLayout.Of(typeof(BaselineStoreTests).Assembly);

    [Fact]
    public void EveryCheckedInBaselineFile_ReadsAndBelongsWhereItLies()
    {
        var problems = new BaselineStore(Layout).ProblemsInEveryFile();

        Assert.True(problems.Count == 0, string.Join("\n", problems.Select(p => p.Problem)));
    }

    /// <summary>
    /// A corrupt file — emptied, cut short, a field of the wrong type, bytes that are not UTF-8 — of a driver measured
    /// here or not (LibZmq on a machine without libzmq, say), a time baseline or a call baseline, is reported naming
    /// the file and the field, and its bytes are left exactly as they were.
    /// </summary>
    [Theory]
    [InlineData("LibZmq.ReceiveModes.json", "empty", "$: the file is empty")]
    [InlineData("LibZmq.ReceiveModes.json", "truncated", "baselines/LibZmq.ReceiveModes.json")]
    [InlineData("NetZmq.BindingOverhead.json", "remove:\"aggregateTolerance\": 0.03,", "the field \"aggregateTolerance\" is missing")]
    [InlineData("NetMQ.Patterns.json", "replace:\"subject\": \"NetMQ\"", "$.subject: the file is NetMQ's, by its name")]
    [InlineData("NetMQ.Patterns.json", "wrong-type:\"aggregateTolerance\": 0.1,", "aggregateTolerance")]
    [InlineData("NetMQ.Patterns.json", "not-utf8", "UTF-8")]
    [InlineData("calls/LibZmq.Patterns.json", "empty", "$: the file is empty")]
    [InlineData("calls/LibZmq.Patterns.json", "wrong-type:\"messages\": 1000,", "messages")]
    [InlineData("calls/NetZmq.ReceiveModes.json", "not-utf8", "UTF-8")]
    [InlineData("instructions/NetZmq.ReceiveModes.json", "wrong-type:\"receiver\": 0.005,", "$.bounds.receiver")]
    [InlineData("instructions/LibZmq.Patterns.json", "truncated", "baselines/instructions/LibZmq.Patterns.json")]
    public void ACorruptFile_IsReportedNamingTheFileAndTheField_AndNotChanged(string file, string corruption, string field)
    {
        var baselines = Directory.CreateDirectory(Path.Combine(_root, "baselines")).FullName;
        foreach (var checkedIn in Directory.EnumerateFiles(Layout.BaselinesDirectory, "*.json", SearchOption.AllDirectories))
        {
            var copy = Path.Combine(baselines, Path.GetRelativePath(Layout.BaselinesDirectory, checkedIn));
            Directory.CreateDirectory(Path.GetDirectoryName(copy)!);
            File.Copy(checkedIn, copy);
        }

        var path = Path.Combine(baselines, file);
        var corrupt = Corrupt(File.ReadAllBytes(path), corruption);
        Assert.False(corrupt.AsSpan().SequenceEqual(File.ReadAllBytes(path)), $"{file}: {corruption} changed nothing");
        File.WriteAllBytes(path, corrupt);

        var problems = new BaselineStore(new SourceLayout(_root, _root)).ProblemsInEveryFile();

        var problem = Assert.Single(problems);
        Assert.Equal($"baselines/{file}", problem.Shown);
        Assert.Contains($"baselines/{file}", problem.Problem, StringComparison.Ordinal);
        Assert.Contains(field, problem.Problem, StringComparison.Ordinal);
        Assert.Equal(corrupt, File.ReadAllBytes(path));
    }

    private static byte[] Corrupt(byte[] bytes, string corruption)
    {
        var text = System.Text.Encoding.UTF8.GetString(bytes);
        var (how, what) = corruption.IndexOf(':', StringComparison.Ordinal) is var colon and > 0 ? (corruption[..colon], corruption[(colon + 1)..]) : (corruption, "");
        return how switch
        {
            "empty" => [],
            "truncated" => bytes[..(bytes.Length / 2)],
            "not-utf8" => [.. bytes[..20], 0xC3, 0x28, .. bytes[20..]],
            "remove" => System.Text.Encoding.UTF8.GetBytes(text.Replace(what, "", StringComparison.Ordinal)),
            "replace" => System.Text.Encoding.UTF8.GetBytes(text.Replace(what, "\"subject\": \"LibZmq\"", StringComparison.Ordinal)),
            "wrong-type" => System.Text.Encoding.UTF8.GetBytes(text.Replace(what, what.Replace(": ", ": \"", StringComparison.Ordinal).Replace(",", "\",", StringComparison.Ordinal), StringComparison.Ordinal)),
            _ => throw new ArgumentException($"no corruption {corruption}"),
        };
    }

    /// <summary>
    /// A file whose name declares no suite is an error naming it, not an exception, and it is left as it is.
    /// </summary>
    [Fact]
    public void AFileOfNoDeclaredSuite_IsReportedNamingIt()
    {
        var baselines = Directory.CreateDirectory(Path.Combine(_root, "baselines")).FullName;
        File.Copy(Path.Combine(Layout.BaselinesDirectory, "NetMQ.Patterns.json"), Path.Combine(baselines, "NetMQ.Pattern.json"));

        var problem = Assert.Single(new BaselineStore(new SourceLayout(_root, _root)).ProblemsInEveryFile());

        Assert.StartsWith("baselines/NetMQ.Pattern.json: no suite NetMQ.Pattern is declared", problem.Problem, StringComparison.Ordinal);
    }

    /// <summary>
    /// A run reads each file once: the check of every file at its end reuses what the gates were judged against (a
    /// file changed on disk in between is not read again, so the run cannot judge one content and report another).
    /// </summary>
    [Fact]
    public void EachFile_IsReadOncePerRun_TheCheckOfEveryFileReusesTheGatesRead()
    {
        var baselines = Directory.CreateDirectory(Path.Combine(_root, "baselines")).FullName;
        var path = Path.Combine(baselines, "NetMQ.Patterns.json");
        File.Copy(Path.Combine(Layout.BaselinesDirectory, "NetMQ.Patterns.json"), path);
        var store = new BaselineStore(new SourceLayout(_root, _root));
        var suite = new Measurements.SuiteId("NetMQ", "Patterns");

        var first = store.Load(suite, refreshing: false);
        File.WriteAllText(path, "");

        Assert.NotNull(first.File);
        Assert.Same(first, store.Load(suite, refreshing: false));
        Assert.Empty(store.ProblemsInEveryFile());
        Assert.Single(new BaselineStore(new SourceLayout(_root, _root)).ProblemsInEveryFile());
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
