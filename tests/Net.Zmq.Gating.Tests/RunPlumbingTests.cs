using System.Diagnostics;
using System.Text.Json;
using BenchmarkDotNet.Loggers;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// The pieces of a Perf run around the clock, tried without measuring: files, logs, the machine's readings.
/// </summary>
public sealed class RunPlumbingTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("nzt-report-").FullName;

    [Fact]
    public void ReportFiles_WriteTheReportTheCommentAndTheResults_WholeAndNothingElse()
    {
        var run = SampleMeasurements.Run();

        ReportFiles.Write(run, _directory);

        Assert.Equal([BenchmarkDotNetJson.FileName, PullRequestComment.FileName, HistoryFile.FileName, ReportFiles.ReportName, ReportFiles.ResultsName],
            Directory.GetFiles(_directory).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        Assert.Equal(ReportRenderer.Render(run), File.ReadAllText(Path.Combine(_directory, ReportFiles.ReportName)));
        Assert.StartsWith(PullRequestComment.Marker, File.ReadAllText(Path.Combine(_directory, PullRequestComment.FileName)), StringComparison.Ordinal);
        using var results = JsonDocument.Parse(File.ReadAllText(Path.Combine(_directory, ReportFiles.ResultsName)));
        Assert.Equal("policy/ratio/Poller/PureBlocking", results.RootElement.GetProperty("subjects")[0].GetProperty("gates")[0].GetProperty("id").GetString());
    }

    [Fact]
    public void ReportFiles_AfterAFailedRun_SayWhy_AndLeaveNoEarlierResultsToBeReadAsThisRuns()
    {
        ReportFiles.Write(SampleMeasurements.Run(), _directory);

        ReportFiles.WriteFailure(_directory, "1 of 48 cells have no valid measurement");

        Assert.Equal([PullRequestComment.FileName, ReportFiles.ReportName], Directory.GetFiles(_directory).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        foreach (var file in new[] { ReportFiles.ReportName, PullRequestComment.FileName })
        {
            Assert.Contains("**The run failed before any gate:** 1 of 48 cells have no valid measurement",
                File.ReadAllText(Path.Combine(_directory, file)), StringComparison.Ordinal);
        }
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

    private static readonly Dictionary<int, long> NoRun = [];

    [Fact]
    public void NeighbourLoad_CountsOnlyOtherProcesses_AndNeverBelowZero()
    {
        var start = new NeighbourLoad.Reading(0, 0, NoRun, 0);
        var second = Stopwatch.Frequency;

        Assert.Equal(0, NeighbourLoad.OtherProcessesCpus(start, new NeighbourLoad.Reading(0, 2_000_000_000, NoRun, second)));
        Assert.True(NeighbourLoad.OtherProcessesCpus(start, new NeighbourLoad.Reading(1000, 0, NoRun, second)) > 0);
        Assert.Equal(0, NeighbourLoad.OtherProcessesCpus(start, start));
    }

    /// <summary>
    /// The console relaying a run's progress is not a neighbour: 60 ticks of the machine's 100 in a second were the
    /// run's own vstest.console (40) and a test host that started meanwhile (20), so 0.2 CPUs were someone else's.
    /// </summary>
    [Fact]
    public void NeighbourLoad_LeavesOutTheRunsOwnProcesses()
    {
        var start = new NeighbourLoad.Reading(0, 0, new Dictionary<int, long> { [10] = 500 }, 0);
        var end = new NeighbourLoad.Reading(100, 400_000_000, new Dictionary<int, long> { [10] = 540, [11] = 20 }, Stopwatch.Frequency);

        Assert.Equal(0.0, NeighbourLoad.OtherProcessesCpus(start, end), 6);
        Assert.Equal(0.2, NeighbourLoad.OtherProcessesCpus(start, end with { MachineBusyTicks = 120 }), 6);
    }

    /// <summary>
    /// A shell starts <c>dotnet test</c>, which starts an MSBuild node, which starts vstest.console, which starts the
    /// test host, which starts the xUnit v3 test application (an executable of its own: the measuring process) and
    /// a data collector. The same shell runs <c>yes &gt; /dev/null</c>; an adoption command run as <c>dotnet
    /// AdoptMachine.dll</c> started the <c>dotnet test</c> and a hog of its own. The run is the tree under
    /// <c>dotnet test</c>, without the measuring process.
    /// </summary>
    [Fact]
    public void RunProcesses_AreTheTreeUnderDotnetTest_NotWhatStartedIt_NorWhatElseThatStarted()
    {
        const string dotnet = "/usr/share/dotnet/dotnet";
        ProcessEntry[] processes =
        [
            new(1, 0, "/sbin/init", "", 0),
            new(100, 1, "/bin/bash", "", 0),
            new(150, 100, dotnet, "AdoptMachine.dll", 0),
            new(160, 150, "/usr/bin/yes", "", 0),             // the adoption's own hog
            new(200, 150, dotnet, "test", 0),                  // dotnet test
            new(210, 200, dotnet, "/sdk/MSBuild.dll", 0),
            new(220, 210, dotnet, "exec", 0),                  // vstest.console
            new(225, 220, dotnet, "exec", 0),                  // the test host
            new(230, 225, "/tests/bin/Net.Zmq.PerfTests", "@@", 0),
            new(240, 220, "/usr/bin/datacollector", "", 0),
            new(300, 100, "/usr/bin/yes", "", 0),              // the neighbour
        ];

        Assert.Equal([200, 210, 220, 225, 240], RunProcesses.Of(230, processes).Order());
        Assert.Empty(RunProcesses.Of(999, processes));
        // Without dotnet test (the test application started by hand under a shell): only what it started.
        Assert.Empty(RunProcesses.Of(230, [.. processes.Where(p => p.Id is 1 or 100 or 230)]));
    }

    [Fact]
    public void RunProcesses_OfThisProcess_ReadFromProc_HoldTheTestRunner()
    {
        Assert.SkipUnless(OperatingSystem.IsLinux(), "/proc is Linux's");
        var processes = RunProcesses.Snapshot();

        Assert.Contains(processes, p => p.Id == Environment.ProcessId && p.Ticks > 0);
        Assert.DoesNotContain(Environment.ProcessId, RunProcesses.Of(Environment.ProcessId, processes));
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
        var machine = MachineFingerprints.Current(ThreadPlacement.FromEnvironment(_ => "free"), _ => null);

        Assert.Equal(Environment.ProcessorCount, machine.Cores);
        Assert.False(string.IsNullOrWhiteSpace(machine.Cpu));
        Assert.StartsWith("free", machine.Placement, StringComparison.Ordinal);
        Assert.Contains(machine.Cpu, machine.Class, StringComparison.Ordinal);
    }

    /// <summary>
    /// The cell timeout is a backstop scaled with the cell, never a time to beat: the 256 KiB cell took 88 s where its
    /// estimate was fitted and over 4 minutes on a slower machine, which a fixed 4-minute limit failed.
    /// </summary>
    [Fact]
    public void CellTimeout_IsTwentyTimesTheSlowestEstimate_AndAtLeastFifteenMinutes()
    {
        Assert.Equal(TimeSpan.FromMinutes(15), BenchmarkConfig.CellTimeout([1, 30]));
        Assert.Equal(TimeSpan.FromSeconds(20 * 88.4), BenchmarkConfig.CellTimeout([12, 88.4]));
        Assert.Equal(TimeSpan.FromMinutes(15), BenchmarkConfig.CellTimeout([]));
    }

    [Fact]
    public void CpuSignature_IsX86sFamilyModelAndStepping_OrArmsPart_FromTheFirstProcessor()
    {
        string[] x86 = ["processor\t: 0", "vendor_id\t: AuthenticAMD", "cpu family\t: 26", "model\t\t: 2", "model name\t: AMD EPYC", "stepping\t: 1", "",
            "processor\t: 1", "cpu family\t: 99"];
        string[] arm = ["processor\t: 0", "CPU implementer\t: 0x41", "CPU architecture: 8", "CPU part\t: 0xd0c", "CPU revision\t: 1"];

        Assert.Equal("family 26 model 2 stepping 1", MachineFingerprints.CpuSignature(x86));
        Assert.Equal("implementer 0x41 part 0xd0c revision 1", MachineFingerprints.CpuSignature(arm));
        Assert.Null(MachineFingerprints.CpuSignature(["model name\t: Some CPU"]));
    }

    [Fact]
    public void MachineFingerprint_NamesTheKernel_AndOnLinuxTheCpuGeneration()
    {
        var machine = MachineFingerprints.Current(ThreadPlacement.FromEnvironment(_ => "free"), _ => null);

        Assert.False(string.IsNullOrWhiteSpace(machine.Kernel));
        Assert.Contains(machine.Kernel!, machine.Class, StringComparison.Ordinal);
        Assert.True(!OperatingSystem.IsLinux() || machine.CpuSignature is not null, "a Linux machine's /proc/cpuinfo names its CPU's generation");
    }

    /// <summary>
    /// The test-only CPU model makes another machine class, and the fingerprint says so and what the machine really is.
    /// </summary>
    [Fact]
    public void MachineFingerprint_WithATestCpuModel_IsAnotherClass_AndSaysSo()
    {
        var placement = ThreadPlacement.FromEnvironment(_ => "free");
        var real = MachineFingerprints.Current(placement, _ => null);

        var pretended = MachineFingerprints.Current(placement, name => name == MachineFingerprints.TestCpuModelVariable ? "Test CPU B" : null);

        Assert.NotEqual(real.Class, pretended.Class);
        Assert.Equal($"Test CPU B (PERF_TEST_CPU_MODEL, test only; really {real.Cpu})", pretended.Cpu);
        Assert.Equal(real with { Cpu = pretended.Cpu }, pretended);
    }

    public void Dispose() => Directory.Delete(_directory, recursive: true);
}
