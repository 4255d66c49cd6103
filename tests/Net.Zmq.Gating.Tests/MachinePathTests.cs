using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// Committed files say what ran, never where it lay on a developer's machine: a fingerprint names a file by its name
/// and hash (<see cref="MachinePaths"/>), and no baseline, document or snapshot holds an absolute path of a machine.
/// </summary>
public sealed class MachinePathTests : IDisposable
{
    private static readonly SourceLayout Layout = SourceLayout.Of(typeof(MachinePathTests).Assembly);

    /// <summary>
    /// Where committed texts with fingerprints and run figures lie (besides the top-level *.md and every snapshot
    /// folder).
    /// </summary>
    private static readonly string[] CommittedFolders = ["baselines", "docs"];

    private readonly string _root = Directory.CreateTempSubdirectory("nzt-paths-").FullName;

    [Fact]
    public void NoCommittedBaselineDocumentOrSnapshot_HoldsAPathOfAMachine()
    {
        var found = CommittedTexts()
            .SelectMany(file => MachinePaths.In(File.ReadAllText(file)).Select(path => $"{Layout.Display(file)}: {path}"))
            .ToList();

        Assert.True(found.Count == 0, $"{found.Count} absolute paths of a machine in committed files (a fingerprint names what was loaded, not where):\n" +
            string.Join("\n", found.Take(20)));
    }

    /// <summary>
    /// Made-up folders of a made-up developer: what the detector must find is the shape, not any machine's real folder.
    /// </summary>
    private const string Clone = "/" + "home/a-developer/net-zmq-tests";

    private const string Library = Clone + "/tests/bin/Debug/net10.0/runtimes/linux-x64/native/libzmq.so";

    [Theory]
    [InlineData("libzmq 4.3.5 at " + Library, Library)]
    [InlineData("Net.Zmq 0.4.1 restored from " + Clone + "/packages/: the head", Clone + "/packages/")]
    [InlineData("restored from C:\\Users\\dev\\packages\\: the head", "C:\\Users\\dev\\packages\\")]
    [InlineData("the system's /usr/lib/x86_64-linux-gnu/libzmq.so.5", "/usr/lib/x86_64-linux-gnu/libzmq.so.5")]
    public void APathOfAMachine_IsFound_AndReplaced(string text, string path)
    {
        Assert.Equal([path], MachinePaths.In(text));
        Assert.DoesNotContain(path, MachinePaths.Without(text), StringComparison.Ordinal);
        Assert.Contains(MachinePaths.Replacement, MachinePaths.Without(text), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("yes > /dev/null")]
    [InlineData("-p:NetZmqSource=/path/to/head")]
    [InlineData("NetZmq/Patterns/PushPull/Tcp/PureBlocking/ReusedBuffer/1KiB")]
    [InlineData("driver/suite       /pattern     /transport/mode/strategy/size")]
    [InlineData("https://api.nuget.org/v3/index.json")]
    [InlineData("libzmq 4.3.5, libzmq.so sha256 9eac6cb3e620")]
    public void SystemFilesPlaceholdersCaseIdsAndUrls_AreNotPathsOfAMachine(string text) =>
        Assert.Empty(MachinePaths.In(text));

    /// <summary>The same bytes in two folders are one file; other bytes of the same name are not.</summary>
    [Fact]
    public void AFilesIdentity_IsItsNameAndHash_NotItsFolder()
    {
        var a = Path.Combine(Directory.CreateDirectory(Path.Combine(_root, "a")).FullName, "libsample.so");
        var b = Path.Combine(Directory.CreateDirectory(Path.Combine(_root, "b")).FullName, "libsample.so");
        File.WriteAllBytes(a, [1, 2, 3]);
        File.WriteAllBytes(b, [1, 2, 3]);

        Assert.Equal(MachinePaths.Identify(a), MachinePaths.Identify(b));
        Assert.StartsWith("libsample.so sha256 ", MachinePaths.Identify(a), StringComparison.Ordinal);
        File.WriteAllBytes(b, [1, 2, 4]);
        Assert.NotEqual(MachinePaths.Identify(a), MachinePaths.Identify(b));
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private static IEnumerable<string> CommittedTexts()
    {
        var root = Layout.RepositoryRoot;
        var folders = CommittedFolders.Select(f => Path.Combine(root, f))
            .Concat(Directory.EnumerateDirectories(Path.Combine(root, "tests"), "__snapshots__", SearchOption.AllDirectories)
                .Where(d => !d.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal)));
        return folders.SelectMany(f => Directory.EnumerateFiles(f, "*", SearchOption.AllDirectories))
            .Concat(Directory.EnumerateFiles(root, "*.md"))
            .Where(f => Path.GetExtension(f) is ".json" or ".md")
            // A failed snapshot's actual text (never committed) is the run's own.
            .Where(f => !f.Contains("__mismatch__", StringComparison.Ordinal));
    }
}
