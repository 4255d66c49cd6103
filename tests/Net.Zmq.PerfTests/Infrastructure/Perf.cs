using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Processes;
using NetZmqTests.Orchestration.Selection;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// This test process's one Perf session (<see cref="PerfSession"/>), started again for processes of its own through
/// the explicit tests of <see cref="MeasuringProcessTests"/>; a test that would measure instrumented code is skipped.
/// </summary>
internal static class Perf
{
    public static PerfSession Session { get; } = new(
        new ProcessEntryPoints(typeof(MeasuringProcessTests).Assembly.Location,
            Method(nameof(MeasuringProcessTests.MeasureAsRequested)),
            Method(nameof(MeasuringProcessTests.CountAsRequested)),
            Method(nameof(MeasuringProcessTests.CountInstructionsAsRequested))),
        SourceLayout.Of(typeof(Perf).Assembly));

    public static SourceLayout Layout => Session.Layout;

    /// <summary>The run with the environment's settings (every test that needs it reads the same).</summary>
    public static JudgedRun Run()
    {
        SkipIfInstrumented();
        return Session.Run(TestLines.Output, TestLines.Progress);
    }

    /// <summary>A run with explicit settings, as the gates' self-tests make them.</summary>
    public static JudgedRun Measure(PerfSettings settings, Action<string>? log = null, Action<string>? progress = null)
    {
        SkipIfInstrumented();
        return Session.Measure(settings, log ?? TestLines.Output, progress ?? TestLines.Progress);
    }

    public static void SkipIfInstrumented()
    {
        var blocker = PerfSession.InstrumentationBlocker;
        Assert.SkipWhen(blocker is not null, blocker ?? "");
    }

    private static string Method(string name) => $"{typeof(MeasuringProcessTests).FullName}.{name}";
}
