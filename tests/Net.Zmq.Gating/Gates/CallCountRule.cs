using System.Globalization;
using NetZmqTests.Gating.Counting;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// Native calls per message, judged exactly: a steady call (<see cref="CountedCase.IsSteady"/>) of a judged outcome
/// (<see cref="CallKey.IsJudged"/>) may not be made more often than the reference makes it. Counts are integers, so
/// no tolerance and no interval; calls that vary with timing are shown only.
/// </summary>
public static class CallCountRule
{
    /// <summary>The reference's count per repetition of so many messages, or null where it varied.</summary>
    public sealed record Reference(long Messages, IReadOnlyDictionary<string, long?> Calls);

    public static Reference Of(CountedCase counted) => new(counted.MessagesPerRepetition, counted.Calls.ToDictionary(
        c => c, c => counted.IsSteady(c) ? counted.CountIn(0, c) : (long?)null, StringComparer.Ordinal));

    /// <param name="timingDependent">Calls shown only, wherever they are steady: those that varied in any case of the
    /// reference (<see cref="RunCounts.VaryingIn"/>).</param>
    public static GateResult Evaluate(GateId id, CountedCase measured, Reference reference,
        IReadOnlySet<string> timingDependent, string referenceName, string baselinePath)
    {
        var (more, fewer, varying, judged) = Compare(measured, reference, timingDependent);
        var verdict = more.Count > 0 ? GateVerdict.Fail : judged > 0 ? GateVerdict.Pass : GateVerdict.NotApplied;
        var shown = more.Count > 0
            ? $"more calls than {referenceName}: {string.Join(", ", more)}"
            : $"{judged} call{(judged == 1 ? "" : "s")} judged exactly, " +
              $"none made more often per message than by {referenceName}";
        var note = GateResult.Join(
            fewer.Count > 0 ? $"fewer calls than {referenceName}: {string.Join(", ", fewer)}" : null,
            varying.Count > 0
                ? $"vary with timing or are not judged (shown only): {string.Join(", ", varying)}"
                : null);
        var bound = $"no function called more often per message than {referenceName}";
        return new GateResult(id, measured.Case, shown, bound, verdict, baselinePath, note)
        {
            CallChanges = [.. more.Select(m => "more: " + m), .. fewer.Select(f => "fewer: " + f)],
        };
    }

    /// <summary>Every call of either side: judged where it is judged and steady on both sides, else shown.</summary>
    private static (List<string> More, List<string> Fewer, List<string> Varying, int Judged) Compare(
        CountedCase measured, Reference reference, IReadOnlySet<string> timingDependent)
    {
        var calls = measured.Calls.Union(reference.Calls.Keys, StringComparer.Ordinal).Order(StringComparer.Ordinal)
            .ToLookup(call => CallKey.IsJudged(call) && !timingDependent.Contains(call)
                              && measured.Repetitions.Count > 0 && measured.IsSteady(call)
                              && (!reference.Calls.TryGetValue(call, out var known) || known is not null));
        // measured / its messages against reference / its messages, in integers.
        var judged = calls[true].Select(call => (Call: call, Known: reference.Calls.GetValueOrDefault(call) ?? 0))
            .Select(c => (c.Call, c.Known, Order: ((Int128)measured.CountIn(0, c.Call) * reference.Messages)
                .CompareTo((Int128)c.Known * measured.MessagesPerRepetition)))
            .ToList();
        string Said((string Call, long Known, int Order) c) => $"{c.Call} {Per(c.Known, reference.Messages)} → " +
            $"{Per(measured.CountIn(0, c.Call), measured.MessagesPerRepetition)} per message";
        return ([.. judged.Where(c => c.Order > 0).Select(Said)], [.. judged.Where(c => c.Order < 0).Select(Said)],
            [.. calls[false]], judged.Count);
    }

    private static string Per(long count, long messages) => ((double)count / messages).ToString("0.###", CultureInfo.InvariantCulture);
}
