using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Reporting;

/// <summary>
/// The report's first screen: the verdict, the failing gates and which time gates applied (a subject against its paired
/// reference between them: <see cref="RenderPaired"/>).
/// </summary>
internal sealed partial class ReportText
{
    /// <summary>
    /// The first thing a reader sees: whether the run passed, and which driver did not run at all; with links to the
    /// report's sections where <paramref name="linked"/> (a comment has none of them).
    /// </summary>
    public void RenderVerdict(JudgedRun run, bool linked = true)
    {
        Line(V(Verdict(run, linked)));
        Line();
        if (run.Gates.Where(g => g.Parts.Count > 0).ToList() is { Count: > 0 } counted)
        {
            var parts = InstructionProfiles.Judged.Select(p =>
                $"{InstructionRule.Name(p)} {V(Judged(counted, p.ToString()))}");
            Line($"CPU work judged by thread in {V(counted.Count)} instruction gates: {string.Join("; ", parts)} " +
                 (linked ? "([how](#cpu-work-per-message))." : "(how: the report's \"CPU work per message\")."));
            Line();
        }

        foreach (var absent in run.Absent)
        {
            Line($"**{absent.Subject} was not measured:** {V(absent.Reason)}");
            Line();
        }

        if (run.Shards.Count > 0)
        {
            Line($"**Merged from {run.Shards.Count} shards** measured apart, " +
                 V(ShardSummary.Describe(run.Shards, seconds => F($"{seconds / 60:0.0} min"))) + ".");
            Line();
        }
    }

    private static string Verdict(JudgedRun run, bool linked)
    {
        var failing = run.Gates.Count(g => g.FailsRun) + run.Subjects.Count(s => s.Error is not null);
        var unreadable = Unreadable(run).Count;
        var known = run.Gates.Count(g => g.Verdict == GateVerdict.KnownViolation);
        var knownNote = known == 0 ? ""
            : $" ({known} reviewed known violation{(known == 1 ? "" : "s")} shown failing below)";
        var unreadableNote = unreadable == 0 ? ""
            : $", {unreadable} baseline file{(unreadable == 1 ? " is" : "s are")} unreadable";
        return run.Notes.Any(n => n.Kind == NoteKind.CountedOnly)
                ? "**Counted only** (PERF_TIMING=off): nothing was timed, no gate judged."
            : failing + unreadable == 0
            ? $"**All gates hold**{knownNote}."
            : $"**{failing} gate{(failing == 1 ? "" : "s")} fail{unreadableNote}.**" +
              (linked ? " See [Failing gates](#failing-gates)." : "");
    }

    /// <summary>Every gate that fails the run, with the file its bound came from: what a reader acts on.</summary>
    public void RenderFailingGates(JudgedRun run)
    {
        Line("## Failing gates");
        Line();
        var failing = run.Gates.Where(g => g.FailsRun).ToList();
        var notGated = run.Subjects.Where(s => s.Error is not null).ToList();
        var unreadable = Unreadable(run);
        if (scrub || failing.Count + notGated.Count + unreadable.Count == 0)
        {
            // Which gates fail is the run's outcome, not the report's structure.
            Line(V("None."));
            Line();
            return;
        }

        foreach (var subject in notGated)
            Line($"- **{subject.Subject} — {subject.Suite} not gated** ({subject.BaselinePath}): {subject.Error}");

        foreach (var note in unreadable)
            Line($"- {V(note.Text)}");

        // A blank line ends the list (there is one where no gate fails): a table straight after it would be read as
        // part of its last item.
        if (notGated.Count + unreadable.Count > 0)
            Line();

        if (failing.Count > 0)
        {
            Table(["Case", "Gate", "Measured", "Bound", "Baseline file"], failing.Select(g => new[]
            {
                g.Case, g.Gate + (g.Note is null ? "" : $" ({g.Note})"), g.Measured, g.Bound, g.BaselinePath,
            }));
        }
    }

    /// <summary>
    /// Baseline files that cannot be read, whether or not this run gated anything against them: each fails the run,
    /// since a corrupt file of a driver not measured here would otherwise pass here and fail wherever it is measured.
    /// </summary>
    internal static IReadOnlyList<RunNote> Unreadable(JudgedRun run) =>
        [.. run.Notes.Where(n => n.Kind == NoteKind.InvalidBaseline)];

    /// <summary>
    /// Which time gates applied, against which machine class: a run on a machine its baselines have no class of gates
    /// far less time than one that has, and a reader must see that before reading "All gates hold".
    /// </summary>
    public void RenderTimeBasis(JudgedRun run)
    {
        var judged = run.Subjects.Where(s => s.Basis is not null).ToList();
        if (judged.Count == 0)
            return;

        Line("## Time gates");
        Line();
        Line($"This machine's class: {V(run.Machine.Class)}. Time ratios per case are judged only against values of " +
             "the same class (they move with the CPU and its generation, the kernel, the cores, the GC and the " +
             "thread placement); against another class only the suite means a baseline file declares portable are, " +
             "with that file's wider tolerance. Policy bounds and allocations are judged everywhere.");
        Line();
        Table(["Baseline file", "Time judged", "Against the class"],
            judged.Select(s => new[] { s.BaselinePath, V(How(s.Basis!)), V(s.Basis!.Class.Key) }));
    }

    private static string How(BaselineBasis basis) => basis.Time switch
    {
        TimeJudgement.OwnClass => "every case and the suite mean, on this machine's class (values from " +
            $"{Runs(basis.Class.Runs.Values)}, swing from {Runs(basis.Class.Runs.Swing)})",
        TimeJudgement.AcrossClasses when basis.File.CrossClass.AggregateTolerance is { } across =>
            F($"the suite mean only, across classes, within {across:P0}; no case on its own"),
        TimeJudgement.AcrossClasses => $"none: {basis.File.CrossClass.Why}",
        _ => $"none: {basis.Why}",
    };

    private static string Runs(int count) => count == 1 ? "1 run" : $"{count} runs";
}
