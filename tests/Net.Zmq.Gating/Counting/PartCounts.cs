namespace NetZmqTests.Gating.Counting;

/// <summary>
/// One thread part's counts in each repetition of a case (<see cref="ThreadPart"/>): its own instructions by function,
/// memory bookkeeping apart, how often each function was called, and its system calls by call and the function that
/// made it. A function is one function whatever file it was loaded from (a library renamed or moved counts as the
/// same); functions under <see cref="KeptPerMessage"/> instructions a message in every repetition are kept together as
/// <see cref="Rest"/>, so that the functions add up to the part.
/// </summary>
/// <param name="Functions">Each function's own instructions in each repetition.</param>
/// <param name="Calls">How often each kept function was called in each repetition (none for <see
/// cref="Rest"/>).</param>
/// <param name="SystemCalls">Each system call's count in each repetition, by <c>call ← caller</c>.</param>
public sealed record PartCounts(IReadOnlyDictionary<string, IReadOnlyList<long>> Functions,
    IReadOnlyDictionary<string, IReadOnlyList<long>> Calls,
    IReadOnlyDictionary<string, IReadOnlyList<long>> SystemCalls)
{
    /// <summary>The name under which the part's smaller functions are kept together.</summary>
    public const string Rest = "(smaller functions)";

    /// <summary>
    /// Instructions a message a function must reach in some repetition to be kept by name: whatever the part's size
    /// (a copy of 64 KiB is most of its thread), so that both sides of a comparison keep the same functions, and one
    /// that is kept on one side only is too small to matter (about fifty functions a part).
    /// </summary>
    public const double KeptPerMessage = 1;

    public static PartCounts None { get; } =
        new(new Dictionary<string, IReadOnlyList<long>>(), new Dictionary<string, IReadOnlyList<long>>(),
            new Dictionary<string, IReadOnlyList<long>>());

    /// <summary>
    /// The share of the part's instructions in functions that repeated: the same count in every repetition, or the
    /// same count per call (<see cref="Repeated.PerCall"/>); what a comparison of two such counts can judge.
    /// </summary>
    public double RepeatedShare()
    {
        var whole = Functions.Values.Sum(Repeated.Median);
        return whole <= 0 ? 0
            : Functions.Where(f => Repeated.IsSteady(f.Value) || Repeated.PerCall(f.Value,
                Calls.GetValueOrDefault(f.Key) ?? []) is not null)
                .Sum(f => Repeated.Median(f.Value)) / whole;
    }

    /// <summary>The part's own instructions in each repetition: every function's together.</summary>
    public IReadOnlyList<long> Totals(int repetitions) =>
        [.. Enumerable.Range(0, repetitions).Select(r => Functions.Values.Sum(f => f.Count > r ? f[r] : 0))];

    /// <summary>
    /// Each repetition's <paramref name="functions"/>, their <paramref name="calls"/> and <paramref
    /// name="systemCalls"/>
    /// as a part's counts: functions under <see cref="KeptPerMessage"/> in every repetition kept together.
    /// </summary>
    public static PartCounts Of(int messages, IReadOnlyList<IReadOnlyDictionary<string, long>> functions,
        IReadOnlyList<IReadOnlyDictionary<string, long>> calls,
        IReadOnlyList<IReadOnlyDictionary<string, long>> systemCalls)
    {
        var kept = new SortedDictionary<string, IReadOnlyList<long>>(StringComparer.Ordinal);
        var rest = new long[functions.Count];
        foreach (var name in functions.SelectMany(r => r.Keys).Distinct(StringComparer.Ordinal))
        {
            var counts = functions.Select(r => r.GetValueOrDefault(name)).ToArray();
            if (counts.Max() >= KeptPerMessage * messages && counts.Max() > 0)
            {
                kept[name] = counts;
            }
            else
            {
                rest = [.. rest.Zip(counts, (a, b) => a + b)];
            }
        }

        if (rest.Any(r => r != 0))
        {
            kept[Rest] = rest;
        }

        return new PartCounts(kept, ByRepetition(calls, kept.Keys.Where(k => k != Rest)), ByRepetition(systemCalls,
            systemCalls.SelectMany(r => r.Keys)));
    }

    private static SortedDictionary<string,
        IReadOnlyList<long>> ByRepetition(IReadOnlyList<IReadOnlyDictionary<string, long>> repetitions,
            IEnumerable<string> names) =>
        new(names.Distinct(StringComparer.Ordinal).ToDictionary(k => k,
            k => (IReadOnlyList<long>)[.. repetitions.Select(r => r.GetValueOrDefault(k))], StringComparer.Ordinal),
            StringComparer.Ordinal);
}

/// <summary>
/// A count taken in each repetition of a case: steady when its repetitions agree, its middle value, its range.
/// </summary>
public static class Repeated
{
    /// <summary>
    /// The widest spread between repetitions, relative to the middle one, that is still one count and not timing.
    /// </summary>
    public const double SteadyWithin = 0.001;

    /// <summary>
    /// Instructions in a repetition a count may differ by and still be steady, however small it is: a branch taken
    /// once more.
    /// </summary>
    public const long SteadyInstructions = 4;

    /// <summary>Agreeing in every repetition, within <see cref="SteadyWithin"/> or <see
    /// cref="SteadyInstructions"/>.</summary>
    public static bool IsSteady(IReadOnlyList<long> counts) =>
        counts.Count > 1 && counts.Max() - counts.Min() <= Math.Max(SteadyWithin * Median(counts), SteadyInstructions);

    /// <summary>The same in every repetition: how a count of events (system calls) is steady.</summary>
    public static bool IsExact(IReadOnlyList<long> counts) => counts.Count > 1 && counts.All(c => c == counts[0]);

    /// <summary>
    /// Instructions per call, where every repetition made calls and each call cost the same within
    /// <see cref="SteadyWithin"/> (or half an instruction); else null.
    /// </summary>
    public static double? PerCall(IReadOnlyList<long> counts, IReadOnlyList<long> calls)
    {
        if (calls.Count != counts.Count || calls.Count == 0 || calls.Any(c => c <= 0))
        {
            return null;
        }

        var perCall = counts.Zip(calls, (count, made) => count / (double)made).ToList();
        return perCall.Max() - perCall.Min() <= Math.Max(SteadyWithin * perCall.Max(), 0.5) ? perCall.Average() : null;
    }

    /// <summary>The middle repetition's count (the mean of the two middle ones, for an even number).</summary>
    public static double Median(IReadOnlyList<long> counts)
    {
        if (counts.Count == 0)
        {
            return 0;
        }

        var sorted = counts.Order().ToList();
        return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2]
            : (sorted[(sorted.Count / 2) - 1] + sorted[sorted.Count / 2]) / 2.0;
    }
}
