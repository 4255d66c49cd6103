namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// Where a Perf test's lines go. The detail goes to the test's output, shown with its result. Progress goes out as
/// xUnit diagnostic messages (on in build/xunit.runner.perf.json), which <c>dotnet test</c> prints as they come at
/// its default verbosity, so a run of several minutes shows it is working, on a terminal and in CI's log alike.
/// </summary>
internal static class TestLines
{
    public static Action<string> Output => TestContext.Current.TestOutputHelper!.WriteLine;

    public static Action<string> Progress
    {
        get
        {
            var context = TestContext.Current;
            return line => context.SendDiagnosticMessage(line);
        }
    }
}
