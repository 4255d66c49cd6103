using System.Text.Json;
using NetZmqTests.Gating.Reporting;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// history.json, the run's points for github-action-benchmark's customSmallerIsBetter: each counted case's
/// instructions per message by thread and native calls per message, each paired case's ratio with its interval, in the
/// fields that tool reads; written beside the report, removed when a run fails before any gate.
/// </summary>
public sealed class HistoryFileTests : IDisposable
{
    private readonly DirectoryInfo _scratch = Directory.CreateTempSubdirectory("netzmq-history-");

    public void Dispose() => _scratch.Delete(recursive: true);

    [Fact]
    public void ARunWithAPairedReference_GivesCountsByThread_CallsAndRatiosWithTheirIntervals()
    {
        var run = SampleMeasurements.RunWithBase();

        var entries = HistoryFile.Of(run);

        var counted = run.Instructions.Cases.Count;
        Assert.Equal(3 * counted, entries.Count(e => e.Unit == "instructions/message"));
        Assert.Contains(entries, e => e.Name == $"{run.Instructions.Cases[0].Case} receiver" && e.Value > 0);
        Assert.Equal(run.Counts.Cases.Count, entries.Count(e => e.Unit == "calls/message"));
        var ratios = entries.Where(e => e.Unit == "ratio").ToList();
        Assert.Equal(run.PairedRun!.Cases.Count, ratios.Count);
        Assert.All(ratios, r => Assert.EndsWith(" head ÷ base", r.Name, StringComparison.Ordinal));
        Assert.All(ratios, r => Assert.Matches(@"^\[\d\.\d{4}, \d\.\d{4}\]$", r.Range!));
    }

    [Fact]
    public void TheFile_HoldsTheFieldsTheToolReads_AndIsRemovedWithAFailedRun()
    {
        ReportFiles.Write(SampleMeasurements.RunWithBase(), _scratch.FullName);
        var path = Path.Combine(_scratch.FullName, HistoryFile.FileName);

        using var json = JsonDocument.Parse(File.ReadAllText(path));
        var first = json.RootElement.EnumerateArray().First();
        Assert.Equal(["name", "unit", "value"], first.EnumerateObject().Select(p => p.Name));
        Assert.Equal(JsonValueKind.Number, first.GetProperty("value").ValueKind);
        Assert.Contains(json.RootElement.EnumerateArray(), e => e.TryGetProperty("range", out _));

        ReportFiles.WriteFailure(_scratch.FullName, "a reason");
        Assert.False(File.Exists(path));
    }
}
