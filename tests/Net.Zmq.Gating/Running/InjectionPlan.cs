using System.Globalization;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// PERF_INJECT: deliberate regressions, to show that the gates catch them. Entries separated by <c>;</c>, each
/// <c>kind:amount@glob</c> (the glob as in PERF_FILTER), the kinds as <see cref="Injection"/> describes them:
/// <c>delay:&lt;ns&gt;</c>, <c>delay:&lt;percent&gt;%</c>, <c>alloc:&lt;bytes&gt;</c>, <c>call:&lt;n&gt;</c>,
/// <c>work:&lt;n&gt;</c>. Entries matching the same case add up.
/// </summary>
public sealed class InjectionPlan(string text, IReadOnlyList<(Injection Injection, CaseFilter Cases)> entries)
{
    public string Text { get; } = text;

    /// <summary>What to inject into <paramref name="caseId"/>, or null when no entry matches it.</summary>
    public Injection? For(string caseId)
    {
        var matching = entries.Where(e => e.Cases.Matches(caseId)).Select(e => e.Injection).ToList();
        return matching.Count == 0
            ? null
            : new Injection(matching.Sum(e => e.DelayNanoseconds), checked(matching.Sum(e => e.AllocateBytes)))
            {
                DelayFraction = matching.Sum(e => e.DelayFraction),
                ExtraCalls = checked(matching.Sum(e => e.ExtraCalls)),
                Work = checked(matching.Sum(e => e.Work)),
            };
    }

    /// <summary>
    /// Throws when an entry matches none of <paramref name="caseIds"/>: it would inject nothing, and a run that proves
    /// a gate by it would pass for the wrong reason.
    /// </summary>
    public void RequireEveryEntryMatches(IReadOnlyCollection<string> caseIds)
    {
        var idle = entries.Where(e => !caseIds.Any(e.Cases.Matches)).Select(e => $"'@{e.Cases}'").ToList();
        if (idle.Count > 0)
        {
            throw new InvalidOperationException($"PERF_INJECT={Text}: {string.Join(", ", idle)} " +
                $"{(idle.Count == 1 ? "matches" : "match")} none of the " +
                $"{caseIds.Count} cases this run measures, so nothing would be injected there; a case id reads " +
                "<driver>/<suite>/<pattern>/<transport>/<mode>/<strategy>/<size>, as the report lists them.");
        }
    }

    /// <summary>The plan PERF_INJECT sets, or null when it is unset or blank.</summary>
    public static InjectionPlan? FromEnvironment(Func<string, string?> environment) =>
        environment("PERF_INJECT") is { } value && !string.IsNullOrWhiteSpace(value) ? Parse(value) : null;

    /// <summary>Parses the setting; a malformed entry is an error that quotes it and says what is expected.</summary>
    public static InjectionPlan Parse(string text)
    {
        var items = text.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var entries = items.Select(i => (ParseEntry(i),
            new CaseFilter(i[(i.IndexOf('@', StringComparison.Ordinal) + 1)..]))).ToList();
        return entries.Count > 0
            ? new InjectionPlan(string.Join(';', items), entries)
            : throw Malformed(text, "no entry");
    }

    /// <summary>What one entry, <c>kind:amount@glob</c>, injects; a malformed one is an error that quotes it.</summary>
    private static Injection ParseEntry(string item)
    {
        var at = item.IndexOf('@', StringComparison.Ordinal);
        var colon = item.IndexOf(':', StringComparison.Ordinal);
        if (colon < 0 || at < colon || at == item.Length - 1)
        {
            throw Malformed(item, "expected delay:<ns>@<glob>, delay:<percent>%@<glob>, alloc:<bytes>@<glob>, " +
                                  "call:<n>@<glob> or work:<n>@<glob>");
        }

        var kind = item[..colon];
        var amountText = item[(colon + 1)..at];
        if (kind == "delay" && item[at - 1] == '%')
            return DelayShare(item, amountText[..^1]);

        if (!long.TryParse(amountText, NumberStyles.None, CultureInfo.InvariantCulture, out var amount) || amount <= 0)
            throw Malformed(item, $"\"{amountText}\" is not a whole number above 0");

        return kind switch
        {
            "delay" => new Injection(amount, 0),
            "alloc" when amount <= int.MaxValue => new Injection(0, (int)amount),
            "alloc" => throw Malformed(item, "an allocation per message must be below 2 GiB"),
            "call" when amount <= 1000 => new Injection(0, 0) { ExtraCalls = (int)amount },
            "call" => throw Malformed(item, "at most 1000 extra calls per message"),
            "work" when amount <= 1_000_000 => new Injection(0, 0) { Work = (int)amount },
            "work" => throw Malformed(item, "at most 1,000,000 turns of the loop per message"),
            _ => throw Malformed(item, $"\"{kind}\" is not a kind of injection; known: delay, alloc, call, work"),
        };
    }

    private static Injection DelayShare(string item, string percent) =>
        double.TryParse(percent, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var share)
        && share is > 0 and <= 1000
            ? new Injection(0, 0) { DelayFraction = share / 100 }
            : throw Malformed(item, $"\"{percent}\" is not a percentage above 0 (at most 1000)");

    private static ArgumentException Malformed(string entry, string problem) =>
        new($"PERF_INJECT entry \"{entry}\": {problem}");

    public override string ToString() => Text;
}

/// <summary>
/// The regression injected into one case, each part 0 for none, per received message but
/// <see cref="DelayFraction"/>: a spin (<paramref name="DelayNanoseconds"/>), an allocation, extra calls into the
/// receiving driver's native library (what the call counts gate) and turns of a fixed loop (the same instructions on
/// every machine: what the instruction counts gate).
/// </summary>
public sealed record Injection(long DelayNanoseconds, int AllocateBytes)
{
    /// <summary>A spin after each operation's last message, as a share of the time the operation took.</summary>
    public double DelayFraction { get; init; }

    public int ExtraCalls { get; init; }

    public int Work { get; init; }

    /// <summary>
    /// What an instruction count can see: all but the spins (their instructions follow the machine's speed); null
    /// where nothing is left.
    /// </summary>
    public Injection? Countable => AllocateBytes == 0 && ExtraCalls == 0 && Work == 0
        ? null
        : this with { DelayNanoseconds = 0, DelayFraction = 0 };
}
