using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Perf;

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

    /// <summary>An emptied file of a driver that is not measured here (LibZmq on a machine without libzmq, say) is reported, and left as it is.</summary>
    [Theory]
    [InlineData("LibZmq.ReceiveModes.json", null, "", "$: the file is empty")]
    [InlineData("NetZmq.BindingOverhead.json", "\"aggregateTolerance\": 0.03,", "", "the field \"aggregateTolerance\" is missing")]
    [InlineData("NetMQ.Patterns.json", "\"subject\": \"NetMQ\"", "\"subject\": \"LibZmq\"", "$.subject: the file is NetMQ's, by its name")]
    public void ACorruptFile_IsReportedNamingTheFileAndTheField_AndNotChanged(string file, string? find, string replacement, string field)
    {
        var baselines = Directory.CreateDirectory(Path.Combine(_root, "baselines")).FullName;
        foreach (var checkedIn in Directory.EnumerateFiles(Layout.BaselinesDirectory, "*.json"))
        {
            File.Copy(checkedIn, Path.Combine(baselines, Path.GetFileName(checkedIn)));
        }

        var path = Path.Combine(baselines, file);
        var content = find is null ? replacement : File.ReadAllText(path).Replace(find, replacement, StringComparison.Ordinal);
        Assert.True(find is null || content != File.ReadAllText(path), $"{file} has no {find} to corrupt");
        File.WriteAllText(path, content);

        var problems = new BaselineStore(new SourceLayout(_root, _root)).ProblemsInEveryFile();

        var problem = Assert.Single(problems);
        Assert.Equal($"baselines/{file}", problem.Shown);
        Assert.Contains($"baselines/{file}", problem.Problem, StringComparison.Ordinal);
        Assert.Contains(field, problem.Problem, StringComparison.Ordinal);
        Assert.Equal(content, File.ReadAllText(path));
    }

    /// <summary>A file whose name declares no suite is an error naming it, not an exception, and it is left as it is.</summary>
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
