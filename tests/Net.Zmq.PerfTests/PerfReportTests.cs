using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Gating.Snapshots;
using NetZmqTests.PerfTests.Infrastructure;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.PerfTests;

/// <summary>
/// The live run's files: the report, the results and BenchmarkDotNet's format written, and the markdown's structure as
/// reviewed.
/// </summary>
[Trait(TestCategories.Key, TestCategories.Perf)]
public sealed class PerfReportTests
{
    [Fact]
    public void Run_WritesTheReportTheResultsAndTheBenchmarkDotNetJson()
    {
        var run = Perf.Run();

        var report = File.ReadAllText(Path.Combine(Perf.Layout.PerfArtifactsDirectory, ReportFiles.ReportName));
        Assert.Equal(ReportRenderer.Render(run), report);
        Assert.True(new FileInfo(Path.Combine(Perf.Layout.PerfArtifactsDirectory, ReportFiles.ResultsName)).Length > 0);
        using var benchmarks = System.Text.Json.JsonDocument.Parse(
            File.ReadAllText(Path.Combine(Perf.Layout.PerfArtifactsDirectory, BenchmarkDotNetJson.FileName)));
        Assert.Equal(run.Subjects.Where(s => s.ShowTables).SelectMany(s => s.Cases).Select(c => c.Case.Id).Order(StringComparer.Ordinal),
            benchmarks.RootElement.GetProperty("Benchmarks").EnumerateArray().Select(b => b.GetProperty("FullName").GetString()!).Order(StringComparer.Ordinal));
    }

    /// <summary>
    /// Every number, path, version and verdict scrubbed: what is left is which drivers, sizes, cases, gates and
    /// sections the report has. One snapshot per set of measured drivers (with and without Net.Zmq, and Net.Zmq
    /// with or without MessagePool), for the whole profile: a filtered run's structure is its filter's.
    /// </summary>
    [Fact]
    public void Report_Scrubbed_MatchesTheSnapshotForTheDriversMeasured()
    {
        Assert.SkipWhen(CaseFilter.FromEnvironment(Environment.GetEnvironmentVariable) is not null,
            "PERF_FILTER narrows the run, so the report's structure is the filter's: it is compared for whole runs only");
        Assert.SkipWhen(string.Equals(Environment.GetEnvironmentVariable("UpdateBaselines"), "true", StringComparison.OrdinalIgnoreCase),
            "a refresh samples twice as long, so its report's profile line is a refresh's: the structure is compared for plain runs");
        var run = Perf.Run();
        Assert.SkipWhen(run.Profile.Kind != ProfileKind.Default,
            $"the {run.Profile.Name} profile measures another share of the matrix, so the report's structure is that profile's: " +
            "it is compared for the default profile, which the same renderer draws");
        Assert.SkipWhen(run.Notes.Any(n => n.Kind is NoteKind.Shard or NoteKind.Merged),
            "a shard's report holds its share of the cells, and a merge's says which shards it merged: the structure is compared for whole runs measured here");
        Assert.SkipWhen(run.Paired is not null,
            "a base build was measured, and which cases it can run is the base's: the structure is compared for runs of the head alone, " +
            "and the head ÷ base section on sample measurements (ReportRendererTests)");
        Assert.SkipWhen(run.Counts.Skipped is not null,
            $"native calls were not counted here ({run.Counts.Skipped}), so the report has no call counts and no call gates: the structure is compared for runs that count them");
        Assert.SkipWhen(run.Instructions.Skipped is not null,
            $"instructions were not counted here ({run.Instructions.Skipped}), so the report has no instruction counts and no instruction gates: the structure is compared for runs that count them");
        var drivers = string.Join('+', run.Subjects.Where(s => s.ShowTables).Select(s => s.Subject).Distinct().Order(StringComparer.Ordinal));
        if (run.Subjects.Any(s => s.Subject == nameof(DriverId.NetZmq)) && !NetZmqBuild.HasMessagePool)
            drivers += ".without-MessagePool";

        TextSnapshots.Match(ReportRenderer.Render(run, scrub: true), Perf.Layout.ProjectDirectory, $"live-report.{drivers}.md",
            Environment.GetEnvironmentVariable);
    }
}
