namespace NetZmqTests.Correctness.BuildInputs;

/// <summary>
/// build/compare.sh on stand-in checkouts made here: each kind of bad input ends with a one-line reason and a non-zero
/// exit, a pack that does not build shows its build's last lines, packs are kept by tree and reused, and the checkout
/// is left exactly as it was. The measured run itself is the pull-request command, tested where it is defined.
/// </summary>
public sealed class CompareScriptTests : IDisposable
{
    private readonly DirectoryInfo _scratch = Directory.CreateTempSubdirectory("netzmq-compare-");

    private readonly StandInCheckout _checkout;

    public CompareScriptTests() => _checkout = new StandInCheckout(Path.Combine(_scratch.FullName, "checkout"));

    private string Checkout => _checkout.Folder;

    private string Packs => Path.Combine(_scratch.FullName, "packs");

    public void Dispose() => _scratch.Delete(recursive: true);

    [Fact]
    public void AFolderThatIsNoGitCheckout_IsRefused()
    {
        Directory.CreateDirectory(Checkout);

        var (exitCode, output) = Compare();

        Assert.Equal(2, exitCode);
        Assert.Contains($"compare: {Checkout} is not a git checkout", output, StringComparison.Ordinal);
    }

    [Fact]
    public void ACheckoutOfAnotherProject_IsRefused()
    {
        _checkout.Commit("README.md", "another project");

        var (exitCode, output) = Compare("--base", "HEAD");

        Assert.Equal(2, exitCode);
        Assert.Contains("is not Net.Zmq's checkout", output, StringComparison.Ordinal);
        Assert.Contains("has no src/Net.Zmq/Net.Zmq.csproj", output, StringComparison.Ordinal);
    }

    [Fact]
    public void AnUnknownRef_IsRefused()
    {
        _checkout.Commit(StandInCheckout.NetZmqProject, "<Project />");

        var (exitCode, output) = Compare("--base", "no-such-ref");

        Assert.Equal(2, exitCode);
        Assert.Contains("compare: unknown ref 'no-such-ref'", output, StringComparison.Ordinal);
    }

    [Fact]
    public void AHeadIdenticalToItsBase_IsSaid_AndNothingIsPacked()
    {
        _checkout.Commit(StandInCheckout.NetZmqProject, "<Project />");
        var before = _checkout.State();

        // No --base: the merge base of HEAD with main, which is HEAD itself on main.
        var (exitCode, output) = Compare();

        Assert.Equal(2, exitCode);
        Assert.Contains("head and base are the same tree", output, StringComparison.Ordinal);
        Assert.Contains("nothing to measure", output, StringComparison.Ordinal);
        Assert.False(Directory.Exists(Packs) && Directory.EnumerateFileSystemEntries(Packs).Any());
        Assert.Equal(before, _checkout.State());
    }

    [Fact]
    public void APackThatDoesNotBuild_ShowsItsBuildsLastLines_AndLeavesTheCheckoutAsItWas()
    {
        _checkout.Commit(StandInCheckout.NetZmqProject, "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFramework>net10.0"
            + "</TargetFramework></PropertyGroup></Project>");
        _checkout.Commit(Path.Combine("src", "Net.Zmq", "Broken.cs"), "this is not C#");
        File.WriteAllText(Path.Combine(Checkout, "uncommitted.txt"), "a change in the working tree");
        Directory.CreateDirectory(Path.Combine(Checkout, "bin"));
        File.WriteAllText(Path.Combine(Checkout, ".git", "info", "exclude"), "bin/\n");
        var before = _checkout.State();

        // The base is the commit that does not compile; the head, the working tree, differs from it by one file.
        var (exitCode, output) = Compare("--base", "HEAD");

        Assert.Equal(3, exitCode);
        Assert.Contains("did not build or pack; the last lines of its build are above", output, StringComparison.Ordinal);
        Assert.Contains("error CS", output, StringComparison.Ordinal);
        Assert.Equal(before, _checkout.State());
        Assert.Empty(Directory.EnumerateFileSystemEntries(Packs)); // the failed pack's staging folder is gone
    }

    [Fact]
    public void PacksAreKeptByTree_NamedByTheirRelease_AndASecondRunReusesThem()
    {
        // As Net.Zmq's: Net.Zmq references Core, Core references Native; building the first builds all three.
        foreach (var (project, references) in new[] { ("Net.Zmq.Native", ""), ("Net.Zmq.Core", "Net.Zmq.Native"), ("Net.Zmq", "Net.Zmq.Core") })
        {
            var reference = references == "" ? "" : $"<ItemGroup><ProjectReference Include=\"../{references}/{references}.csproj\" /></ItemGroup>";
            _checkout.Commit(Path.Combine("src", project, $"{project}.csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup>"
                + $"<TargetFramework>net10.0</TargetFramework></PropertyGroup>{reference}</Project>");
        }
        _checkout.Git("tag", "v1.2.3");
        File.WriteAllText(Path.Combine(Checkout, "src", "Net.Zmq", "Change.cs"), "namespace Stand.In; public static class Change { }");
        var before = _checkout.State();

        var (firstExit, first) = Compare("--base", "v1.2.3", "--pack-only");
        var (secondExit, second) = Compare("--base", "v1.2.3", "--pack-only");

        Assert.True(firstExit == 0, first);
        Assert.Contains("compare: packing head (working tree) as Net.Zmq 1.2.3-treew", first, StringComparison.Ordinal);
        Assert.Contains("(Net.Zmq 1.2.3-tree", first, StringComparison.Ordinal);
        Assert.True(secondExit == 0, second);
        Assert.DoesNotContain("compare: packing", second, StringComparison.Ordinal);
        Assert.Contains("compare: head (working tree) reused from", second, StringComparison.Ordinal);
        Assert.Equal(2, Directory.EnumerateFiles(Packs, "Net.Zmq.1.2.3-tree*.nupkg", SearchOption.AllDirectories).Count());
        Assert.Equal(before, _checkout.State());
    }

    private (int ExitCode, string Output) Compare(params string[] arguments) => _checkout.Run("compare.sh", Packs, arguments);
}
