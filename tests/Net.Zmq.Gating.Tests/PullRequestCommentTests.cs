using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Gating.Snapshots;

namespace NetZmqTests.Gating.Tests;

/// <summary>The pull request's comment over the sample runs, against its reviewed snapshots.</summary>
public sealed class PullRequestCommentTests
{
    private static readonly SourceLayout Layout = SourceLayout.Of(typeof(PullRequestCommentTests).Assembly);
    private const string Link = "https://example.invalid/runs/1";

    /// <summary>A change that moved nothing: the verdict, head ÷ base per suite, the receiver's instructions.</summary>
    [Fact]
    public void Comment_OfAPassingRunWithABase_MatchesItsSnapshot()
    {
        var run = SampleMeasurements.RunWithBase(headChanged: false);
        run = run with { Subjects = [.. run.Subjects.Where(s => s.Suite == SampleMeasurements.Pair.Suite || s.Subject == "BindingBase")], Absent = [] };

        var comment = PullRequestComment.Render(run, Link);

        Assert.Contains("**All gates hold**", comment, StringComparison.Ordinal);
        TextSnapshots.Match(comment, Layout.ProjectDirectory, "sample-run-passing.comment.md", Environment.GetEnvironmentVariable);
    }

    /// <summary>The head 4 % slower, its receiver 2 % dearer in one function: each failing gate, what moved.</summary>
    [Fact]
    public void Comment_OfAFailingRunWithCountsAndFunctions_MatchesItsSnapshot()
    {
        var comment = PullRequestComment.Render(SampleMeasurements.RunWithBase(), Link);

        Assert.Contains("Sample.Receiver::Loop()", comment, StringComparison.Ordinal);
        Assert.Contains("(+2.0", comment, StringComparison.Ordinal);
        TextSnapshots.Match(comment, Layout.ProjectDirectory, "sample-run-failing.comment.md", Environment.GetEnvironmentVariable);
    }

    /// <summary>A run without the base, one driver missing: said on the first lines, never passed silently.</summary>
    [Fact]
    public void Comment_OfARunWithADriverMissing_MatchesItsSnapshot()
    {
        var comment = PullRequestComment.Render(SampleMeasurements.Run(), Link);

        Assert.Contains("**Missing was not measured:**", comment, StringComparison.Ordinal);
        TextSnapshots.Match(comment, Layout.ProjectDirectory, "sample-run-driver-missing.comment.md", Environment.GetEnvironmentVariable);
    }

    [Fact]
    public void Comment_ListsTheFirstTenFailingGates_AndSaysHowManyFail()
    {
        var run = SampleMeasurements.RunWithBase();
        var failing = run.Gates.First(g => g.FailsRun);
        var many = run.Subjects[0] with { Gates = [.. run.Subjects[0].Gates, .. Enumerable.Range(0, 12).Select(i => failing with { Case = $"{failing.Case}/{i}" })] };

        var comment = PullRequestComment.Render(run with { Subjects = [many, .. run.Subjects.Skip(1)] }, Link);

        var total = run.Gates.Count(g => g.FailsRun) + 12;
        Assert.Contains($"Failing gates, the first 10 of {total}:", comment, StringComparison.Ordinal);
        var rows = comment.Split('\n').SkipWhile(l => !l.StartsWith("| Case | Gate |", StringComparison.Ordinal)).Skip(2).TakeWhile(l => l.StartsWith('|'));
        Assert.Equal(10, rows.Count());
    }

    [Fact]
    public void ReportLink_IsTheRunsPage_WhereTheWorkflowGivesOne()
    {
        Assert.Equal(Link, PullRequestComment.ReportLink(name => name == PullRequestComment.ReportLinkVariable ? Link : null));
        Assert.Equal(ReportFiles.ReportName, PullRequestComment.ReportLink(_ => null));
    }
}
