namespace NetZmqTests.Gating.Reporting;

/// <summary>
/// Renders a run as markdown: the order of the sections is here, each written by its own part of
/// <see cref="ReportText"/>. With <c>scrub</c>, the report's structure alone, for its snapshot.
/// </summary>
public static class ReportRenderer
{
    public static string Render(JudgedRun run, bool scrub = false)
    {
        var text = new ReportText(scrub);
        text.Line("# Net.Zmq.Tests perf report");
        text.Line();
        text.RenderVerdict(run);
        text.RenderFailingGates(run);
        text.RenderWhyByFunction(run);
        text.RenderPaired(run);
        text.RenderTimeBasis(run);
        text.RenderHeadline(run);
        foreach (var comparison in run.Comparisons)
            text.RenderComparisonBySize(run, comparison);

        text.RenderCosts(run);
        text.RenderInstructions(run);
        text.RenderClaims(run);
        text.RenderCoverage(run);
        text.RenderTables(run);
        text.RenderFingerprint(run);
        text.RenderGates(run);
        text.RenderNotes(run);
        return text.ToString();
    }
}
