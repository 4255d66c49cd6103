using System.Globalization;
using NetZmqTests.Gating.Measurements;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Reporting;

/// <summary>One subject against others: per message size on the first screen, every case in the tables.</summary>
internal sealed partial class ReportText
{
    /// <summary>
    /// A comparison in one line per message size: the geometric mean over the cases of that size, and their range.
    /// </summary>
    public void RenderComparisonBySize(JudgedRun run, CrossSubjectComparison comparison)
    {
        Line($"## {comparison.Subject} against {string.Join(" and ", comparison.References)}, per message size");
        Line();
        if (Compared(run, comparison) is not ({ } rows, { } references))
            return;

        Line($"{comparison.Subject}'s time over each other driver's: the geometric mean over every case of that size " +
             $"both ran, with the range of those cases (below 1.000 {comparison.Subject} is faster). Case by case " +
             $"under \"{comparison.Title}\" below.");
        Line();
        Table(["Size", .. references.Select(r => $"{comparison.Subject} ÷ {r.Name}")], rows
            .GroupBy(c => c.Measurement.MessageBytes).OrderBy(g => g.Key).Select(size => references.Select(r =>
            {
                var ratios = size.Where(c => r.Cases.ContainsKey(c.Case.CrossSubjectKey))
                    .Select(c => Ratio(c, r.Cases)).ToList();
                return ratios.Count == 0 ? "–"
                    : V(F($"{Math.Exp(ratios.Average(Math.Log)):0.000} ({ratios.Min():0.000}–{ratios.Max():0.000})")) +
                      $", {ratios.Count} cases";
            }).Prepend(Size(size.Key))));
    }

    private static double Ratio(AnalyzedCase c, Dictionary<string, AnalyzedCase> reference) =>
        SuiteAnalysis.Compare(c.Measurement, reference[c.Case.CrossSubjectKey].Measurement).Value;

    /// <summary>
    /// The subject's cases some reference also ran, and each reference that ran with its cases by cross-subject key;
    /// null, said, where there are none.
    /// </summary>
    private (List<AnalyzedCase> Rows, List<(string Name, Dictionary<string, AnalyzedCase> Cases)> References)?
        Compared(JudgedRun run, CrossSubjectComparison comparison)
    {
        var references = comparison.References
            .Select(r => (Name: r, Cases: run.Subjects.Where(s => s.Subject == r).SelectMany(s => s.Cases)
                .ToDictionary(c => c.Case.CrossSubjectKey)))
            .Where(r => r.Cases.Count > 0)
            .ToList();
        var rows = run.Subjects.Where(s => s.Subject == comparison.Subject && s.ShowTables).SelectMany(s => s.Cases)
            .Where(c => references.Any(r => r.Cases.ContainsKey(c.Case.CrossSubjectKey))).ToList();
        if (rows.Count > 0)
            return (rows, references);

        Line($"Not available in this run: it needs {comparison.Subject} and at least one of " +
             $"{string.Join(", ", comparison.References)} measured.");
        Line();
        return null;
    }

    public void RenderComparison(JudgedRun run, CrossSubjectComparison comparison)
    {
        Line(comparison.Explanation);
        Line();
        if (Compared(run, comparison) is not ({ } rows, { } references))
            return;

        Table(["Case", $"{comparison.Subject} mean", .. references.Select(r => $"{r.Name} mean"),
                .. references.Select(r => $"{comparison.Subject} ÷ {r.Name} [95 % CI]")],
            rows.Select(c =>
            {
                var matches = references.Select(r => r.Cases.GetValueOrDefault(c.Case.CrossSubjectKey)).ToList();
                return (string[])[c.Case.CrossSubjectKey, V(Time(c.Measurement.MeanNanoseconds)),
                    .. matches.Select(m => m is null ? "–" : V(Time(m.Measurement.MeanNanoseconds))),
                    .. matches.Select(m => m is null ? "–"
                        : V(SuiteAnalysis.Compare(c.Measurement, m.Measurement).ToString()))];
            }),
            "l" + new string('r', references.Count + 1));
        RenderCharts(comparison, rows, references[0]);
    }

    /// <summary>A bar chart per suite of the subject's ratio to the first reference.</summary>
    private void RenderCharts(CrossSubjectComparison comparison, List<AnalyzedCase> rows,
        (string Name, Dictionary<string, AnalyzedCase> Cases) first)
    {
        foreach (var suite in rows.Where(c => first.Cases.ContainsKey(c.Case.CrossSubjectKey))
                     .GroupBy(c => c.Case.Suite))
        {
            var labels = ShortLabels(suite.Select(c => c.Case.CrossSubjectKey).ToList());
            var ratios = suite.Select((c, i) => (Label: labels[i], Ratio: Ratio(c, first.Cases))).ToList();
            Line("```mermaid");
            Line("xychart-beta");
            Line($"    title \"{comparison.Subject} ÷ {first.Name}, {suite.Key}\"");
            Line("    x-axis [" + string.Join(", ", ratios.Select(r => $"\"{r.Label}\"")) + "]");
            var top = Math.Ceiling(Math.Max(2, ratios.Max(r => r.Ratio))).ToString(CultureInfo.InvariantCulture);
            Line($"    y-axis \"time ratio\" 0 --> {V(top)}");
            Line("    bar [" + string.Join(", ", ratios.Select(r => V(F($"{r.Ratio:0.000}")))) + "]");
            Line("```");
            Line();
        }
    }

    /// <summary>
    /// Chart labels: each case key without the parts every key in the chart shares (the suite, ReusedBuffer, …).
    /// </summary>
    private static List<string> ShortLabels(IReadOnlyList<string> keys)
    {
        var parts = keys.Select(k => k.Split('/')).ToList();
        var width = parts.Min(p => p.Length);
        var varying = Enumerable.Range(0, width).Where(i => parts.Select(p => p[i]).Distinct().Count() > 1).ToList();
        return parts.Select(p => varying.Count == 0 ? string.Join('/', p) : string.Join(' ', varying.Select(i => p[i])))
            .ToList();
    }
}
