namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// Where a Perf test's lines go: detail to the test's output; progress as xUnit diagnostic messages (on in
/// build/xunit.runner.perf.json), which <c>dotnet test</c> prints as they come, so a long run shows it is working.
/// </summary>
internal static class TestLines
{
    public static Action<string> Output => TestContext.Current.TestOutputHelper!.WriteLine;

    public static Action<string> Progress => TestContext.Current.SendDiagnosticMessage;
}
