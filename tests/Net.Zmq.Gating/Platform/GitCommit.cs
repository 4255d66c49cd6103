namespace NetZmqTests.Gating.Platform;

/// <summary>The commit a work tree is at, read from its .git folder (no git needed).</summary>
public static class GitCommit
{
    public static string Of(string repositoryRoot)
    {
        try
        {
            var git = Path.Combine(repositoryRoot, ".git");
            if (File.Exists(git))
            {
                // A worktree or submodule: ".git" is a file naming the real folder.
                git = Path.GetFullPath(File.ReadAllText(git).Trim()["gitdir:".Length..].Trim(), repositoryRoot);
            }

            var checkedOut = File.ReadAllText(Path.Combine(git, "HEAD")).Trim();
            return checkedOut.StartsWith("ref:", StringComparison.Ordinal)
                ? Resolve(git, checkedOut["ref:".Length..].Trim())
                : checkedOut;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentException)
        {
            return "unknown";
        }
    }

    private static string Resolve(string git, string reference)
    {
        var loose = Path.Combine(git, reference);
        if (File.Exists(loose))
            return File.ReadAllText(loose).Trim();

        var packed = Path.Combine(git, "packed-refs");
        var line = File.Exists(packed)
            ? File.ReadLines(packed).FirstOrDefault(l => l.EndsWith(" " + reference, StringComparison.Ordinal))
            : null;
        return line?.Split(' ')[0] ?? "unknown";
    }
}
