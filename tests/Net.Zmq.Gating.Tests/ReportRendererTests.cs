using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Gating.Snapshots;

namespace NetZmqTests.Gating.Tests;

/// <summary>The report renderer over fixed sample measurements, against its reviewed snapshot.</summary>
public sealed class ReportRendererTests
{
    private static readonly SourceLayout Layout = SourceLayout.Of(typeof(ReportRendererTests).Assembly);

    [Fact]
    public void Report_OfTheSampleRun_MatchesItsSnapshot()
    {
        var report = ReportRenderer.Render(SampleMeasurements.Run());

        TextSnapshots.Match(report, Layout.ProjectDirectory, "sample-run.report.md",
            Environment.GetEnvironmentVariable);
    }

    [Fact]
    public void Report_OfTheSampleRunWithABase_MatchesItsSnapshot()
    {
        var report = ReportRenderer.Render(SampleMeasurements.RunWithBase());

        TextSnapshots.Match(report, Layout.ProjectDirectory, "sample-run-with-base.report.md", Environment.GetEnvironmentVariable);
    }

    /// <summary>
    /// A change against its base is the first thing read: per suite, the geometric mean and the counts, then the cases
    /// that moved most.
    /// </summary>
    [Fact]
    public void Report_WithABase_OpensWithHeadAgainstBase_BeforeTheTimeGates()
    {
        var report = ReportRenderer.Render(SampleMeasurements.RunWithBase());

        var section = report.IndexOf("## Head against base", StringComparison.Ordinal);
        Assert.True(section > 0 && section < report.IndexOf("## Time gates", StringComparison.Ordinal), report);
        Assert.Contains("Head: Binding 1.2.3 from a sample folder. Base: BindingBase 1.2.2 from another sample folder.", report, StringComparison.Ordinal);
        Assert.Contains("| ReceiveModes | 4 | ", report, StringComparison.Ordinal);
        Assert.Contains("| **all** | 4 | ", report, StringComparison.Ordinal);
        Assert.Contains("| ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64KiB | 1.040 [", report, StringComparison.Ordinal);
        Assert.Contains("**Not comparable**, 1 case: the base has no pool", report, StringComparison.Ordinal);
        // Head ÷ base has no baseline file and no machine class: its scrubbed report is the same on any machine.
        var other = SampleMeasurements.SampleFingerprint.Machine with { Cpu = "Another CPU", Cores = 4 };
        Assert.Equal(ReportRenderer.Render(SampleMeasurements.RunWithBase(), scrub: true), ReportRenderer.Render(SampleMeasurements.RunWithBase(other), scrub: true));
    }

    /// <summary>
    /// Nothing in a snapshot depends on the machine: the same run judged on the baselines' own machine class and on
    /// another (where only suite means are judged) scrubs to the same text, while the reports themselves say, on the
    /// first screen, which time gates applied and against which class.
    /// </summary>
    [Fact]
    public void Report_Scrubbed_IsTheSameOnTheBaselinesClassAndOnAnother()
    {
        var other = SampleMeasurements.SampleFingerprint.Machine with { Cpu = "Another CPU", Cores = 4 };
        var own = SampleMeasurements.Run();
        var across = SampleMeasurements.Run(other);

        Assert.Equal(ReportRenderer.Render(own, scrub: true), ReportRenderer.Render(across, scrub: true));

        Assert.NotEqual(own.Gates.Select(g => g.Verdict), across.Gates.Select(g => g.Verdict));
        var firstScreen = ReportRenderer.Render(across)[..ReportRenderer.Render(across).IndexOf("## What was measured", StringComparison.Ordinal)];
        Assert.Contains($"This machine's class: {other.Class}.", firstScreen, StringComparison.Ordinal);
        Assert.Contains($"| baselines/Binding.ReceiveModes.json | the suite mean only, across classes, within 15 %; no case on its own | {SampleMeasurements.SampleFingerprint.Machine.Class} |",
            firstScreen, StringComparison.Ordinal);
        Assert.Contains("| baselines/Binding.ReceiveModes.json | every case and the suite mean, on this machine's class (values from 5 runs, swing from 5 runs) |",
            ReportRenderer.Render(own), StringComparison.Ordinal);
    }

    [Fact]
    public void Report_SaysWhichCellsItsProfileSampledAsLong()
    {
        var run = SampleMeasurements.Run();

        Assert.Contains("where they last 0.1 s or more: messages over 4 KiB over tcp);", ReportRenderer.Render(run), StringComparison.Ordinal);
        Assert.Contains("messages over 4 KiB over tcp, and in this profile over inproc too)",
            ReportRenderer.Render(run with { Profile = MeasurementProfile.PullRequest }), StringComparison.Ordinal);
    }

    [Fact]
    public void Report_SaysWhatWasNotMeasuredAndWhy_BeforeAnyTable()
    {
        var report = ReportRenderer.Render(SampleMeasurements.Run());

        var absent = report.IndexOf("**Missing was not measured:** Missing is not installed here; enable it with -p:Missing=on", StringComparison.Ordinal);
        Assert.True(absent > 0 && absent < report.IndexOf('|', StringComparison.Ordinal), report);
        Assert.Contains("| Missing | **no** | 0 | Missing is not installed here; enable it with -p:Missing=on |", report, StringComparison.Ordinal);
    }

    [Fact]
    public void Report_OpensWithTheVerdict_TheFailingGates_TheHeadline_TheComparison_AndTheClaims_BeforeAnyFullTable()
    {
        var report = ReportRenderer.Render(SampleMeasurements.Run());

        var firstScreen = report[..report.IndexOf("## What was measured", StringComparison.Ordinal)];
        Assert.StartsWith("# Net.Zmq.Tests perf report\n\n**2 gates fail.**", report, StringComparison.Ordinal);
        Assert.Contains("| Binding/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64KiB | policy: Poller ≤ 1.10 × PureBlocking | 1.400 [1.400, 1.400] | ≤ 1.10 | baselines/Binding.ReceiveModes.json |",
            firstScreen, StringComparison.Ordinal);
        Assert.Contains("| Binding | 64B | 2.00 M | 1.020 [1.020, 1.020] |", firstScreen, StringComparison.Ordinal);
        // 5.0 / 4.0 and 5.1 / 4.1 ms: geometric mean 1.247.
        Assert.Contains("| 64 B | 1.247 (1.244–1.250), 2 cases |", firstScreen, StringComparison.Ordinal);
        Assert.Contains("| C1 | Poller runs within 0.97-1.01 × PureBlocking. | **does not hold** |", firstScreen, StringComparison.Ordinal);
        Assert.DoesNotContain("| Case | Mean |", firstScreen, StringComparison.Ordinal);
        Assert.Contains("<details><summary>Binding — ReceiveModes: 4 cases</summary>", report, StringComparison.Ordinal);
    }

    [Fact]
    public void Report_NamesASubjectThatCouldNotBeGated_OnTheFirstScreen_NotAgainInTheGateList()
    {
        var run = SampleMeasurements.Run();
        run = run with { Subjects = [run.Subjects[0], run.Subjects[1] with { Error = "its baseline file is not valid JSON" }] };

        var report = ReportRenderer.Render(run);

        var line = "- **Floor — ReceiveModes not gated** (baselines/Floor.ReceiveModes.json): its baseline file is not valid JSON";
        Assert.True(report.IndexOf(line, StringComparison.Ordinal) is > 0 and var at && at < report.IndexOf("## ReceiveModes at a glance", StringComparison.Ordinal), report);
        Assert.DoesNotContain("its baseline file is not valid JSON", report[report.IndexOf("## Gates", StringComparison.Ordinal)..], StringComparison.Ordinal);
    }

    [Fact]
    public void Report_Scrubbed_KeepsStructureButNoMeasuredValue()
    {
        var scrubbed = ReportRenderer.Render(SampleMeasurements.Run(), scrub: true);

        Assert.DoesNotContain("5.100 ms", scrubbed, StringComparison.Ordinal);
        Assert.DoesNotContain("Sample CPU", scrubbed, StringComparison.Ordinal);
        Assert.Contains("| Poller | … | … | … | … | … | … | … |", scrubbed, StringComparison.Ordinal);
    }

    [Fact]
    public void TextSnapshot_MissingUnderCi_FailsAndLeavesTheTextForReview()
    {
        var folder = Directory.CreateTempSubdirectory("snapshots-").FullName;
        try
        {
            var error = Assert.Throws<SnapshotMismatchException>(() =>
                TextSnapshots.Match("text", folder, "missing.md", name => name == "CI" ? "true" : null));

            Assert.Contains("does not exist, and CI is set", error.Message, StringComparison.Ordinal);
            Assert.Equal("text", File.ReadAllText(Path.Combine(folder, "__snapshots__", "__mismatch__", "missing.md")));
            Assert.False(File.Exists(Path.Combine(folder, "__snapshots__", "missing.md")));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public void TextSnapshot_Changed_FailsNamingTheFirstDifferentLine()
    {
        var folder = Directory.CreateTempSubdirectory("snapshots-").FullName;
        try
        {
            TextSnapshots.Match("one\ntwo\n", folder, "changed.md", _ => null);

            var error = Assert.Throws<SnapshotMismatchException>(() => TextSnapshots.Match("one\nthree\n", folder, "changed.md", _ => null));

            Assert.Contains("from line 2", error.Message, StringComparison.Ordinal);
            Assert.Contains("one\nthree\n", File.ReadAllText(Path.Combine(folder, "__snapshots__", "__mismatch__", "changed.md")), StringComparison.Ordinal);
            Assert.Contains("now:      three", error.Message, StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
