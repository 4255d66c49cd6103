using System.Globalization;
using System.Text;

namespace NetZmqTests.Gating.Reporting;

/// <summary>
/// The report as it is written: markdown lines, and with <c>scrub</c> every value that depends on the machine or the
/// run replaced by "…" (<see cref="V(string)"/>), so that the report's structure can be snapshot-tested. Each section
/// of the report is a part of this class in a file of its own (Report*Section.cs).
/// </summary>
internal sealed partial class ReportText(bool scrub)
{
    private readonly StringBuilder _out = new();

    public void Line(string text = "") => _out.Append(text).Append('\n');

    public string V(string value) => scrub ? "…" : value;

    public string V(int value) => V(value.ToString(CultureInfo.InvariantCulture));

    /// <summary>A section a reader opens when they need it: the tables after the first screen.</summary>
    public void Collapsible(string summary, Action body)
    {
        Line($"<details><summary>{summary}</summary>");
        Line();
        body();
        Line("</details>");
        Line();
    }

    public override string ToString() => _out.ToString();

    /// <summary>
    /// A whole table: its header, its separator (the column at i right-aligned where <paramref name="right"/>[i] is
    /// 'r'), its rows, and unless <paramref name="blankAfter"/> is false the blank line after it.
    /// </summary>
    public void Table(IEnumerable<string> columns, IEnumerable<IEnumerable<string>> rows, string right = "",
        bool blankAfter = true)
    {
        Row(columns);
        Line($"|{string.Concat(columns.Select((_, i) => i < right.Length && right[i] == 'r' ? "---:|" : "---|"))}");
        foreach (var row in rows)
            Row(row);

        if (blankAfter)
            Line();
    }

    private void Row(IEnumerable<string> cells) => Line($"| {string.Join(" | ", cells)} |");

    /// <summary>A case id's part by its index (0 the subject, 1 the suite).</summary>
    private static string Part(string caseId, int index) => caseId.Split('/')[index];

    /// <summary>
    /// Per suite, a collapsed table of each case's <paramref name="cell"/> (scrubbed), the subjects side by side.
    /// </summary>
    private void RenderSuites<T>(IEnumerable<T> cases, Func<T, string> id, Func<T, string> cell)
    {
        foreach (var suite in cases.GroupBy(c => Part(id(c), 1)).OrderBy(g => g.Key, StringComparer.Ordinal))
        {
            var subjects = suite.Select(c => Part(id(c), 0)).Distinct(StringComparer.Ordinal).ToList();
            var rows = suite.GroupBy(c => id(c)[(id(c).IndexOf('/', StringComparison.Ordinal) + 1)..],
                StringComparer.Ordinal).ToList();
            Collapsible($"{suite.Key}: {rows.Count} cases, {string.Join(", ", subjects)}", () => Table(
                ["Case", .. subjects], rows.Select(row => subjects.Select(s =>
                    row.FirstOrDefault(c => Part(id(c), 0) == s) is { } c ? V(cell(c)) : "").Prepend(row.Key)),
                blankAfter: false));
        }
    }
}
