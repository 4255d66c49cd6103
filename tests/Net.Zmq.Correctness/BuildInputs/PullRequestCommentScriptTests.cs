namespace NetZmqTests.Correctness.BuildInputs;

/// <summary>
/// build/pr-comment.sh against a stand-in for GitHub's CLI that records each call: a first run comments, a re-run
/// updates that comment in place, a token that may not comment is said in the log and the job still passes.
/// </summary>
public sealed class PullRequestCommentScriptTests : IDisposable
{
    private readonly DirectoryInfo _scratch = Directory.CreateTempSubdirectory("netzmq-pr-comment-");

    public void Dispose() => _scratch.Delete(recursive: true);

    [Fact]
    public void AFirstRun_Comments()
    {
        var (exitCode, output, calls) = Post(existingComments: "", postFails: false);

        Assert.Equal(0, exitCode);
        Assert.Contains("commented on #7", output, StringComparison.Ordinal);
        Assert.Contains("api repos/owner/repo/issues/7/comments -F body=@", calls, StringComparison.Ordinal);
    }

    [Fact]
    public void ARerun_UpdatesTheCommentItFinds()
    {
        var (exitCode, output, calls) = Post(existingComments: "4242", postFails: false);

        Assert.Equal(0, exitCode);
        Assert.Contains("updated the comment 4242 on #7", output, StringComparison.Ordinal);
        Assert.Contains("api -X PATCH repos/owner/repo/issues/comments/4242 -F body=@", calls, StringComparison.Ordinal);
    }

    [Fact]
    public void ATokenThatMayNotComment_IsSaid_AndTheJobPasses()
    {
        var (exitCode, output, _) = Post(existingComments: "", postFails: true);

        Assert.Equal(0, exitCode);
        Assert.Contains("::notice::the comment was not posted (HTTP 403: Resource not accessible by integration)", output, StringComparison.Ordinal);
    }

    /// <summary>Runs the script with a comment body and a stand-in <c>gh</c> first on the PATH.</summary>
    private (int ExitCode, string Output, string Calls) Post(string existingComments, bool postFails)
    {
        var bin = Directory.CreateDirectory(Path.Combine(_scratch.FullName, "bin")).FullName;
        var calls = Path.Combine(_scratch.FullName, "calls.txt");
        var body = Path.Combine(_scratch.FullName, "comment.md");
        File.WriteAllText(body, "<!-- marker -->\nAll gates hold.\n");
        var gh = Path.Combine(bin, "gh");
        File.WriteAllText(gh, $$"""
            #!/usr/bin/env bash
            echo "$*" >> '{{calls}}'
            case "$*" in
              *--paginate*) printf '%s' '{{existingComments}}' ;;
              *) if {{(postFails ? "true" : "false")}}; then echo 'HTTP 403: Resource not accessible by integration' >&2; exit 1; fi ;;
            esac
            """);
        // The script and its stand-in are bash: this runs where the perf gate's jobs run.
        Assert.SkipWhen(OperatingSystem.IsWindows(), "build/pr-comment.sh is a bash script, run on the workflow's Linux runners");
        if (!OperatingSystem.IsWindows())
            File.SetUnixFileMode(gh, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        var (exitCode, output) = ChildCommand.Run("bash", [Path.Combine("build", "pr-comment.sh")], new Dictionary<string, string>
        {
            ["PATH"] = $"{bin}:{Environment.GetEnvironmentVariable("PATH")}",
            ["PERF_COMMENT"] = body,
            ["REPO"] = "owner/repo",
            ["PR"] = "7",
            ["GITHUB_STEP_SUMMARY"] = Path.Combine(_scratch.FullName, "summary.md"),
        });
        return (exitCode, output, File.ReadAllText(calls));
    }
}
