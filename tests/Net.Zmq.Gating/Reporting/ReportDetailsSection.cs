using NetZmqTests.Gating.Gates;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Reporting;

/// <summary>The report's reference part: the published claims, the fingerprint, every gate, and the notes.</summary>
internal sealed partial class ReportText
{
    public void RenderClaims(JudgedRun run)
    {
        if (run.Claims.Count == 0)
            return;

        Line("## Published claims");
        Line();
        Line("Each claim checked against this run: **holds** when every estimate lies in the claimed range, **does " +
             "not hold** when some estimate's whole 95 % interval lies outside it, **unclear** in between. A claim " +
             "that does not hold here is a finding about this machine and workload, not a failure of the run; only " +
             "the claims marked as gates can fail it, through their gate.");
        Line();
        Table(["Claim", "Statement", "Verdict", "Measured", "Gate"], run.Claims.Select(c => new[]
        {
            c.Id, c.Claim, V(Describe(c.Verdict)), V(c.Evidence), c.Gate?.ToString() ?? "informs only",
        }));
    }

    private static string Describe(ClaimVerdict verdict) => verdict switch
    {
        ClaimVerdict.Holds => "holds",
        ClaimVerdict.Unclear => "unclear",
        ClaimVerdict.DoesNotHold => "**does not hold**",
        _ => "not measured",
    };

    public void RenderFingerprint(JudgedRun run)
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
        Table(["driver", "version", "from", "native library", "baseline recorded", "baseline machine class"],
            run.Subjects.Select(s =>
            {
                var baseline = s.Basis?.Class.Fingerprint;
                // Which class judged the run depends on the machine, so it is scrubbed.
                var same = baseline is null ? "none"
                    : V(baseline.Machine.Class == m.Class ? "this machine's class"
                        : $"{baseline.Machine.Class}: **not this machine's**");
                var versionNote = baseline is not null && baseline.Subject.Version != s.Fingerprint.Version
                    ? $" (baseline: {V(baseline.Subject.Version)})"
                    : "";
                var recorded = baseline is null ? "none" : V(F($"{baseline.RecordedAt:u}"));
                return new[] { s.Subject, V(s.Fingerprint.Version) + versionNote, V(s.Fingerprint.Origin),
                    V(s.Fingerprint.NativeLibrary), $"{recorded} ({s.BaselinePath})", same };
            }));
    }

    public void RenderGates(JudgedRun run)
    {
        Line("## Gates");
        Line();
        // A subject that could not be gated is named, with why, under "Failing gates" on the first screen.
        var counts = string.Join(", ", run.Gates.GroupBy(g => g.Verdict).OrderBy(g => g.Key)
            .Select(g => $"{g.Count()} {Describe(g.Key)}"));
        Collapsible($"All {run.Gates.Count()} gates: {V(counts)}", () => Table(
            ["Gate", "Case", "Measured", "Bound", "Verdict"],
            (scrub ? run.Gates : run.Gates.OrderBy(g => g.Verdict == GateVerdict.Pass ? 1 : 0))
                .Select(g => new[] { g.Gate, g.Case, V(g.Measured), V(g.Bound), V(Describe(g)) })));
    }

    private static string Describe(GateResult gate) => gate.Verdict switch
    {
        GateVerdict.Pass when gate.Note is not null => $"pass ({gate.Note})",
        GateVerdict.Pass => "pass",
        GateVerdict.Fail when gate.Note is not null => $"**FAIL** ({gate.Note})",
        GateVerdict.Fail => "**FAIL**",
        GateVerdict.NotApplied => $"not applied ({gate.Note})",
        _ => "**FAIL** (reviewed known violation)",
    };

    private static string Describe(GateVerdict verdict) => verdict switch
    {
        GateVerdict.Pass => "pass",
        GateVerdict.Fail => "fail",
        GateVerdict.KnownViolation => "known violation",
        _ => "not applied",
    };

    /// <summary>The run's notes (left out when scrubbed: their numbers and paths are the run's).</summary>
    public void RenderNotes(JudgedRun run)
    {
        if (run.Notes.All(n => n.Kind == NoteKind.InvalidBaseline) || scrub)
            return;

        Line("## Notes");
        Line();
        // An unreadable baseline file is listed with the failing gates, not here as well.
        foreach (var note in run.Notes.Where(n => n.Kind != NoteKind.InvalidBaseline))
            Line($"- {V(note.Text)}");

        Line();
    }
}
