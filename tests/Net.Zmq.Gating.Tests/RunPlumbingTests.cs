using System.Diagnostics;
using System.Text.Json;
using BenchmarkDotNet.Loggers;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>The pieces of a Perf run around the clock, tried without measuring: files, logs, the machine's readings.</summary>
public sealed class RunPlumbingTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("nzt-report-").FullName;

    [Fact]
    public void ReportFiles_WriteTheReportAndTheResults_WholeAndNothingElse()
    {
        var run = SampleMeasurements.Run();

        ReportFiles.Write(run, _directory);

        Assert.Equal([BenchmarkDotNetJson.FileName, ReportFiles.ReportName, ReportFiles.ResultsName],
            Directory.GetFiles(_directory).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        Assert.Equal(ReportRenderer.Render(run), File.ReadAllText(Path.Combine(_directory, ReportFiles.ReportName)));
        using var results = JsonDocument.Parse(File.ReadAllText(Path.Combine(_directory, ReportFiles.ResultsName)));
        Assert.Equal("policy/ratio/Poller/PureBlocking", results.RootElement.GetProperty("subjects")[0].GetProperty("gates")[0].GetProperty("id").GetString());
    }

    [Fact]
    public void ReportFiles_AfterAFailedRun_SayWhy_AndLeaveNoEarlierResultsToBeReadAsThisRuns()
    {
        ReportFiles.Write(SampleMeasurements.Run(), _directory);

        ReportFiles.WriteFailure(_directory, "1 of 48 cells have no valid measurement");

        Assert.Equal([ReportFiles.ReportName], Directory.GetFiles(_directory).Select(Path.GetFileName));
        Assert.Contains("**The run failed before any gate:** 1 of 48 cells have no valid measurement",
            File.ReadAllText(Path.Combine(_directory, ReportFiles.ReportName)), StringComparison.Ordinal);
    }

    [Fact]
    public void LineLogger_HandsOnCompleteLines_InOrder_AndAPartLineWhenDrained()
    {
        var logger = new LineLogger();
        var lines = new List<string>();

        logger.Write(LogKind.Default, "one, ");
        logger.WriteLine(LogKind.Info, "whole");
        logger.Write(LogKind.Default, "partial");
        logger.Drain(lines.Add);
        logger.Drain(lines.Add);

        Assert.Equal(["one, whole", "partial"], lines);
    }

    [Fact]
    public void NeighbourLoad_CountsOnlyOtherProcesses_AndNeverBelowZero()
    {
        var start = new NeighbourLoad.Reading(0, 0, 0);
        var second = Stopwatch.Frequency;

        Assert.Equal(0, NeighbourLoad.OtherProcessesCpus(start, new NeighbourLoad.Reading(0, 2_000_000_000, second)));
        Assert.True(NeighbourLoad.OtherProcessesCpus(start, new NeighbourLoad.Reading(1000, 0, second)) > 0);
        Assert.Equal(0, NeighbourLoad.OtherProcessesCpus(start, start));
    }

    [Fact]
    public void NeighbourLoad_ReadsThisMachine_WhereLinuxAccountsForIt()
    {
        var reading = NeighbourLoad.Read();

        Assert.Equal(OperatingSystem.IsLinux(), reading is not null);
        Assert.Equal(OperatingSystem.IsLinux(), NeighbourLoad.Since(reading) is >= 0);
    }

    [Fact]
    public void MachineFingerprint_NamesThisMachine_AndHowItsThreadsRun()
    {
        var machine = MachineFingerprints.Current(ThreadPlacement.FromEnvironment(_ => "free"));

        Assert.Equal(Environment.ProcessorCount, machine.Cores);
        Assert.False(string.IsNullOrWhiteSpace(machine.Cpu));
        Assert.StartsWith("free", machine.Placement, StringComparison.Ordinal);
        Assert.Contains(machine.Cpu, machine.Class, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_directory, recursive: true);
}
