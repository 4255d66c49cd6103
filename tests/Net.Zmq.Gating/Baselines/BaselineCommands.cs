namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// How every baseline problem tells a reader to act: one refresh command, one wording for a missing file.
/// </summary>
public static class BaselineCommands
{
    /// <summary>The command that writes the baselines from a run on this machine (refused under CI).</summary>
    public const string Refresh = "dotnet test --filter Category=Perf -- UpdateBaselines=true";

    /// <summary>What a run says of a baseline file it needs and does not find.</summary>
    public static string Missing(string shown) => $"{shown} does not exist; create it with {Refresh}, then review it";

    /// <summary>
    /// What a run says of a baseline file it cannot read (<paramref name="problem"/> names the file and the field).
    /// </summary>
    public static string Unreadable(string problem) => $"{problem}; fix it, or write it again with {Refresh}. The file was not changed";
}
