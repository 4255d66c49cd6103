namespace NetZmqTests.Correctness.BuildInputs;

/// <summary>
/// build/bisect.sh's search and its refusals on a stand-in checkout, each commit judged by a stand-in probe
/// (PERF_BISECT_PROBE: moved where the commit holds a file named "moved", cannot say where it holds "broken"), so
/// that what is tested here is the search, not the counting (CountMovementTests, and the counts of real commits in
/// docs/trust.md).
/// </summary>
public sealed class BisectScriptTests : IDisposable
{
    private readonly DirectoryInfo _scratch = Directory.CreateTempSubdirectory("netzmq-bisect-");
    private readonly StandInCheckout _checkout;

    public BisectScriptTests() => _checkout = new StandInCheckout(Path.Combine(_scratch.FullName, "checkout"));

    public void Dispose() => _scratch.Delete(recursive: true);

    [Theory]
    [InlineData(1)]
    [InlineData(5)]
    [InlineData(8)]
    public void TheFirstMovedCommit_IsFound_InAsManyProbesAsHalvingTakes(int firstMoved)
    {
        var commits = Commits(8, moved: firstMoved);
        var before = _checkout.State();

        var (exitCode, output) = Bisect($"{commits[0]}..{commits[8]}");

        Assert.True(exitCode == 0, output);
        Assert.Contains($"first moved: {Short(commits[firstMoved])} add c{firstMoved}", output, StringComparison.Ordinal);
        // Eight commits: three halvings, and the bad end itself once where the answer is the last commit.
        Assert.Contains($"probes: {(firstMoved == 8 ? 4 : 3)} (", output, StringComparison.Ordinal);
        Assert.Equal(before, _checkout.State());
    }

    [Fact]
    public void ACommitThatDoesNotBuild_IsSkippedAndNamed_AndTheAnswerStillFound()
    {
        var commits = Commits(8, moved: 6, broken: 4);

        var (exitCode, output) = Bisect($"{commits[0]}..{commits[8]}");

        Assert.True(exitCode == 0, output);
        Assert.Contains($"first moved: {Short(commits[6])} add c6", output, StringComparison.Ordinal);
        Assert.Contains($"skipped (does not build): {Short(commits[4])} add c4", output, StringComparison.Ordinal);
    }

    [Fact]
    public void ARangeInWhichNothingMoved_SaysSo()
    {
        var commits = Commits(4, moved: 0);

        var (exitCode, output) = Bisect($"{commits[0]}..{commits[4]}");

        Assert.Equal(1, exitCode);
        Assert.Contains("nothing moved:", output, StringComparison.Ordinal);
    }

    [Fact]
    public void ABadEndThatDoesNotBuild_IsSaid_NeverNamedAsTheAnswer()
    {
        var commits = Commits(4, moved: 0, broken: 4);

        var (exitCode, output) = Bisect($"{commits[0]}..{commits[4]}");

        Assert.Equal(3, exitCode);
        Assert.Contains($"bisect: the bad end {Short(commits[4])} add c4 does not build", output, StringComparison.Ordinal);
        Assert.DoesNotContain("first moved", output, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("reversed", "is not an ancestor of")]
    [InlineData("no-range", "is not a range good..bad")]
    [InlineData("unknown", "unknown ref 'no-such-ref'")]
    [InlineData("not-net-zmq", "is not Net.Zmq's checkout")]
    public void BadInput_IsOneLine_AndExit2(string input, string reason)
    {
        var commits = Commits(2, moved: 0);
        var range = input switch
        {
            "reversed" => $"{commits[2]}..{commits[0]}",
            "no-range" => commits[2],
            "unknown" => $"{commits[0]}..no-such-ref",
            _ => $"{_checkout.Git("rev-list", "--max-parents=0", "HEAD").Trim()}..{commits[2]}",
        };
        if (input == "not-net-zmq")
        {
            _checkout.Git("rm", "-q", StandInCheckout.NetZmqProject);
            _checkout.Commit("README.md", "no longer Net.Zmq");
            range = $"{commits[0]}..HEAD";
        }

        var (exitCode, output) = Bisect(range);

        Assert.Equal(2, exitCode);
        Assert.Contains(reason, output, StringComparison.Ordinal);
        Assert.Single(output.Trim().Split('\n'));
    }

    /// <summary>
    /// A Net.Zmq stand-in of <paramref name="count"/> commits after a first: commit <paramref name="moved"/> (0 for
    /// none) adds the file "moved", which stays; commit <paramref name="broken"/> alone holds "broken". Index 0 is the
    /// first commit.
    /// </summary>
    private string[] Commits(int count, int moved, int broken = -1)
    {
        var commits = new List<string> { _checkout.Commit(StandInCheckout.NetZmqProject, "<Project />") };
        for (var i = 1; i <= count; i++)
        {
            if (i == broken + 1)
                _checkout.Git("rm", "-q", "broken");

            if (i == moved)
            {
                File.WriteAllText(Path.Combine(_checkout.Folder, "moved"), "");
                _checkout.Git("add", "moved");
            }

            if (i == broken)
            {
                File.WriteAllText(Path.Combine(_checkout.Folder, "broken"), "");
                _checkout.Git("add", "broken");
            }

            commits.Add(_checkout.Commit($"c{i}", $"{i}"));
        }

        return [.. commits];
    }

    private string Short(string commit) => _checkout.Git("rev-parse", "--short", commit).Trim();

    private (int ExitCode, string Output) Bisect(string range)
    {
        var probe = Path.Combine(_scratch.FullName, "probe.sh");
        File.WriteAllText(probe, """
            #!/usr/bin/env bash
            # moved: exit 0; cannot say: 125 (as git bisect run)
            if git cat-file -e "$1:broken" 2>/dev/null; then exit 125; fi
            git cat-file -e "$1:moved" 2>/dev/null
            """);
        return _checkout.Run("bisect.sh", Path.Combine(_scratch.FullName, "packs"), [range, "*"],
            new Dictionary<string, string> { ["PERF_BISECT_PROBE"] = $"bash {probe}" });
    }
}
