using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Reporting;

/// <summary>The headline table, what was measured, and each subject's tables per group.</summary>
internal sealed partial class ReportText
{
    /// <summary>
    /// The headline suite in one table: per subject and group, the reference variant's rate and every other
    /// variant's time ratio to it, measured in the same run.
    /// </summary>
    public void RenderHeadline(JudgedRun run)
    {
        var subjects = run.Subjects.Where(s => s.ShowTables && s.Suite == run.HeadlineSuite && s.Cases.Count > 0)
            .ToList();
        if (subjects.Count == 0)
            return;

        var cases = subjects.SelectMany(s => s.Cases).ToList();
        var reference = cases[0].Case.ReferenceVariant;
        var variants = cases.Select(c => c.Case.Variant).Where(v => v != reference).Distinct().ToList();
        Line($"## {run.HeadlineSuite} at a glance");
        Line();
        Line($"Per driver and group: {reference}'s messages per second, and each other variant's time over " +
             $"{reference}'s in the same run with its 95 % interval (below 1.000 is faster).");
        Line();
        Table(["Driver", "Group", $"{reference} msg/s", .. variants], subjects.SelectMany(s => s.Cases
            .GroupBy(c => c.Case.Group).Select(group => (string[])[s.Subject, group.Key,
                group.FirstOrDefault(c => c.Case.IsReference) is { } r
                    ? V(Rate(r.Measurement.MessagesPerSecond))
                    : "–",
                .. variants.Select(v =>
                    group.FirstOrDefault(c => c.Case.Variant == v) is { } c ? V(c.Ratio.ToString()) : "–")])), "llr");
    }

    public void RenderCoverage(JudgedRun run)
    {
        Line("## What was measured");
        Line();
        var p = run.Profile;
        Line($"Profile `{p.Description}`: each cell's cases (every driver and variant of one suite, pattern, " +
             "transport and size) measured in alternating operations on shared workloads: " +
             $"{Describe(p.ShortOperations)} per case where operations last milliseconds " +
             $"({Describe(p.LongOperations)} where they last 0.1 s or more: " +
             "messages over 4 KiB over tcp" +
             (p.Kind == ProfileKind.PullRequest ? ", and in this profile over inproc too" : "") +
             "); ratios are paired within each unit; one operation is " +
             F($"{run.MessagesPerOperation:N0} messages. Started {V(F($"{run.StartedAt:u}"))}, measured for ") +
             $"{V(F($"{run.Duration.TotalSeconds:0}"))} s. Times are judged only as ratios between cases of the same " +
             "run; messages per second are reported, never asserted.");
        Line();
        Table(["driver", "measured", "cases", "what ran, or why not"], run.Subjects.Where(s => s.ShowTables)
            .GroupBy(s => s.Subject).Select(subject => new[] { subject.Key, "yes",
                $"{subject.Sum(s => s.Cases.Count)} " +
                $"({string.Join(", ", subject.Select(s => $"{s.Suite} {s.Cases.Count}"))})",
                V(subject.First().Description) })
            .Concat(run.Absent.Select(absent => new[] { absent.Subject, "**no**", "0", V(absent.Reason) })));
    }

    private static string Describe(Sampling s) =>
        $"{s.OperationsPerCase} timed operations in {s.Blocks} block{(s.Blocks == 1 ? "" : "s")} of " +
        $"{s.UnitsPerBlock} unit{(s.UnitsPerBlock == 1 ? "" : "s")}" +
        (s.WarmupOperations > 0 ? $" after {s.WarmupOperations} untimed per block" : "");

    /// <summary>Every subject's full table, and every comparison's, each collapsed.</summary>
    public void RenderTables(JudgedRun run)
    {
        Line("## Tables");
        Line();
        foreach (var subject in run.Subjects.Where(s => s.ShowTables))
        {
            Collapsible($"{subject.Subject} — {subject.Suite}: {subject.Cases.Count} cases",
                () => RenderSubject(subject));
        }

        foreach (var comparison in run.Comparisons)
            Collapsible(comparison.Title, () => RenderComparison(run, comparison));
    }

    private void RenderSubject(GatedSuite subject)
    {
        if (subject.Error is not null)
        {
            Line($"**Not gated:** {V(subject.Error)}");
            Line();
        }

        foreach (var group in subject.Cases.GroupBy(c => c.Case.Group))
        {
            Line($"### {group.Key}");
            Line();
            Table(["Case", "Mean", "Latency", "Messages/sec", "Data Throughput", "Allocated", "Gen0", "Gen1", "Gen2",
                "Ratio [95 % CI]", "CPU Ratio [95 % CI]"], group.Select(c => (string[])[c.Case.Variant,
                .. Figures(c.Measurement).Select(V), c.Case.IsReference ? Reference : V(c.Ratio.ToString()),
                c.CpuRatio is null ? "–" : c.Case.IsReference ? Reference : V(c.CpuRatio.ToString())]), "lrrrrrrrr");
        }
    }

    private const string Reference = "1.000 (reference)";

    private static string[] Figures(CaseMeasurement m) => [Time(m.MeanNanoseconds), Time(m.NanosecondsPerMessage),
        Rate(m.MessagesPerSecond), Throughput(m.BytesPerSecond), Bytes(m.BytesAllocatedPerOperation),
        Count(m.Gen0PerThousandOperations), Count(m.Gen1PerThousandOperations), Count(m.Gen2PerThousandOperations)];
}
