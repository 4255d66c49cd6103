using System.Globalization;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// PERF_INJECT: deliberate regressions, to show that the gates catch them. Entries separated by <c>;</c>, each
/// <c>delay:&lt;ns&gt;@&lt;glob&gt;</c> (spin that many nanoseconds per received message),
/// <c>delay:&lt;percent&gt;%@&lt;glob&gt;</c> (after the operation's last message, spin that share of the time the
/// operation took: the case becomes that much slower, at any size), <c>alloc:&lt;bytes&gt;@&lt;glob&gt;</c> (allocate
/// that many bytes per received message), <c>call:&lt;n&gt;@&lt;glob&gt;</c> (n extra calls into the receiving driver's
/// native library per received message, a read of the socket's type: what the native call counts gate) or
/// <c>work:&lt;n&gt;@&lt;glob&gt;</c> (n turns of a fixed loop per received message: the same instructions on any
/// machine, what the instruction counts gate), the glob over case ids as in PERF_FILTER. Entries matching the same case
/// add up.
/// </summary>
public sealed class InjectionPlan
{
    private readonly IReadOnlyList<Entry> _entries;

    private InjectionPlan(string text, IReadOnlyList<Entry> entries)
    {
        Text = text;
        _entries = entries;
    }

    public string Text { get; }

    /// <summary>What to inject into <paramref name="caseId"/>, or null when no entry matches it.</summary>
    public Injection? For(string caseId)
    {
        var matching = _entries.Where(e => e.Cases.Matches(caseId)).ToList();
        return matching.Count == 0
            ? null
            : new Injection(matching.Sum(e => e.DelayNanoseconds), checked(matching.Sum(e => e.AllocateBytes)))
            {
                DelayFraction = matching.Sum(e => e.DelayFraction),
                ExtraCalls = checked(matching.Sum(e => e.ExtraCalls)),
                Work = checked(matching.Sum(e => e.Work)),
            };
    }

    /// <summary>The plan PERF_INJECT sets, or null when it is unset or blank.</summary>
    public static InjectionPlan? FromEnvironment(Func<string, string?> environment) =>
        environment("PERF_INJECT") is { } value && !string.IsNullOrWhiteSpace(value) ? Parse(value) : null;

    /// <summary>Parses the setting; a malformed entry is an error that quotes it and says what is expected.</summary>
    public static InjectionPlan Parse(string text)
    {
        var items = text.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var entries = new List<Entry>();
        foreach (var item in items)
        {
            entries.Add(ParseEntry(item));
        }

        return entries.Count > 0
            ? new InjectionPlan(string.Join(';', items), entries)
            : throw Malformed(text, "no entry");
    }

    /// <summary>
    /// One entry of the setting, <c>kind:amount@glob</c>; a malformed one is an error that quotes it.
    /// </summary>
    private static Entry ParseEntry(string item)
    {
        var at = item.IndexOf('@', StringComparison.Ordinal);
        var colon = item.IndexOf(':', StringComparison.Ordinal);
        if (colon < 0 || at < colon || at == item.Length - 1)
        {
            throw Malformed(item, "expected delay:<ns>@<glob>, delay:<percent>%@<glob>, alloc:<bytes>@<glob>, call:<n>@<glob> or work:<n>@<glob>");
        }

        var kind = item[..colon];
        var cases = new CaseFilter(item[(at + 1)..]);
        if (kind == "delay" && item[at - 1] == '%')
        {
            var percent = item[(colon + 1)..(at - 1)];
            return double.TryParse(percent, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var share) && share is > 0 and <= 1000
                ? new Entry(cases, 0, 0) { DelayFraction = share / 100 }
                : throw Malformed(item, $"\"{percent}\" is not a percentage above 0 (at most 1000)");
        }

        if (!long.TryParse(item[(colon + 1)..at], NumberStyles.None, CultureInfo.InvariantCulture, out var amount) || amount <= 0)
        {
            throw Malformed(item, $"\"{item[(colon + 1)..at]}\" is not a whole number above 0");
        }

        return kind switch
        {
            "delay" => new Entry(cases, amount, 0),
            "alloc" when amount <= int.MaxValue => new Entry(cases, 0, (int)amount),
            "alloc" => throw Malformed(item, "an allocation per message must be below 2 GiB"),
            "call" when amount <= 1000 => new Entry(cases, 0, 0) { ExtraCalls = (int)amount },
            "call" => throw Malformed(item, "at most 1000 extra calls per message"),
            "work" when amount <= 1_000_000 => new Entry(cases, 0, 0) { Work = (int)amount },
            "work" => throw Malformed(item, "at most 1,000,000 turns of the loop per message"),
            _ => throw Malformed(item, $"\"{kind}\" is not a kind of injection; known: delay, alloc, call, work"),
        };
    }

    private static ArgumentException Malformed(string entry, string problem) => new($"PERF_INJECT entry \"{entry}\": {problem}");

    public override string ToString() => Text;

    private sealed record Entry(CaseFilter Cases, long DelayNanoseconds, int AllocateBytes)
    {
        public double DelayFraction { get; init; }

        public int ExtraCalls { get; init; }

        public int Work { get; init; }
    }
}

/// <summary>
/// The regression injected into one case: a spin, an allocation, extra native calls and a fixed loop per received
/// message.
/// </summary>
public sealed record Injection(long DelayNanoseconds, int AllocateBytes)
{
    /// <summary>
    /// A further spin at the end of each operation, as a share of the time the operation took (0 for none).
    /// </summary>
    public double DelayFraction { get; init; }

    /// <summary>Extra calls into the receiving driver's native library per received message (0 for none).</summary>
    public int ExtraCalls { get; init; }

    /// <summary>
    /// Turns of a fixed loop per received message (0 for none): the same instructions on every machine.
    /// </summary>
    public int Work { get; init; }

    /// <summary>
    /// What of this injection an instruction count can see: all but the spins, whose instructions are as many as the
    /// machine runs in a given time (under Valgrind, far fewer); null where nothing is left.
    /// </summary>
    public Injection? Countable => this with { DelayNanoseconds = 0, DelayFraction = 0 } is { AllocateBytes: 0, ExtraCalls: 0, Work: 0 } ? null
        : this with { DelayNanoseconds = 0, DelayFraction = 0 };
}
