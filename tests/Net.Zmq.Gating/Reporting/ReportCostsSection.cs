using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Reporting;

/// <summary>
/// "What a message costs": native calls per message by function and bytes per operation, the subjects side by side;
/// first, every call a paired build changed.
/// </summary>
internal sealed partial class ReportText
{
    public void RenderCosts(JudgedRun run)
    {
        Line("## What a message costs");
        Line();
        if (run.Counts.Skipped is { } why)
        {
            Line($"Native calls were not counted in this run: {V(why)}.");
            Line();
            return;
        }

        Line("Calls into the native library per message, sender and receiver together, counted in a process of its " +
             "own that times nothing (each case: a repetition to warm up, then three of 1,000 messages). A count " +
             "marked ~ differed between the repetitions (polls, receives that found nothing yet, interrupted calls): " +
             "shown, never judged; every other success or error is judged exactly. Managed subjects make none and " +
             "are not listed.");
        Line();
        RenderChanges(run);
        var bytes = run.Subjects.SelectMany(s => s.Cases).GroupBy(c => c.Case.Id, StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.First().Measurement.BytesAllocatedPerOperation, StringComparer.Ordinal);
        RenderSuites(run.Counts.Cases, c => c.Case, counted => Calls(counted) +
            (bytes.TryGetValue(counted.Case, out var b) ? F($" · {Bytes(b)}/op") : ""));
    }

    private void RenderChanges(JudgedRun run)
    {
        var paired = run.Gates.Where(g => g.Id.Kind == GateKind.PairedCalls).ToList();
        if (paired.Count == 0 || run.Paired?.Pairing is not { } pairing)
            return;

        var changed = paired.Where(g => g.CallChanges.Count > 0).ToList();
        Line(changed.Count == 0
            ? $"{V(pairing.SubjectTitle)} and {V(pairing.Reference)} make the same exact calls per message in all " +
              $"{V(paired.Count)} cases counted on both."
            : $"{V(pairing.Title)}: {V(changed.Count)} of {V(paired.Count)} cases make other exact calls per message.");
        Line();
        if (changed.Count == 0)
            return;

        Table(["Case", "Changed calls"], changed.Select(g => new[] { g.Case, V(string.Join("; ", g.CallChanges)) }));
    }

    private static string Calls(CountedCase counted) =>
        string.Join(", ", counted.Calls
            .Where(c => counted.PerMessage(c) > 0)
            .Select(c => CallKey.OutcomeOf(c) == CallKey.Ok
                ? $"{CallKey.FunctionOf(c)} {counted.Shown(c)}"
                : $"{CallKey.FunctionOf(c)} {CallKey.OutcomeOf(c)} {counted.Shown(c)}"));
}
