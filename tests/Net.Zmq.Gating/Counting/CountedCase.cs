using System.Globalization;
using System.Text.Json.Serialization;

namespace NetZmqTests.Gating.Counting;

/// <summary>
/// A call into a subject's native library, by function and outcome: <c>lib_recv:ok</c>. <see cref="Again"/> is EAGAIN
/// or a poll with nothing ready, <see cref="Interrupted"/> EINTR, <see cref="Failed"/> any other error.
/// </summary>
public static class CallKey
{
    public const string Ok = "ok";
    public const string Again = "again";
    public const string Interrupted = "eintr";
    public const string Failed = "error";

    private static readonly string[] InCounterOrder = [Ok, Again, Interrupted, Failed];

    public static IReadOnlyList<string> Outcomes => InCounterOrder;

    /// <summary>
    /// A success or an error is the code's doing, so judged; "again" and "eintr" are timing's and signals', so shown.
    /// </summary>
    public static bool IsJudged(string key) => OutcomeOf(key) is Ok or Failed;

    public static int IndexOfOutcome(string outcome) => Array.IndexOf(InCounterOrder, outcome) is var i and >= 0 ? i : InCounterOrder.Length;

    public static string Of(string function, string outcome) => $"{function}:{outcome}";

    public static string FunctionOf(string key) => key[..key.LastIndexOf(':')];

    public static string OutcomeOf(string key) => key[(key.LastIndexOf(':') + 1)..];
}

/// <summary>
/// One case's calls into its subject's native library in each of a few untimed repetitions. A call with the same count
/// in every repetition is <see cref="IsSteady">steady</see>, and judged exactly.
/// </summary>
public sealed record CountedCase(string Case, long MessagesPerRepetition, IReadOnlyList<IReadOnlyDictionary<string, long>> Repetitions)
{
    [JsonIgnore]
    public IReadOnlyList<string> Calls =>
    [
        .. Repetitions.SelectMany(r => r.Keys).Distinct(StringComparer.Ordinal)
            .OrderBy(CallKey.FunctionOf, StringComparer.Ordinal)
            .ThenBy(k => CallKey.IndexOfOutcome(CallKey.OutcomeOf(k))),
    ];

    public long CountIn(int repetition, string call) => Repetitions[repetition].TryGetValue(call, out var count) ? count : 0;

    public bool IsSteady(string call) => Repetitions.Count > 0 && Enumerable.Range(0, Repetitions.Count).All(r => CountIn(r, call) == CountIn(0, call));

    /// <summary>Calls per message; the mean over repetitions for one that varies.</summary>
    public double PerMessage(string call) =>
        Repetitions.Count == 0 ? 0 : Enumerable.Range(0, Repetitions.Count).Average(r => (double)CountIn(r, call)) / MessagesPerRepetition;

    public string Shown(string call) =>
        (IsSteady(call) ? "" : "~") + PerMessage(call).ToString("0.###", CultureInfo.InvariantCulture);
}

/// <summary>The counts of one run: every counted case, or why nothing was counted.</summary>
public sealed record RunCounts(IReadOnlyList<CountedCase> Cases, string? Skipped)
{
    public IReadOnlyList<string> Failures { get; init; } = [];

    public static RunCounts None(string why) => new([], why);

    /// <summary>Shards measured apart as one run's; skipped where any shard's were.</summary>
    public static RunCounts Merge(IEnumerable<RunCounts> shards)
    {
        var all = shards.ToList();
        return new RunCounts([.. all.SelectMany(s => s.Cases)], all.Select(s => s.Skipped).FirstOrDefault(s => s is not null))
        {
            Failures = [.. all.SelectMany(s => s.Failures)],
        };
    }

    public CountedCase? Of(string caseId) => Cases.FirstOrDefault(c => c.Case == caseId);

    /// <summary>
    /// Every call whose count varied in any of <paramref name="reference"/>'s cases: it depends on timing, so it is
    /// shown only, in every case judged against that reference. Taken from the reference alone, so that a regression on
    /// a path taken by timing still fails where it does not vary.
    /// </summary>
    public static IReadOnlySet<string> VaryingIn(IEnumerable<CountedCase> reference) =>
        reference.SelectMany(c => c.Calls.Where(k => !c.IsSteady(k))).ToHashSet(StringComparer.Ordinal);
}
