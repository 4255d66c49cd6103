namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// How every baseline problem tells a reader to act: one refresh command, one wording for a missing file.
/// </summary>
public static class BaselineCommands
{
    public const string Refresh = "dotnet test --filter Category=Perf -- UpdateBaselines=true";

    public static string Missing(string shown) => $"{shown} does not exist; create it with {Refresh}, then review it";

    public static string Unreadable(string problem) => $"{problem}; fix it, or write it again with {Refresh}. The file was not changed";
}
