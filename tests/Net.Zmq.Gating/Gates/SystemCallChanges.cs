using NetZmqTests.Gating.Counting;
using Counts = System.Collections.Generic.IReadOnlyDictionary<string, System.Collections.Generic.IReadOnlyList<long>>;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// A part's system calls compared: each by the C library's function that made it, over all its callers, and named in a
/// failure by the caller whose calls grew most.
/// </summary>
internal static class SystemCallChanges
{
    public static List<CountChange> Of(Counts now, int nowMessages, Counts before, int beforeMessages) =>
        [.. PartComparison.Changes(ByCall(now), null, nowMessages, ByCall(before), null, beforeMessages,
                CountChange.OfSystemCall)
            .Select(c => c with { Name = GrownMost(c.Name, now, nowMessages, before, beforeMessages) })];

    /// <summary>
    /// System calls by the C library's function that made them, over all its callers: which caller a call is booked to
    /// can follow the profile's order, what it costs a message cannot.
    /// </summary>
    private static Dictionary<string, IReadOnlyList<long>> ByCall(Counts calls) =>
        calls.GroupBy(c => CallOf(c.Key), StringComparer.Ordinal).ToDictionary(g => g.Key,
            g => (IReadOnlyList<long>)[.. Enumerable.Range(0, g.Max(c => c.Value.Count))
                .Select(r => g.Sum(c => c.Value.ElementAtOrDefault(r)))], StringComparer.Ordinal);

    private static string CallOf(string key) => key.Split(ThreadProfile.CalledBy)[0];

    /// <summary>A system call named with the caller whose calls grew most a message, for a failure's why.</summary>
    private static string GrownMost(string call, Counts now, int nowMessages, Counts before, int beforeMessages)
    {
        double PerMessage(Counts counts, string key, int messages) =>
            counts.GetValueOrDefault(key) is { } c ? Repeated.Median(c) / messages : 0;
        return now.Keys.Union(before.Keys, StringComparer.Ordinal).Where(k => CallOf(k) == call && k != call)
            .Select(k => (Key: k, Growth: PerMessage(now, k, nowMessages) - PerMessage(before, k, beforeMessages)))
            .Where(k => k.Growth > 0).OrderByDescending(k => k.Growth).Select(k => k.Key).FirstOrDefault() ?? call;
    }
}
