namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>Trait values, used as <c>dotnet test --filter Category=…</c>.</summary>
internal static class TestCategories
{
    public const string Key = "Category";

    /// <summary>The perf gate: measures, gates, reports. Never beside other tests.</summary>
    public const string Perf = "Perf";

    /// <summary>The gates' self-tests: small real runs, with and without injected regressions; also measured.</summary>
    public const string GateSelfTest = "GateSelfTest";
}
