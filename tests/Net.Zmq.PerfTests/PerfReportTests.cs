using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Snapshots;
using NetZmqTests.PerfTests.Infrastructure;

namespace NetZmqTests.PerfTests;

/// <summary>The live run's reports: both files written, and the markdown's structure as reviewed.</summary>
[Trait(TestCategories.Key, TestCategories.Perf)]
public sealed class PerfReportTests
{
    [Fact]
    public void Run_WritesTheReportAndTheResults()
    {
        var run = PerfSession.Run(TestContext.Current.TestOutputHelper!.WriteLine);

        var report = File.ReadAllText(Path.Combine(PerfSession.Layout.PerfArtifactsDirectory, ReportFiles.ReportName));
        Assert.Equal(ReportRenderer.Render(run), report);
        Assert.True(new FileInfo(Path.Combine(PerfSession.Layout.PerfArtifactsDirectory, ReportFiles.ResultsName)).Length > 0);
    }

    /// <summary>
    /// Every number, path, version and verdict scrubbed: what is left is which drivers, sizes, cases, gates and
    /// sections the report has. One snapshot per set of measured drivers (with and without Net.Zmq).
    /// </summary>
    [Fact]
    public void Report_Scrubbed_MatchesTheSnapshotForTheDriversMeasured()
    {
        var run = PerfSession.Run(TestContext.Current.TestOutputHelper!.WriteLine);
        var drivers = string.Join('+', run.Subjects.Where(s => s.ShowTables).Select(s => s.Subject).Distinct().Order(StringComparer.Ordinal));

        TextSnapshots.Match(ReportRenderer.Render(run, scrub: true), PerfSession.Layout.ProjectDirectory, $"live-report.{drivers}.md",
            Environment.GetEnvironmentVariable);
    }
}
