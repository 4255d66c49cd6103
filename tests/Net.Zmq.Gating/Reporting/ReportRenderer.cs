namespace NetZmqTests.Gating.Reporting;

/// <summary>
/// Renders a run as markdown: the order of the sections is here, each written by its own class. With <c>scrub</c>,
/// the report's structure alone (<see cref="ReportText"/>), for its snapshot.
/// </summary>
public static class ReportRenderer
{
    public static string Render(JudgedRun run, bool scrub = false)
    {
        var text = new ReportText(scrub);
        var verdict = new ReportVerdictSection(text);
        var tables = new ReportTablesSection(text);
        var comparisons = new ReportComparisonsSection(text);
        var details = new ReportDetailsSection(text);
        var costs = new ReportCostsSection(text);
        var instructions = new ReportInstructionsSection(text, new ReportJudgedSection(text));

        text.Line("# Net.Zmq.Tests perf report");
        text.Line();
        verdict.RenderVerdict(run);
        verdict.RenderFailingGates(run);
        instructions.RenderWhyByFunction(run);
        new ReportPairedSection(text).RenderPaired(run);
        verdict.RenderTimeBasis(run);
        tables.RenderHeadline(run);
        foreach (var comparison in run.Comparisons)
            comparisons.RenderComparisonBySize(run, comparison);

        costs.Render(run);
        instructions.Render(run);
        details.RenderClaims(run);
        tables.RenderCoverage(run);
        RenderTables(run, text, tables, comparisons);
        details.RenderFingerprint(run);
        details.RenderGates(run);
        details.RenderNotes(run);
        return text.ToString();
    }

    /// <summary>Every subject's full table, and every comparison's, each collapsed.</summary>
    private static void RenderTables(JudgedRun run, ReportText text, ReportTablesSection tables,
        ReportComparisonsSection comparisons)
    {
        text.Line("## Tables");
        text.Line();
        foreach (var subject in run.Subjects.Where(s => s.ShowTables))
        {
            text.Collapsible($"{subject.Subject} — {subject.Suite}: {subject.Cases.Count} cases",
                () => tables.RenderSubject(subject));
        }

        foreach (var comparison in run.Comparisons)
            text.Collapsible(comparison.Title, () => comparisons.RenderComparison(run, comparison));
    }
}
