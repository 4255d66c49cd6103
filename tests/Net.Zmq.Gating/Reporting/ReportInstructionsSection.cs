using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Statistics;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Reporting;

/// <summary>"CPU work per message": instructions per message by thread, and first what a paired build moved.</summary>
internal sealed partial class ReportText
{
    private const int MovedShown = 12;

    public void RenderInstructions(JudgedRun run)
    {
        Line("## CPU work per message");
        Line();
        if (run.Instructions.Skipped is { } why)
        {
            Line($"Instructions were not counted in this run: {V(why)}.");
            Line();
            return;
        }

        Line("User-space instructions per message, counted under Valgrind's callgrind in a process of its own that " +
             "times nothing: each case's messages sent whole, then received whole, three repetitions after a " +
             "warm-up. **R** the receiver's thread, **S** the sender's, **L** the native library's own threads (its " +
             "I/O thread), **M** memory bookkeeping on every thread (malloc and free, the runtime's own native code " +
             "and its clearing, write barriers: out of the others, since its cost follows the heap's history), **T** " +
             "all threads with the rest. A part marked ~ differed between the repetitions by more than 0.1 % (how " +
             "often a thread was woken, how the I/O thread batched): its functions are judged one by one, those that " +
             "repeated (the same count, or the same count per call), and the percentage is their share of the part; " +
             "the others are shown. **sys** is system calls per message by thread (every wake-up, signal and socket " +
             "read or write is one), judged where the same in every repetition. Waits, the kernel's work and memory " +
             "are not instructions: the time gates see those.");
        Line();
        if (run.Instructions.ProfilesDirectory is { } profiles)
        {
            Line("Profiles (one file per thread and repetition, openable in KCachegrind or QCachegrind): " +
                 $"`{V(profiles)}`; `instructions-manifest.json` there says which dump is which case's repetition. " +
                 "One case alone: `PERF_FILTER='<case id>' dotnet test --filter Category=Perf`.");
            Line();
        }

        RenderPairedChanges(run);
        RenderJudged(run);
        RenderSuites(run.Instructions.Cases, c => c.Case, Parts);
    }

    /// <summary>For each failed instruction gate, the functions that changed most (scrubbed: an outcome).</summary>
    public void RenderWhyByFunction(JudgedRun run)
    {
        if (scrub)
            return;

        foreach (var gate in run.Gates.Where(g => g.FailsRun && g.FunctionChanges.Count > 0))
        {
            Line($"Why {gate.Case} ({gate.Gate}), by function:");
            Line();
            foreach (var change in gate.FunctionChanges)
                Line($"- {change}");

            Line();
        }
    }

    /// <summary>The paired instruction gates whose total moved most, with their verdicts and what moved them.</summary>
    private void RenderPairedChanges(JudgedRun run)
    {
        var paired = run.Gates.Where(g => g.Id.Kind == GateKind.PairedInstructions).ToList();
        if (paired.Count == 0 || run.Paired?.Pairing is not { } pairing)
            return;

        Line($"{V(pairing.Title)}: {V(paired.Count)} cases counted on both; {V(paired.Count(g => g.FailsRun))} grew " +
             $"beyond the bounds ({V(paired[0].Bound)}).");
        Line();
        if (scrub)
            return;

        RenderByVariant(run, paired);
        Table(["Case", "Verdict", "Measured", "Not judged"], paired.OrderByDescending(g => g.FailsRun)
            .ThenBy(g => g.Case, StringComparer.Ordinal).Take(MovedShown)
            .Select(g => new[] { g.Case, $"{g.Verdict}", g.Measured, g.Note ?? "" }));
    }

    /// <summary>
    /// Per suite and variant (as the subject's own cases name it), the geometric mean of subject ÷ reference, on the
    /// receiver and in total.
    /// </summary>
    private void RenderByVariant(JudgedRun run, List<GateResult> paired)
    {
        var compared = run.PairedRun;
        var own = run.Subjects.Where(s => s.Subject == compared?.Subject && s != compared).SelectMany(s => s.Cases)
            .GroupBy(c => c.Case.CrossSubjectKey, StringComparer.Ordinal).ToDictionary(g => g.Key,
                g => $"{g.First().Case.Suite}: {g.First().Case.Variant}", StringComparer.Ordinal);
        var variants = compared?.Cases.Where(c => own.ContainsKey(c.Case.CrossSubjectKey))
            .ToDictionary(c => c.Case.Id, c => own[c.Case.CrossSubjectKey], StringComparer.Ordinal) ?? [];
        var rows = paired.Where(g => variants.ContainsKey(g.Case)).GroupBy(g => variants[g.Case],
            StringComparer.Ordinal).OrderBy(g => g.Key, StringComparer.Ordinal).ToList();
        if (rows.Count == 0)
            return;

        Table(["Variant", "Cases", "Receiver, geometric mean", "Total, geometric mean"],
            rows.Select(r => new[] { r.Key, $"{r.Count()}", Mean(r, "Receiver"), Mean(r, "Total") }));
    }

    private static string Mean(IEnumerable<GateResult> gates, string part)
    {
        var ratios = gates.Where(g => g.PartRatios.ContainsKey(part)).Select(g => g.PartRatios[part]).ToList();
        return ratios.Count == 0 ? "–"
            : F($"{Math.Exp(ratios.Average(Math.Log)):0.000} ({ratios.Min():0.000}-{ratios.Max():0.000})");
    }

    /// <summary>A case's instructions per message by part, then its system calls per message by thread.</summary>
    private static string Parts(CountedInstructions counted) =>
        $"R {Judged(counted, ThreadPart.Receiver)} · S {Judged(counted, ThreadPart.Sender)} · " +
        $"L {Judged(counted, ThreadPart.Library)} · " +
        $"M {counted.Shown(ThreadPart.Memory)} · T {counted.Shown(ThreadPart.Total)}; sys " +
        string.Join(" · ", InstructionProfiles.Judged.Select(p => $"{p.ToString()[0]} {SystemCalls(counted, p)}"));

    private static string Judged(CountedInstructions counted, ThreadPart part) =>
        counted.Shown(part) + (counted.IsSteady(part) || counted.PerMessage(part) <= 0 ? ""
            : F($" ({counted.Of(part).RepeatedShare():0%})"));

    private static string SystemCalls(CountedInstructions counted, ThreadPart part)
    {
        var calls = counted.Of(part).SystemCalls.Values.ToList();
        var perRepetition = Enumerable.Range(0, counted.Repetitions.Count)
            .Select(r => calls.Sum(c => c.Count > r ? c[r] : 0)).ToList();
        var steady = calls.All(Repeated.IsExact);
        return (steady ? "" : "~") + F($"{Repeated.Median(perRepetition) / counted.MessagesPerRepetition:0.##}");
    }

    /// <summary>How the instruction gates judged each thread, per suite.</summary>
    private void RenderJudged(JudgedRun run)
    {
        var gates = run.Gates.Where(g => g.Parts.Count > 0).ToList();
        if (gates.Count == 0)
            return;

        Table(["Suite", "Gates", "Receiver", "Sender", "Library threads"], gates
            .GroupBy(g => $"{g.Gate}, {Part(g.Case, 0)}/{Part(g.Case, 1)}", StringComparer.Ordinal)
            .Select(s => new[] { s.Key, V(s.Count()), V(Judged(s, "Receiver")), V(Judged(s, "Sender")),
                V(Judged(s, "Library")) }));
    }

    /// <summary>How one part was judged over some gates: in how many cases, how, and which not, with why.</summary>
    public static string Judged(IEnumerable<GateResult> gates, string part)
    {
        var parts = gates.SelectMany(g => g.Parts.Where(p => p.Part == part)).ToList();
        int Count(PartJudgement judgement) => parts.Count(p => p.Judgement == judgement);
        var worked = parts.Count - Count(PartJudgement.Idle);
        var judged = Count(PartJudgement.Steady) + Count(PartJudgement.ByFunction);
        var shares = parts.Where(p => p.Judgement == PartJudgement.ByFunction).Select(p => p.SteadyShare).ToList();
        return $"{judged} of {worked}" + (worked == 0 ? ""
            : F($" (whole {Count(PartJudgement.Steady)}, by function {Count(PartJudgement.ByFunction)}") +
               (shares.Count == 0 ? ")" : F($", median share judged {Quantiles.Median(shares):0%})"))) +
               (Count(PartJudgement.Unsteady) > 0
                   ? $"; not judged {Count(PartJudgement.Unsteady)} (no function repeated)" : "") +
               (Count(PartJudgement.Idle) > 0 ? $"; idle {Count(PartJudgement.Idle)}" : "");
    }
}
