namespace NetZmqTests.Correctness.BuildInputs;

/// <summary>
/// A git checkout made for a test in a folder of its own (on branch main, made on the first commit), for
/// build/compare.sh and build/bisect.sh to read, and what "left as it was" means for it.
/// </summary>
internal sealed class StandInCheckout(string folder)
{
    public static readonly string NetZmqProject = Path.Combine("src", "Net.Zmq", "Net.Zmq.csproj");

    public string Folder => folder;

    /// <summary>Writes a file (creating the checkout on first use) and commits it; returns the commit.</summary>
    public string Commit(string path, string content)
    {
        if (!Directory.Exists(Path.Combine(folder, ".git")))
        {
            Directory.CreateDirectory(folder);
            Git("init", "-q", "-b", "main");
        }

        var file = Path.Combine(folder, path);
        Directory.CreateDirectory(Path.GetDirectoryName(file)!);
        File.WriteAllText(file, content);
        Git("add", "--", path);
        Git("-c", "user.name=stand-in", "-c", "user.email=stand-in@example.invalid", "commit", "-q", "-m", $"add {path}");
        return Git("rev-parse", "HEAD").Trim();
    }

    public string Git(params string[] arguments)
    {
        var (exitCode, output) = ChildCommand.Run("git", ["-C", folder, .. arguments]);
        Assert.True(exitCode == 0, $"git {string.Join(' ', arguments)}: {output}");
        return output;
    }

    /// <summary>"Left as it was": the commit checked out, what is staged, every file's status (ignored too).</summary>
    public string State() =>
        Git("rev-parse", "HEAD") + Git("ls-files", "--stage") + Git("status", "--porcelain", "--ignored", "--untracked-files=all");

    /// <summary>Runs a script of build/ on this checkout, packs kept in <paramref name="packs"/>.</summary>
    public (int ExitCode, string Output) Run(string script, string packs, IEnumerable<string> arguments,
        IReadOnlyDictionary<string, string>? environment = null)
    {
        Assert.SkipWhen(OperatingSystem.IsWindows(), $"build/{script} is a bash script, run where Net.Zmq is packed (Linux, macOS)");
        return ChildCommand.Run("bash", [Path.Combine("build", script), folder, .. arguments],
            new Dictionary<string, string>(environment ?? new Dictionary<string, string>()) { ["PERF_PACKS"] = packs });
    }
}
