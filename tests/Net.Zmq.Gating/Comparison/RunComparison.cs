using System.Globalization;
using System.Text;
using NetZmqTests.Gating.Adoption;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Comparison;

/// <summary>
/// One case of a results.json as a comparison needs it: its time ratio, its cost and the tolerances its baseline set.
/// </summary>
public sealed record ComparedCase(
    string Id,
    string Suite,
    RatioEstimate Ratio,
    double ReferenceNanosecondsPerMessage,
    double BytesPerOperation,
    double RatioTolerance,
    double RunToRun,
    double BytesRelative,
    double BytesAbsolute);

/// <summary>What a comparison reads of one results.json: the machine class, and every non-reference case.</summary>
public sealed record RunResults(string Path, string MachineClass, IReadOnlyDictionary<string, ComparedCase> Cases)
{
    public static RunResults Read(string path)
    {
        var run = ResultsFile.Read(path);
        var cases = new Dictionary<string, ComparedCase>(StringComparer.Ordinal);
        foreach (var suite in run.Suites)
        {
            foreach (var analyzed in suite.Cases.Where(c => !c.Case.IsReference))
                cases[analyzed.Case.Id] = Compared(analyzed, suite.EntryOf(analyzed.Case.Id));
        }

        return new RunResults(path, run.Machine.Class, cases);
    }

    /// <summary>One case with the tolerances of its baseline <paramref name="entry"/>, or the defaults.</summary>
    private static ComparedCase Compared(AnalyzedCase analyzed, BaselineCase? entry)
    {
        var inCpuTime = GateEvaluator.JudgedInCpuTime(analyzed);
        var tolerances = entry?.Tolerances ?? Tolerances.Default;
        var measurement = analyzed.Measurement;
        return new ComparedCase(analyzed.Case.Id, $"{analyzed.Case.Subject}/{analyzed.Case.Suite}",
            inCpuTime ? analyzed.CpuRatio! : analyzed.Ratio,
            Quantiles.Median(analyzed.ReferenceNanosecondsPerOperation) / measurement.MessagesPerOperation,
            measurement.BytesAllocatedPerOperation,
            tolerances.Ratio, inCpuTime ? tolerances.CpuRunToRun : tolerances.RunToRun,
            tolerances.BytesRelative, tolerances.BytesAbsolute);
    }
}

public enum Change
{
    Same,
    Slower,
    Faster,
}

/// <summary>One case in both runs: the time change by the gates' rule, and the allocations side by side.</summary>
public sealed record CaseComparison(string Id, string Suite, Change Time, RatioEstimate Slowdown, double BytesBefore, double BytesAfter, bool AllocatesMore)
{
    public bool WouldFailAGate => Time == Change.Slower || AllocatesMore;
}

/// <summary>
/// Two Perf runs compared with the gates' own rule (<see cref="TimeRegressionRule.Slowdown"/>): the second run's ratio
/// over the first's, with both intervals and the case's run-to-run swing in quadrature; Slower only beyond the
/// case's tolerance, significantly and by more than the noise floor per message; Faster the same way down.
/// Allocations: more than the first run's bytes plus the baseline's slack. The first run stands where a baseline
/// stands in a gate, and its baseline's tolerances are the ones used. A sleep-bound case is compared in CPU time,
/// as its gates judge it.
/// </summary>
public static class RunComparison
{
    public static IReadOnlyList<CaseComparison> Compare(RunResults before, RunResults after) =>
        before.Cases.Values.Where(c => after.Cases.ContainsKey(c.Id)).OrderBy(c => c.Id, StringComparer.Ordinal).Select(b =>
        {
            var a = after.Cases[b.Id];
            var slowdown = TimeRegressionRule.Slowdown(a.Ratio, b.Ratio.Value, b.Ratio.Lower, b.Ratio.Upper, b.RunToRun);
            var bound = 1 + b.RatioTolerance;
            var perMessage = Math.Abs(a.Ratio.Value - b.Ratio.Value) * b.ReferenceNanosecondsPerMessage;
            var time = perMessage <= TimeRegressionRule.NoiseFloorNanosecondsPerMessage ? Change.Same
                : slowdown.Value > bound && slowdown.Lower > bound ? Change.Slower
                : slowdown.Value < 1 / bound && slowdown.Upper < 1 / bound ? Change.Faster
                : Change.Same;
            var more = a.BytesPerOperation > (b.BytesPerOperation * (1 + b.BytesRelative)) + b.BytesAbsolute;
            return new CaseComparison(b.Id, b.Suite, time, slowdown, b.BytesPerOperation, a.BytesPerOperation, more);
        }).ToList();

    /// <summary>
    /// The comparison as Markdown: the machines, per suite the geometric mean of the slowdowns, then every case.
    /// </summary>
    public static string Render(RunResults before, RunResults after, IReadOnlyList<CaseComparison> rows)
    {
        var text = new StringBuilder();
        void Line(string line) => text.Append(line).Append('\n');
        var failing = rows.Count(r => r.WouldFailAGate);
        Line($"# {after.Path} against {before.Path}");
        Line("");
        Line(failing == 0 ? "**No case would fail a gate.**" : $"**{failing} case{(failing == 1 ? "" : "s")} would fail a gate.**");
        Line("");
        Line(before.MachineClass == after.MachineClass
            ? $"Both runs on the same machine class: {before.MachineClass}."
            : $"**Different machines**: {before.MachineClass} against {after.MachineClass}. Ratios are compared as the gates compare them, but a gate would not judge time across machine classes: read the time changes with care.");
        Line("");
        Line("| suite | cases | geometric mean of slowdowns | slower | faster | allocating more |");
        Line("|---|---:|---:|---:|---:|---:|");
        foreach (var suite in rows.GroupBy(r => r.Suite))
        {
            var mean = Math.Exp(suite.Average(r => Math.Log(r.Slowdown.Value)));
            Line(string.Create(CultureInfo.InvariantCulture,
                $"| {suite.Key} | {suite.Count()} | {mean:0.000} | {suite.Count(r => r.Time == Change.Slower)} | {suite.Count(r => r.Time == Change.Faster)} | {suite.Count(r => r.AllocatesMore)} |"));
        }

        Line("");
        Line("| case | time | ratio now ÷ before [95 % CI] | bytes/op before | bytes/op now |");
        Line("|---|---|---|---:|---:|");
        foreach (var r in rows.OrderByDescending(r => r.WouldFailAGate).ThenBy(r => r.Id, StringComparer.Ordinal))
        {
            Line(string.Create(CultureInfo.InvariantCulture,
                $"| {r.Id} | {(r.Time == Change.Same ? "Same" : $"**{r.Time}**")} | {r.Slowdown} | {r.BytesBefore:N0} | {(r.AllocatesMore ? $"**{r.BytesAfter:N0}**" : $"{r.BytesAfter:N0}")} |"));
        }

        return text.ToString();
    }
}
