using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;

namespace NetZmqTests.Gating.Reporting;

/// <summary>
/// "CPU work per message": each counted case's instructions per message by thread, the subjects side by side; and first,
/// where two builds were counted against each other, every case whose count moved, with the functions that moved it.
/// </summary>
internal sealed class ReportInstructionsSection(ReportText text) : ReportSection(text)
{
    /// <summary>How many cases the paired table lists.</summary>
    private const int MovedShown = 12;

    public void Render(PerfRun run)
    {
        Line("## CPU work per message");
        Line();
        if (run.Instructions.Skipped is { } why)
        {
            Line($"Instructions were not counted in this run: {V(why)}.");
            Line();
            return;
        }

        Line("User-space instructions per message, counted under Valgrind's callgrind in a process of its own that times nothing: each case's " +
             "messages sent whole, then received whole, three repetitions after a warm-up. **R** the receiver's thread, **S** the sender's, " +
             "**L** the native library's own threads (its I/O thread), **M** memory bookkeeping on every thread (malloc and free, the " +
             "runtime clearing what it hands out, write barriers: out of the others, since its cost follows the heap's history), **T** all threads with the rest. A count marked ~ differed between the repetitions by more than " +
             "0.1 % (timing: the library's command checks, how the threads met): shown, not judged. Waits, the kernel and memory are not " +
             "instructions: the time gates see those.");
        Line();
        if (run.Instructions.ProfilesDirectory is { } profiles)
        {
            Line($"Profiles (one file per thread and repetition, openable in KCachegrind or QCachegrind): `{V(profiles)}`; `instructions-manifest.json` there " +
                 "says which dump is which case's repetition. One case alone: `PERF_FILTER='<case id>' dotnet test --filter Category=Perf`.");
            Line();
        }

        RenderPairedChanges(run);
        foreach (var suite in run.Instructions.Cases.GroupBy(c => Part(c.Case, 1)).OrderBy(g => g.Key, StringComparer.Ordinal))
        {
            var subjects = suite.Select(c => Part(c.Case, 0)).Distinct(StringComparer.Ordinal).ToList();
            var rows = suite.GroupBy(c => c.Case[(c.Case.IndexOf('/', StringComparison.Ordinal) + 1)..], StringComparer.Ordinal).ToList();
            Collapsible($"{suite.Key}: {rows.Count} cases, {string.Join(", ", subjects)}", () =>
            {
                Line($"| Case | {string.Join(" | ", subjects)} |");
                Line($"|---|{string.Concat(subjects.Select(_ => "---|"))}");
                foreach (var row in rows)
                {
                    var cells = subjects.Select(s => row.FirstOrDefault(c => Part(c.Case, 0) == s) is { } counted ? V(Parts(counted)) : "");
                    Line($"| {row.Key} | {string.Join(" | ", cells)} |");
                }
            });
        }
    }

    /// <summary>The paired instruction gates whose total moved most, with their verdicts and what moved them.</summary>
    private void RenderPairedChanges(PerfRun run)
    {
        var paired = run.Gates.Where(g => g.Id.Kind == GateKind.PairedInstructions).ToList();
        if (paired.Count == 0 || run.Paired?.Pairing is not { } pairing)
        {
            return;
        }

        var failing = paired.Count(g => g.FailsRun);
        Line($"{V(pairing.Title)}: {V(paired.Count)} cases counted on both; {V(failing)} grew beyond the bounds ({V(CountGatesBound(paired))}).");
        Line();
        if (Scrub)
        {
            return;
        }

        Line("| Case | Verdict | Measured | Not judged |");
        Line("|---|---|---|---|");
        foreach (var gate in paired.OrderByDescending(g => g.FailsRun).ThenBy(g => g.Case, StringComparer.Ordinal).Take(MovedShown))
        {
            Line($"| {gate.Case} | {gate.Verdict} | {gate.Measured} | {gate.Note ?? ""} |");
        }

        Line();
    }

    private static string CountGatesBound(List<GateResult> gates) => gates[0].Bound;

    /// <summary>A case's instructions per message by part.</summary>
    private static string Parts(CountedInstructions counted) =>
        $"R {counted.Shown(ThreadPart.Receiver)} · S {counted.Shown(ThreadPart.Sender)} · L {counted.Shown(ThreadPart.Library)} · " +
        $"M {counted.Shown(ThreadPart.Memory)} · T {counted.Shown(ThreadPart.Total)}";

    private static string Part(string caseId, int index) => caseId.Split('/')[index];
}
