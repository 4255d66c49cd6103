using System.Text.Json;
using NetZmqTests.Gating.Reporting;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// The run in BenchmarkDotNet's JSON format: what history-chart tools read from it is there, case by case.
/// </summary>
public sealed class BenchmarkDotNetJsonTests
{
    [Fact]
    public void Export_HoldsEveryMeasuredCaseOnce_UnderItsId()
    {
        var run = SampleMeasurements.Run();

        using var json = JsonDocument.Parse(BenchmarkDotNetJson.Render(run));

        var names = json.RootElement.GetProperty("Benchmarks").EnumerateArray().Select(b => b.GetProperty("FullName").GetString()).ToList();
        Assert.Equal(run.Subjects.SelectMany(s => s.Cases).Select(c => c.Case.Id), names);
        Assert.Equal(names.Count, names.Distinct().Count());
    }

    [Fact]
    public void Export_CarriesTheFieldsHistoryToolsRead_InNanosecondsPerOperation()
    {
        var run = SampleMeasurements.Run();
        var measured = run.Subjects[0].Cases[1].Measurement;

        using var json = JsonDocument.Parse(BenchmarkDotNetJson.Render(run));

        var benchmark = json.RootElement.GetProperty("Benchmarks")[1];
        var statistics = benchmark.GetProperty("Statistics");
        // github-action-benchmark reads FullName, Statistics.Mean and Statistics.StandardDeviation; ResultsComparer
        // also the original values.
        Assert.Equal(measured.MeanNanoseconds, statistics.GetProperty("Mean").GetDouble(), 6);
        Assert.True(statistics.GetProperty("StandardDeviation").GetDouble() > 0);
        Assert.Equal(measured.NanosecondsPerOperation, statistics.GetProperty("OriginalValues").EnumerateArray().Select(v => v.GetDouble()));
        Assert.Equal(measured.NanosecondsPerOperation.Count, benchmark.GetProperty("Measurements").GetArrayLength());
        Assert.Equal(measured.MeanNanoseconds, statistics.GetProperty("ConfidenceInterval").GetProperty("Mean").GetDouble(), 6);
        // The keys of a benchmark in BenchmarkDotNet 0.15.8's own full export, but HardwareIntrinsics (a property of
        // the host).
        Assert.Equal(["DisplayInfo", "Namespace", "Type", "Method", "MethodTitle", "Parameters", "FullName", "Statistics", "Memory", "Measurements", "Metrics"],
            benchmark.EnumerateObject().Select(p => p.Name));
        Assert.Equal(40, benchmark.GetProperty("Memory").GetProperty("BytesAllocatedPerOperation").GetInt64());
        Assert.Equal("0.15.8", json.RootElement.GetProperty("HostEnvironmentInfo").GetProperty("BenchmarkDotNetVersion").GetString());
    }

    [Fact]
    public void FileName_EndsAsResultsComparerLooksForIt() =>
        Assert.EndsWith("full.json", BenchmarkDotNetJson.FileName, StringComparison.Ordinal);
}
