namespace NetZmqTests.Gating.Counting;

/// <summary>
/// One thread part's counts in each repetition of a case: each function's own instructions and calls, and each system
/// call by <c>call ← caller</c>. A function is named without its file; the smaller ones are kept together as
/// <see cref="Rest"/>, so that the functions add up to the part.
/// </summary>
public sealed record PartCounts(IReadOnlyDictionary<string, IReadOnlyList<long>> Functions,
    IReadOnlyDictionary<string, IReadOnlyList<long>> Calls,
    IReadOnlyDictionary<string, IReadOnlyList<long>> SystemCalls)
{
    public const string Rest = "(smaller functions)";

    /// <summary>
    /// Instructions a message a function must reach to be kept by name: fixed, not relative to the part, so that both
    /// sides of a comparison keep the same functions.
    /// </summary>
    public const double KeptPerMessage = 1;

    public static PartCounts None { get; } =
        new(new Dictionary<string, IReadOnlyList<long>>(), new Dictionary<string, IReadOnlyList<long>>(),
            new Dictionary<string, IReadOnlyList<long>>());

    /// <summary>
    /// The share of the part's instructions in functions that repeated, in all or per call
    /// (<see cref="Repeated.PerCall"/>).
    /// </summary>
    public double RepeatedShare()
    {
        var whole = Functions.Values.Sum(Repeated.Median);
        return whole <= 0 ? 0
            : Functions.Where(f => Repeated.IsSteady(f.Value) || Repeated.PerCall(f.Value,
                Calls.GetValueOrDefault(f.Key) ?? []) is not null)
                .Sum(f => Repeated.Median(f.Value)) / whole;
    }

    public IReadOnlyList<long> Totals(int repetitions) =>
        [.. Enumerable.Range(0, repetitions).Select(r => Functions.Values.Sum(f => f.Count > r ? f[r] : 0))];

    /// <summary>Each repetition's counts as a part's, functions under <see cref="KeptPerMessage"/> together.</summary>
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
                kept[name] = counts;
            else
                rest = [.. rest.Zip(counts, (a, b) => a + b)];
        }

        if (rest.Any(r => r != 0))
            kept[Rest] = rest;

        return new PartCounts(kept, ByRepetition(calls, kept.Keys.Where(k => k != Rest)), ByRepetition(systemCalls,
            systemCalls.SelectMany(r => r.Keys)));
    }

    private static SortedDictionary<string, IReadOnlyList<long>> ByRepetition(
        IReadOnlyList<IReadOnlyDictionary<string, long>> repetitions, IEnumerable<string> names) =>
        new(names.Distinct(StringComparer.Ordinal).ToDictionary(k => k,
            k => (IReadOnlyList<long>)[.. repetitions.Select(r => r.GetValueOrDefault(k))]), StringComparer.Ordinal);
}

/// <summary>A count taken in each repetition of a case: whether it is steady, its middle value, its range.</summary>
public static class Repeated
{
    /// <summary>The widest spread between repetitions, relative to the middle one, that is still not timing.</summary>
    public const double SteadyWithin = 0.001;

    /// <summary>Instructions a small count may differ by and still be steady: a branch taken once more.</summary>
    public const long SteadyInstructions = 4;

    public static bool IsSteady(IReadOnlyList<long> counts) =>
        counts.Count > 1 && counts.Max() - counts.Min() <= Math.Max(SteadyWithin * Median(counts), SteadyInstructions);

    /// <summary>How a count of events (system calls) is steady: the same in every repetition.</summary>
    public static bool IsExact(IReadOnlyList<long> counts) => counts.Count > 1 && counts.All(c => c == counts[0]);

    /// <summary>Instructions a call where each call cost the same within <see cref="SteadyWithin"/>; or null.</summary>
    public static double? PerCall(IReadOnlyList<long> counts, IReadOnlyList<long> calls)
    {
        if (calls.Count != counts.Count || calls.Count == 0 || calls.Any(c => c <= 0))
            return null;

        var perCall = counts.Zip(calls, (count, made) => count / (double)made).ToList();
        return perCall.Max() - perCall.Min() <= Math.Max(SteadyWithin * perCall.Max(), 0.5) ? perCall.Average() : null;
    }

    public static double Median(IReadOnlyList<long> counts)
    {
        if (counts.Count == 0)
            return 0;

        var sorted = counts.Order().ToList();
        return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2]
            : (sorted[(sorted.Count / 2) - 1] + sorted[sorted.Count / 2]) / 2.0;
    }
}
