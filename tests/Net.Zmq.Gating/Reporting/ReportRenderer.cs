using System.Globalization;
using System.Text;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Reporting;

/// <summary>
/// Renders a run as markdown a maintainer or user would rather read than BenchmarkDotNet's output: what was and
/// was not measured, Net.Zmq-shaped tables per subject and size, the binding's overhead, the fingerprint, and
/// every gate with its verdict. With <c>scrub</c>, every value that depends on the machine or the run (verdicts
/// included) is replaced by "…", and the notes are left out, so that the report's structure can be snapshot-tested.
/// </summary>
public sealed class ReportRenderer(bool scrub = false)
{
    private const string Scrubbed = "…";
    private readonly StringBuilder _out = new();

    public static string Render(PerfRun run, bool scrub = false) => new ReportRenderer(scrub).RenderRun(run);

    private string RenderRun(PerfRun run)
    {
        Line("# Net.Zmq.Tests perf report");
        Line();
        RenderVerdict(run);
        RenderFailingGates(run);
        RenderHeadAgainstBase(run);
        RenderTimeBasis(run);
        RenderHeadline(run);
        foreach (var comparison in run.Comparisons)
        {
            RenderComparisonBySize(run, comparison);
        }

        RenderClaims(run);
        RenderCoverage(run);
        Line("## Tables");
        Line();
        foreach (var subject in run.Subjects.Where(s => s.ShowTables))
        {
            Collapsible($"{subject.Subject} — {subject.Suite}: {subject.Cases.Count} cases", () => RenderSubject(subject));
        }

        foreach (var comparison in run.Comparisons)
        {
            Collapsible(comparison.Title, () => RenderComparison(run, comparison));
        }

        RenderFingerprint(run);
        RenderGates(run);
        if (run.Notes.Count > 0 && !scrub)
        {
            Line("## Notes");
            Line();
            foreach (var note in run.Notes)
            {
                Line($"- {V(note.Text)}");
            }

            Line();
        }

        return _out.ToString();
    }

    /// <summary>The first thing a reader sees: whether the run passed, and which driver did not run at all.</summary>
    private void RenderVerdict(PerfRun run)
    {
        var failing = run.Gates.Count(g => g.FailsRun) + run.Subjects.Count(s => s.Error is not null);
        var known = run.Gates.Count(g => g.Verdict == GateVerdict.KnownViolation);
        Line(scrub ? Scrubbed : failing == 0
            ? $"**All gates hold**{(known > 0 ? $" ({known} reviewed known violation{(known == 1 ? "" : "s")} shown failing below)" : "")}."
            : $"**{failing} gate{(failing == 1 ? "" : "s")} fail.** See [Failing gates](#failing-gates).");
        Line();
        foreach (var absent in run.Absent)
        {
            Line($"**{absent.Subject} was not measured:** {V(absent.Reason)}");
            Line();
        }
    }

    /// <summary>Every gate that fails the run, with the file its bound came from: what a reader acts on.</summary>
    private void RenderFailingGates(PerfRun run)
    {
        Line("## Failing gates");
        Line();
        var failing = run.Gates.Where(g => g.FailsRun).ToList();
        var notGated = run.Subjects.Where(s => s.Error is not null).ToList();
        if (scrub)
        {
            // Which gates fail is the run's outcome, not the report's structure.
            Line(Scrubbed);
            Line();
            return;
        }

        if (failing.Count == 0 && notGated.Count == 0)
        {
            Line("None.");
            Line();
            return;
        }

        foreach (var subject in notGated)
        {
            Line($"- **{subject.Subject} — {subject.Suite} not gated** ({subject.BaselinePath}): {subject.Error}");
        }

        if (failing.Count > 0)
        {
            if (notGated.Count > 0)
            {
                // A table straight after a list would be read as part of its last item.
                Line();
            }

            Line("| Case | Gate | Measured | Bound | Baseline file |");
            Line("|---|---|---|---|---|");
            foreach (var gate in failing)
            {
                Line($"| {gate.Case} | {gate.Gate}{(gate.Note is null ? "" : $" ({gate.Note})")} | {gate.Measured} | {gate.Bound} | {gate.BaselineFile} |");
            }
        }

        Line();
    }

    /// <summary>How many of the head's cases moved most against the base, listed on the first screen.</summary>
    public const int MovedMostShown = 5;

    /// <summary>
    /// A change to the subject against its base, the merge gate: head ÷ base per suite (geometric mean, interval, how
    /// many cases are slower, the same or faster) and the cases that moved most, before anything else is read.
    /// </summary>
    private void RenderHeadAgainstBase(PerfRun run)
    {
        if (run.HeadAndBase is not { } builds || run.HeadAgainstBase is not { } compared)
        {
            return;
        }

        var t = HeadAgainstBaseGates.Default;
        Line("## Head against base");
        Line();
        Line($"Head: {V(builds.Head)}. Base: {V(builds.Base)}. Both measured in the same cells, their operations interleaved unit by unit " +
             $"(loaded first in this process: the {V(builds.LoadedFirst)}), so head ÷ base needs no baseline file and no machine class. " +
             F($"A case fails when its whole 95 % interval lies above {1 + t.Time:0.00} (and it is over {TimeRegressionRule.NoiseFloorNanosecondsPerMessage:0} ns per message slower; ") +
             F($"confirmed by measuring again); the geometric mean over every case when its interval lies above {1 + t.Aggregate:0.00}; ") +
             F($"allocation above the base's + {t.BytesRelative:P0} + {t.BytesAbsolute:0} B. Slower / faster: the case's interval wholly above / below 1."));
        Line();
        Line("| Suite | Cases | Head ÷ base, geometric mean weighted by precision [95 % CI] | Slower | Same | Faster |");
        Line("|---|---:|---|---:|---:|---:|");
        var timed = compared.Cases.Where(c => !c.Case.SleepBound).ToList();
        foreach (var suite in timed.GroupBy(c => c.Case.CrossSubjectKey.Split('/')[0]).Append(timed.GroupBy(_ => "all").Single()))
        {
            var mean = HeadAgainstBaseGates.Mean(suite) ?? GeometricMean.OfWeighted(
                suite.GroupBy(c => c.Case.Group).Select(g => (IReadOnlyList<(double, double)>)g.Select(c => (Math.Log(c.Ratio.Value), HeadAgainstBaseGates.Weight(c.Ratio))).ToList()).ToList());
            Line($"| {(suite.Key == "all" ? "**all**" : suite.Key)} | {suite.Count()} | {V(mean.ToString())} | {V(suite.Count(c => c.Ratio.Lower > 1))} | " +
                 $"{V(suite.Count(c => c.Ratio.Lower <= 1 && c.Ratio.Upper >= 1))} | {V(suite.Count(c => c.Ratio.Upper < 1))} |");
        }

        Line();
        var sleeping = compared.Cases.Count - timed.Count;
        Line($"Moved most, measured in its own uncertainty (of {compared.Cases.Count} cases" +
             $"{(sleeping > 0 ? $"; the {sleeping} that sleep between polls are shown, not judged, and left out of the means above" : "")}):");
        Line();
        Line("| Case | Head ÷ base [95 % CI] | CPU time [95 % CI] | Head / base bytes per operation |");
        Line("|---|---|---|---|");
        // By distance from 1 over the interval's width: a case known to ±1 % that moved 3 % has moved more than one known to ±40 % that moved 20 %.
        foreach (var c in compared.Cases.OrderByDescending(c => Math.Abs(Math.Log(c.Ratio.Value)) * Math.Sqrt(HeadAgainstBaseGates.Weight(c.Ratio))).Take(MovedMostShown))
        {
            Line($"| {V(c.Case.CrossSubjectKey)} | {V(c.Ratio.ToString())} | {V(c.CpuRatio?.ToString() ?? "–")} | " +
                 $"{V(Units.Bytes(c.Measurement.BytesAllocatedPerOperation))} / {V(c.ReferenceBytesPerOperation is { } b ? Units.Bytes(b) : "–")} |");
        }

        Line();
        if (builds.NotComparable.Count > 0)
        {
            foreach (var reason in builds.NotComparable.GroupBy(n => n.Reason))
            {
                Line($"**Not comparable**, {reason.Count()} case{(reason.Count() == 1 ? "" : "s")}: {V(reason.Key)} ({V(string.Join(", ", reason.Select(n => n.Case)))}).");
            }

            Line();
        }
    }

    /// <summary>
    /// Which time gates applied, against which machine class: a run on a machine its baselines have no class of gates
    /// far less time than one that has, and a reader must see that before reading "All gates hold".
    /// </summary>
    private void RenderTimeBasis(PerfRun run)
    {
        var judged = run.Subjects.Where(s => s.Basis is not null).ToList();
        if (judged.Count == 0)
        {
            return;
        }

        Line("## Time gates");
        Line();
        Line($"This machine's class: {V(run.Machine.Class)}. Time ratios per case are judged only against values of the same class (they move with the CPU and its generation, " +
             "the kernel, the cores, the GC and the thread placement); against another class only the suite means a baseline file declares portable " +
             "are, with that file's wider tolerance. Policy bounds and allocations are judged everywhere.");
        Line();
        Line("| Baseline file | Time judged | Against the class |");
        Line("|---|---|---|");
        foreach (var s in judged)
        {
            var basis = s.Basis!;
            var how = basis.Time switch
            {
                TimeJudgement.OwnClass => $"every case and the suite mean, on this machine's class (values from {Runs(basis.Class.Runs.Values)}, swing from {Runs(basis.Class.Runs.Swing)})",
                TimeJudgement.AcrossClasses when basis.File.CrossClass.AggregateTolerance is { } across =>
                    F($"the suite mean only, across classes, within {across:P0}; no case on its own"),
                TimeJudgement.AcrossClasses => $"none: {basis.File.CrossClass.Why}",
                _ => $"none: {basis.Why}",
            };
            Line($"| {s.BaselinePath} | {V(how)} | {V(basis.Class.Key)} |");
        }

        Line();
    }

    private static string Runs(int count) => count == 1 ? "1 run" : $"{count} runs";

    /// <summary>
    /// The headline suite in one table: per subject and group, the reference variant's rate and every other
    /// variant's time ratio to it, measured in the same run.
    /// </summary>
    private void RenderHeadline(PerfRun run)
    {
        var subjects = run.Subjects.Where(s => s.ShowTables && s.Suite == run.HeadlineSuite && s.Cases.Count > 0).ToList();
        if (subjects.Count == 0)
        {
            return;
        }

        var cases = subjects.SelectMany(s => s.Cases).ToList();
        var reference = cases[0].Case.ReferenceVariant;
        var variants = cases.Select(c => c.Case.Variant).Where(v => v != reference).Distinct().ToList();
        Line($"## {run.HeadlineSuite} at a glance");
        Line();
        Line($"Per driver and group: {reference}'s messages per second, and each other variant's time over {reference}'s in the same run " +
             "with its 95 % interval (below 1.000 is faster).");
        Line();
        Line($"| Driver | Group | {reference} msg/s | " + string.Join(" | ", variants) + " |");
        Line("|---|---|---:|" + string.Concat(variants.Select(_ => "---|")));
        foreach (var subject in subjects)
        {
            foreach (var group in subject.Cases.GroupBy(c => c.Case.Group))
            {
                var rate = group.FirstOrDefault(c => c.Case.IsReference) is { } r ? V(Units.Rate(r.Measurement.MessagesPerSecond)) : "–";
                Line($"| {subject.Subject} | {group.Key} | {rate} | " +
                     string.Join(" | ", variants.Select(v => group.FirstOrDefault(c => c.Case.Variant == v) is { } c ? V(c.Ratio.ToString()) : "–")) + " |");
            }
        }

        Line();
    }

    /// <summary>A comparison in one line per message size: the geometric mean over the cases of that size, and their range.</summary>
    private void RenderComparisonBySize(PerfRun run, CrossSubjectComparison comparison)
    {
        var (subject, references) = Sides(run, comparison);
        Line($"## {comparison.Subject} against {string.Join(" and ", comparison.References)}, per message size");
        Line();
        var sizes = subject.Where(c => references.Any(r => r.Cases.ContainsKey(c.Case.CrossSubjectKey)))
            .GroupBy(c => c.Measurement.MessageBytes).OrderBy(g => g.Key).ToList();
        if (sizes.Count == 0)
        {
            Line($"Not available in this run: it needs {comparison.Subject} and at least one of {string.Join(", ", comparison.References)} measured.");
            Line();
            return;
        }

        Line($"{comparison.Subject}'s time over each other driver's: the geometric mean over every case of that size both ran, with the " +
             $"range of those cases (below 1.000 {comparison.Subject} is faster). Case by case under \"{comparison.Title}\" below.");
        Line();
        Line("| Size | " + string.Join(" | ", references.Select(r => $"{comparison.Subject} ÷ {r.Name}")) + " |");
        Line("|---|" + string.Concat(references.Select(_ => "---|")));
        foreach (var size in sizes)
        {
            Line($"| {Units.Size(size.Key)} | " + string.Join(" | ", references.Select(r =>
            {
                var ratios = size.Where(c => r.Cases.ContainsKey(c.Case.CrossSubjectKey))
                    .Select(c => SuiteAnalysis.Compare(c.Measurement, r.Cases[c.Case.CrossSubjectKey].Measurement).Value).ToList();
                return ratios.Count == 0 ? "–"
                    : V(F($"{Math.Exp(ratios.Average(Math.Log)):0.000} ({ratios.Min():0.000}–{ratios.Max():0.000})")) + $", {ratios.Count} cases";
            })) + " |");
        }

        Line();
    }

    /// <summary>A comparison's subject cases, and each reference subject that ran with its cases by cross-subject key.</summary>
    private static (List<AnalyzedCase> Subject, List<(string Name, Dictionary<string, AnalyzedCase> Cases)> References) Sides(
        PerfRun run, CrossSubjectComparison comparison) =>
        (run.Subjects.Where(s => s.Subject == comparison.Subject && s.ShowTables).SelectMany(s => s.Cases).ToList(),
         comparison.References
            .Select(r => (Name: r, Cases: run.Subjects.Where(s => s.Subject == r).SelectMany(s => s.Cases).ToDictionary(c => c.Case.CrossSubjectKey)))
            .Where(r => r.Cases.Count > 0)
            .ToList());

    private static string F(FormattableString value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>A section a reader opens when they need it: the tables after the first screen.</summary>
    private void Collapsible(string summary, Action body)
    {
        Line($"<details><summary>{summary}</summary>");
        Line();
        body();
        Line("</details>");
        Line();
    }

    private void RenderCoverage(PerfRun run)
    {
        Line("## What was measured");
        Line();
        var p = run.Profile;
        Line($"Profile `{p.Description}`: each cell's cases (every driver and variant of one suite, pattern, transport and size) measured in " +
             $"alternating operations on shared workloads: {Describe(p.ShortOperations)} per case where operations last milliseconds " +
             $"({Describe(p.LongOperations)} where they last 0.1 s or more: messages over 4 KiB over tcp); ratios are paired within each unit; one operation is " +
             $"{run.MessagesPerOperation.ToString("N0", CultureInfo.InvariantCulture)} messages. Started {V(run.StartedAt.ToString("u", CultureInfo.InvariantCulture))}, " +
             $"measured for {V(run.Duration.TotalSeconds.ToString("0", CultureInfo.InvariantCulture))} s. Times are judged only as ratios between cases of " +
             "the same run; messages per second are reported, never asserted.");
        Line();
        Line("| driver | measured | cases | what ran, or why not |");
        Line("|---|---|---|---|");
        foreach (var subject in run.Subjects.Where(s => s.ShowTables).GroupBy(s => s.Subject))
        {
            Line($"| {subject.Key} | yes | {subject.Sum(s => s.Cases.Count)} ({string.Join(", ", subject.Select(s => $"{s.Suite} {s.Cases.Count}"))}) | " +
                 $"{V(subject.First().Description)} |");
        }

        foreach (var absent in run.Absent)
        {
            Line($"| {absent.Subject} | **no** | 0 | {V(absent.Reason)} |");
        }

        Line();
    }

    private void RenderSubject(SubjectRun subject)
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
            Line("| Case | Mean | Latency | Messages/sec | Data Throughput | Allocated | Gen0 | Gen1 | Gen2 | Ratio [95 % CI] | CPU Ratio [95 % CI] |");
            Line("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
            foreach (var c in group)
            {
                var m = c.Measurement;
                Line($"| {c.Case.Variant} | {V(Units.Time(m.MeanNanoseconds))} | {V(Units.Time(m.NanosecondsPerMessage))} | {V(Units.Rate(m.MessagesPerSecond))} | " +
                     $"{V(Units.Throughput(m.BytesPerSecond))} | {V(Units.Bytes(m.BytesAllocatedPerOperation))} | {V(Units.Count(m.Gen0PerThousandOperations))} | " +
                     $"{V(Units.Count(m.Gen1PerThousandOperations))} | {V(Units.Count(m.Gen2PerThousandOperations))} | " +
                     $"{(c.Case.IsReference ? "1.000 (reference)" : V(c.Ratio.ToString()))} | " +
                     $"{(c.CpuRatio is null ? "–" : c.Case.IsReference ? "1.000 (reference)" : V(c.CpuRatio.ToString()))} |");
            }

            Line();
        }
    }

    private void RenderComparison(PerfRun run, CrossSubjectComparison comparison)
    {
        var (subject, references) = Sides(run, comparison);
        Line(comparison.Explanation);
        Line();
        var rows = subject.Where(c => references.Any(r => r.Cases.ContainsKey(c.Case.CrossSubjectKey))).ToList();
        if (rows.Count == 0)
        {
            Line($"Not available in this run: it needs {comparison.Subject} and at least one of {string.Join(", ", comparison.References)} measured.");
            Line();
            return;
        }

        Line($"| Case | {comparison.Subject} mean | " + string.Join(" | ", references.Select(r => $"{r.Name} mean")) + " | " +
             string.Join(" | ", references.Select(r => $"{comparison.Subject} ÷ {r.Name} [95 % CI]")) + " |");
        Line("|---|---:|" + string.Concat(references.Select(_ => "---:|")) + string.Concat(references.Select(_ => "---|")));
        foreach (var c in rows)
        {
            var matches = references.Select(r => r.Cases.GetValueOrDefault(c.Case.CrossSubjectKey)).ToList();
            Line($"| {c.Case.CrossSubjectKey} | {V(Units.Time(c.Measurement.MeanNanoseconds))} | " +
                 string.Join(" | ", matches.Select(m => m is null ? "–" : V(Units.Time(m.Measurement.MeanNanoseconds)))) + " | " +
                 string.Join(" | ", matches.Select(m => m is null ? "–" : V(SuiteAnalysis.Compare(c.Measurement, m.Measurement).ToString()))) + " |");
        }

        Line();
        var first = references[0];
        foreach (var suite in rows.Where(c => first.Cases.ContainsKey(c.Case.CrossSubjectKey)).GroupBy(c => c.Case.Suite))
        {
            var labels = ShortLabels(suite.Select(c => c.Case.CrossSubjectKey).ToList());
            var ratios = suite.Select((c, i) => (Label: labels[i],
                Ratio: SuiteAnalysis.Compare(c.Measurement, first.Cases[c.Case.CrossSubjectKey].Measurement).Value)).ToList();
            Line("```mermaid");
            Line("xychart-beta");
            Line($"    title \"{comparison.Subject} ÷ {first.Name}, {suite.Key}\"");
            Line("    x-axis [" + string.Join(", ", ratios.Select(r => $"\"{r.Label}\"")) + "]");
            Line($"    y-axis \"time ratio\" 0 --> {(scrub ? Scrubbed : Math.Ceiling(Math.Max(2, ratios.Max(r => r.Ratio))).ToString(CultureInfo.InvariantCulture))}");
            Line("    bar [" + string.Join(", ", ratios.Select(r => V(r.Ratio.ToString("0.000", CultureInfo.InvariantCulture)))) + "]");
            Line("```");
            Line();
        }
    }

    private static string Describe(Sampling s) =>
        $"{s.OperationsPerCase} timed operations in {s.Blocks} block{(s.Blocks == 1 ? "" : "s")} of {s.UnitsPerBlock} unit{(s.UnitsPerBlock == 1 ? "" : "s")}" +
        (s.WarmupOperations > 0 ? $" after {s.WarmupOperations} untimed per block" : "");

    /// <summary>Chart labels: each case key without the parts every key in the chart shares (the suite, ReusedBuffer, …).</summary>
    private static List<string> ShortLabels(IReadOnlyList<string> keys)
    {
        var parts = keys.Select(k => k.Split('/')).ToList();
        var width = parts.Min(p => p.Length);
        var varying = Enumerable.Range(0, width).Where(i => parts.Select(p => p[i]).Distinct().Count() > 1).ToList();
        return parts.Select(p => varying.Count == 0 ? string.Join('/', p) : string.Join(' ', varying.Select(i => p[i]))).ToList();
    }

    private void RenderClaims(PerfRun run)
    {
        if (run.Claims.Count == 0)
        {
            return;
        }

        Line("## Published claims");
        Line();
        Line("Each claim checked against this run: **holds** when every estimate lies in the claimed range, **does not hold** when some " +
             "estimate's whole 95 % interval lies outside it, **unclear** in between. A claim that does not hold here is a finding about " +
             "this machine and workload, not a failure of the run; only the claims marked as gates can fail it, through their gate.");
        Line();
        Line("| Claim | Statement | Verdict | Measured | Gate |");
        Line("|---|---|---|---|---|");
        foreach (var claim in run.Claims)
        {
            var verdict = claim.Verdict switch
            {
                ClaimVerdict.Holds => "holds",
                ClaimVerdict.Unclear => "unclear",
                ClaimVerdict.DoesNotHold => "**does not hold**",
                _ => "not measured",
            };
            Line($"| {claim.Id} | {claim.Claim} | {V(verdict)} | {V(claim.Evidence)} | {claim.Gate?.ToString() ?? "informs only"} |");
        }

        Line();
    }

    private void RenderFingerprint(PerfRun run)
    {
        Line("## Fingerprint");
        Line();
        var m = run.Machine;
        Line("| | this run |");
        Line("|---|---|");
        Line($"| CPU | {V(m.Cpu)} ({V(m.Cores)} cores; {V(m.CpuSignature ?? "generation not recorded")}) |");
        Line($"| OS | {V(m.OperatingSystem)}, kernel {V(m.Kernel ?? "not recorded")} |");
        Line($"| Machine class | {V(m.Class)} |");
        Line($"| .NET | {V(m.Runtime)} |");
        Line($"| GC | {V(m.GarbageCollector)} |");
        Line($"| BenchmarkDotNet | {V(m.BenchmarkDotNet)} |");
        Line($"| Threads | {V(m.Placement)} |");
        Line();
        Line("| driver | version | from | native library | baseline recorded | baseline machine class |");
        Line("|---|---|---|---|---|---|");
        foreach (var s in run.Subjects)
        {
            var baseline = s.Basis?.Class.Fingerprint;
            // Which class judged the run depends on the machine, so it is scrubbed like every other machine-dependent value.
            var same = baseline is null ? "none" : V(baseline.Machine.Class == m.Class ? "this machine's class" : $"{baseline.Machine.Class}: **not this machine's**");
            var versionNote = baseline is not null && baseline.Subject.Version != s.Fingerprint.Version
                ? $" (baseline: {V(baseline.Subject.Version)})"
                : "";
            Line($"| {s.Subject} | {V(s.Fingerprint.Version)}{versionNote} | {V(s.Fingerprint.Origin)} | {V(s.Fingerprint.NativeLibrary)} | " +
                 $"{(baseline is null ? "none" : V(baseline.RecordedAt.ToString("u", CultureInfo.InvariantCulture)))} ({s.BaselinePath}) | {same} |");
        }

        Line();
    }

    private void RenderGates(PerfRun run)
    {
        Line("## Gates");
        Line();
        // A subject that could not be gated is named, with why, under "Failing gates" on the first screen.
        var counts = string.Join(", ", run.Gates.GroupBy(g => g.Verdict).OrderBy(g => g.Key).Select(g => $"{g.Count()} {Describe(g.Key)}"));
        Line($"<details><summary>All {run.Gates.Count()} gates: {V(counts)}</summary>");
        Line();
        Line("| Gate | Case | Measured | Bound | Verdict |");
        Line("|---|---|---|---|---|");
        foreach (var gate in scrub ? run.Gates : run.Gates.OrderBy(g => g.Verdict == GateVerdict.Pass ? 1 : 0))
        {
            var verdict = gate.Verdict switch
            {
                GateVerdict.Pass when gate.Note is not null => $"pass ({gate.Note})",
                GateVerdict.Pass => "pass",
                GateVerdict.Fail when gate.Note is not null => $"**FAIL** ({gate.Note})",
                GateVerdict.Fail => "**FAIL**",
                GateVerdict.NotApplied => $"not applied ({gate.Note})",
                _ => "**FAIL** (reviewed known violation)",
            };
            Line($"| {gate.Gate} | {gate.Case} | {V(gate.Measured)} | {V(gate.Bound)} | {V(verdict)} |");
        }

        Line();
        Line("</details>");
        Line();
    }

    private static string Describe(GateVerdict verdict) => verdict switch
    {
        GateVerdict.Pass => "pass",
        GateVerdict.Fail => "fail",
        GateVerdict.KnownViolation => "known violation",
        _ => "not applied",
    };

    private string V(string value) => scrub ? Scrubbed : value;

    private string V(int value) => V(value.ToString(CultureInfo.InvariantCulture));

    private void Line(string text = "") => _out.Append(text).Append('\n');
}
