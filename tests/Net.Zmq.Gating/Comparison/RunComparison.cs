using NetZmqTests.Gating.Adoption;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Statistics;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Comparison;

/// <summary>
/// One case of a results.json as a comparison needs it: its time ratio (in CPU time where its gates judge that), its
/// cost, and the tolerances its baseline entry set, or the defaults.
/// </summary>
public sealed record ComparedCase(AnalyzedCase Analyzed, Tolerances Tolerances)
{
    private bool InCpuTime => GateEvaluator.JudgedInCpuTime(Analyzed);

    public string Id => Analyzed.Case.Id;

    public string Suite => $"{Analyzed.Case.Subject}/{Analyzed.Case.Suite}";

    public RatioEstimate Ratio => InCpuTime ? Analyzed.CpuRatio! : Analyzed.Ratio;

    public double RunToRun => InCpuTime ? Tolerances.CpuRunToRun : Tolerances.RunToRun;

    public double BytesPerOperation => Analyzed.Measurement.BytesAllocatedPerOperation;

    public double ReferenceNanosecondsPerMessage =>
        Quantiles.Median(Analyzed.ReferenceNanosecondsPerOperation) / Analyzed.Measurement.MessagesPerOperation;
}

/// <summary>What a comparison reads of one results.json: the machine class, and every non-reference case.</summary>
public sealed record RunResults(string Path, string MachineClass, IReadOnlyDictionary<string, ComparedCase> Cases)
{
    public static RunResults Read(string path)
    {
        var run = ResultsFile.Read(path);
        var cases = new Dictionary<string, ComparedCase>(StringComparer.Ordinal);
        foreach (var (suite, c) in from s in run.Suites from c in s.Cases where !c.Case.IsReference select (s, c))
            cases[c.Case.Id] = new(c, suite.EntryOf(c.Case.Id)?.Tolerances ?? Tolerances.Default);

        return new RunResults(path, run.Machine.Class, cases);
    }
}

public enum Change
{
    Same,
    Slower,
    Faster,
}

/// <summary>One case in both runs: the time change by the gates' rule, and the allocations side by side.</summary>
public sealed record CaseComparison(
    string Id, string Suite, Change Time, RatioEstimate Slowdown, double BytesBefore, double BytesAfter,
    bool AllocatesMore)
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
        [.. before.Cases.Values.Where(c => after.Cases.ContainsKey(c.Id)).OrderBy(c => c.Id, StringComparer.Ordinal)
            .Select(b => Compare(b, after.Cases[b.Id]))];

    private static CaseComparison Compare(ComparedCase b, ComparedCase a)
    {
        var slowdown = TimeRegressionRule.Slowdown(a.Ratio, b.Ratio.Value, b.Ratio.Lower, b.Ratio.Upper, b.RunToRun);
        var bound = 1 + b.Tolerances.Ratio;
        var perMessage = Math.Abs(a.Ratio.Value - b.Ratio.Value) * b.ReferenceNanosecondsPerMessage;
        var time = perMessage <= TimeRegressionRule.NoiseFloorNanosecondsPerMessage ? Change.Same
            : slowdown.Value > bound && slowdown.Lower > bound ? Change.Slower
            : slowdown.Value < 1 / bound && slowdown.Upper < 1 / bound ? Change.Faster
            : Change.Same;
        var more = a.BytesPerOperation >
            (b.BytesPerOperation * (1 + b.Tolerances.BytesRelative)) + b.Tolerances.BytesAbsolute;
        return new CaseComparison(b.Id, b.Suite, time, slowdown, b.BytesPerOperation, a.BytesPerOperation, more);
    }

    /// <summary>
    /// The comparison as Markdown: the machines, per suite the geometric mean of the slowdowns, then every case.
    /// </summary>
    public static string Render(RunResults before, RunResults after, IReadOnlyList<CaseComparison> rows)
    {
        var text = new ReportText(scrub: false);
        var failing = rows.Count(r => r.WouldFailAGate);
        text.Line($"# {after.Path} against {before.Path}");
        text.Line();
        text.Line(failing == 0 ? "**No case would fail a gate.**"
            : $"**{failing} case{(failing == 1 ? "" : "s")} would fail a gate.**");
        text.Line();
        text.Line(before.MachineClass == after.MachineClass
            ? $"Both runs on the same machine class: {before.MachineClass}."
            : $"**Different machines**: {before.MachineClass} against {after.MachineClass}. Ratios are compared as " +
              "the gates compare them, but a gate would not judge time across machine classes: read the time " +
              "changes with care.");
        text.Line();
        text.Table(["suite", "cases", "geometric mean of slowdowns", "slower", "faster", "allocating more"], rows
            .GroupBy(r => r.Suite).Select(suite => new[] { suite.Key, F($"{suite.Count()}"),
                F($"{Math.Exp(suite.Average(r => Math.Log(r.Slowdown.Value))):0.000}"),
                F($"{suite.Count(r => r.Time == Change.Slower)}"), F($"{suite.Count(r => r.Time == Change.Faster)}"),
                F($"{suite.Count(r => r.AllocatesMore)}") }), "lrrrrr");
        text.Table(["case", "time", "ratio now ÷ before [95 % CI]", "bytes/op before", "bytes/op now"], rows
            .OrderByDescending(r => r.WouldFailAGate).ThenBy(r => r.Id, StringComparer.Ordinal).Select(r => new[]
            {
                r.Id, r.Time == Change.Same ? "Same" : $"**{r.Time}**", r.Slowdown.ToString(), F($"{r.BytesBefore:N0}"),
                r.AllocatesMore ? F($"**{r.BytesAfter:N0}**") : F($"{r.BytesAfter:N0}"),
            }), "lllrr", blankAfter: false);
        return text.ToString();
    }
}
