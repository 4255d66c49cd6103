using System.Globalization;
using System.Text;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;

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
        var failing = run.Gates.Count(g => g.FailsRun) + run.Subjects.Count(s => s.Error is not null);
        var known = run.Gates.Count(g => g.Verdict == GateVerdict.KnownViolation);
        Line(scrub ? Scrubbed : failing == 0
            ? $"**All gates hold**{(known > 0 ? $" ({known} reviewed known violation{(known == 1 ? "" : "s")} shown failing below)" : "")}."
            : $"**{failing} gate{(failing == 1 ? "" : "s")} fail.** See [Gates](#gates).");
        Line();
        var p = run.Profile;
        Line($"Profile `{p.Name}`: {p.Rounds} rounds of {p.SmallMessageIterations} measured operations per case " +
             $"({p.LargeMessageIterations} for messages over {Units.Bytes(MeasurementProfile.LargeMessageBytes)}); one operation is " +
             $"{run.MessagesPerOperation.ToString("N0", CultureInfo.InvariantCulture)} messages. Started {V(run.StartedAt.ToString("u", CultureInfo.InvariantCulture))}, " +
             $"measured for {V(run.Duration.TotalSeconds.ToString("0", CultureInfo.InvariantCulture))} s. Times are judged only as ratios between cases of " +
             "the same run; messages per second are reported, never asserted.");
        Line();
        RenderCoverage(run);
        foreach (var subject in run.Subjects)
        {
            RenderSubject(subject);
        }

        foreach (var comparison in run.Comparisons)
        {
            RenderComparison(run, comparison);
        }

        RenderFingerprint(run);
        RenderGates(run);
        if (run.Notes.Count > 0 && !scrub)
        {
            Line("## Notes");
            Line();
            foreach (var note in run.Notes)
            {
                Line($"- {V(note)}");
            }

            Line();
        }

        return _out.ToString();
    }

    private void RenderCoverage(PerfRun run)
    {
        Line("## What was measured");
        Line();
        Line("| driver | measured | cases | what ran, or why not |");
        Line("|---|---|---|---|");
        foreach (var subject in run.Subjects)
        {
            Line($"| {subject.Subject} | yes | {subject.Cases.Count} | {V(subject.Description)} |");
        }

        foreach (var absent in run.Absent)
        {
            Line($"| {absent.Subject} | **no** | 0 | {V(absent.Reason)} |");
        }

        Line();
    }

    private void RenderSubject(SubjectRun subject)
    {
        Line($"## {subject.Subject} — {subject.Suite}");
        Line();
        if (subject.Error is not null)
        {
            Line($"**Not gated:** {V(subject.Error)}");
            Line();
        }

        foreach (var group in subject.Cases.GroupBy(c => c.Case.Group))
        {
            Line($"### {group.Key}");
            Line();
            Line("| Case | Mean | Latency | Messages/sec | Data Throughput | Allocated | Gen0 | Ratio [95 % CI] |");
            Line("|---|---:|---:|---:|---:|---:|---:|---|");
            foreach (var c in group)
            {
                var m = c.Measurement;
                Line($"| {c.Case.Variant} | {V(Units.Time(m.MeanNanoseconds))} | {V(Units.Time(m.NanosecondsPerMessage))} | {V(Units.Rate(m.MessagesPerSecond))} | " +
                     $"{V(Units.Throughput(m.BytesPerSecond))} | {V(Units.Bytes(m.BytesAllocatedPerOperation))} | {V(Units.Count(m.Gen0PerThousandOperations))} | " +
                     $"{(c.Case.IsReference ? "1.000 (reference)" : V(c.Ratio.ToString()))} |");
            }

            Line();
        }
    }

    private void RenderComparison(PerfRun run, CrossSubjectComparison comparison)
    {
        var subject = run.Subjects.FirstOrDefault(s => s.Subject == comparison.Subject);
        var reference = run.Subjects.FirstOrDefault(s => s.Subject == comparison.Reference);
        Line($"## {comparison.Title}: {comparison.Subject} ÷ {comparison.Reference}");
        Line();
        Line(comparison.Explanation);
        Line();
        if (subject is null || reference is null)
        {
            Line($"Not available in this run: it needs both {comparison.Subject} and {comparison.Reference} measured.");
            Line();
            return;
        }

        var references = reference.Cases.ToDictionary(c => c.Case.CrossSubjectKey);
        Line($"| Case | {comparison.Subject} mean | {comparison.Reference} mean | {comparison.Subject} ÷ {comparison.Reference} [95 % CI] |");
        Line("|---|---:|---:|---|");
        foreach (var c in subject.Cases)
        {
            if (references.TryGetValue(c.Case.CrossSubjectKey, out var r))
            {
                Line($"| {c.Case.CrossSubjectKey} | {V(Units.Time(c.Measurement.MeanNanoseconds))} | {V(Units.Time(r.Measurement.MeanNanoseconds))} | " +
                     $"{V(SuiteAnalysis.Compare(c.Measurement, r.Measurement).ToString())} |");
            }
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
        Line($"| CPU | {V(m.Cpu)} ({V(m.Cores)} cores) |");
        Line($"| OS | {V(m.OperatingSystem)} |");
        Line($"| .NET | {V(m.Runtime)} |");
        Line($"| GC | {V(m.GarbageCollector)} |");
        Line($"| BenchmarkDotNet | {V(m.BenchmarkDotNet)} |");
        Line();
        Line("| driver | version | from | native library | baseline recorded | baseline machine |");
        Line("|---|---|---|---|---|---|");
        foreach (var s in run.Subjects)
        {
            var baseline = s.Baseline?.Fingerprint;
            var same = baseline is not null && baseline.Machine.Cpu == m.Cpu && baseline.Machine.Cores == m.Cores
                ? "same CPU model and cores"
                : baseline is null ? "none" : $"{V(baseline.Machine.Cpu)} ({V(baseline.Machine.Cores)} cores): **not this machine**";
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
        foreach (var subject in run.Subjects.Where(s => s.Error is not null))
        {
            Line($"- **{subject.Subject} not gated:** {V(subject.Error!)}");
        }

        Line("| Gate | Case | Measured | Bound | Verdict |");
        Line("|---|---|---|---|---|");
        foreach (var gate in scrub ? run.Gates : run.Gates.OrderBy(g => g.Verdict == GateVerdict.Pass ? 1 : 0))
        {
            var verdict = gate.Verdict switch
            {
                GateVerdict.Pass when gate.Note is not null => $"pass ({gate.Note})",
                GateVerdict.Pass => "pass",
                GateVerdict.Fail => "**FAIL**",
                _ => "**FAIL** (reviewed known violation)",
            };
            Line($"| {gate.Gate} | {gate.Case} | {V(gate.Measured)} | {V(gate.Bound)} | {V(verdict)} |");
        }

        Line();
    }

    private string V(string value) => scrub ? Scrubbed : value;

    private string V(int value) => V(value.ToString(CultureInfo.InvariantCulture));

    private void Line(string text = "") => _out.Append(text).Append('\n');
}
