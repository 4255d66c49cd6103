using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;
using static NetZmqTests.Gating.Gates.GateKind;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Gates;

/// <summary>What a gate judges.</summary>
public enum GateKind
{
    /// <summary>A hand-set bound on a time ratio between two variants (<see cref="Baselines.RatioBound"/>).</summary>
    RatioPolicy,

    /// <summary>A hand-set bound on bytes per operation (<see cref="Baselines.BytesBound"/>).</summary>
    BytesPolicy,

    TimeRegression,

    CpuTimeRegression,

    /// <summary>Bytes per operation on the measured threads against the baseline's.</summary>
    AllocationRegression,

    /// <summary>Bytes per operation process-wide, where a subject allocates on threads it does not own.</summary>
    ProcessAllocationRegression,

    Aggregate,

    /// <summary>A measured case the baseline has no entry for.</summary>
    BaselineEntry,

    /// <summary>A subject's time over its paired reference's, measured together (<see cref="PairedGates"/>).</summary>
    PairedTime,

    PairedCpuTime,

    PairedBytes,

    PairedAggregate,

    /// <summary>A subject's native calls per message against its paired reference's, counted in the same run.</summary>
    PairedCalls,

    /// <summary>Native calls per message against a suite's call baseline (exact, on any machine).</summary>
    CallsRegression,

    /// <summary>A subject's instructions per message against its paired reference's, under Valgrind.</summary>
    PairedInstructions,

    /// <summary>Instructions per message against a suite's instruction baseline (Valgrind emulates one CPU).</summary>
    InstructionsRegression,
}

/// <summary>
/// A gate's identity: what it judges and between which variants, never how its bound is written. Known violations name
/// it by <see cref="Key"/> (<c>policy/ratio/Poller/PureBlocking</c>), so rewording a gate's shown name never stops a
/// reviewed violation from matching. A ratio bound's maximum is carried only for its <see cref="Name"/>.
/// </summary>
/// <param name="Variant">For a policy: the variant it bounds; for a time gate: the reference variant the ratio is to;
/// for a paired gate: the subject, as its <see cref="Pairing"/> names it.</param>
/// <param name="Reference">For a ratio policy: the variant it divides by; for a paired gate: the reference.</param>
/// <param name="UpToMessageBytes">For a bytes policy: the largest message size it applies to (0: every size).</param>
/// <param name="BelowBytes">For a bytes policy: its bound; one variant may have several.</param>
[JsonConverter(typeof(GateIdJson))]
public readonly record struct GateId(
    GateKind Kind, string Variant = "", string Reference = "", int UpToMessageBytes = 0, double BelowBytes = 0)
{
    /// <summary>
    /// How every kind but the policies is spelled: its key's fixed words, how many names follow them (none, the
    /// reference, or subject and reference) and its shown name.
    /// </summary>
    private static readonly (GateKind Kind, string Key, int Names, string Name)[] Spellings =
    [
        (TimeRegression, "regression/time", 1, "regression: time ratio to"),
        (CpuTimeRegression, "regression/cpu-time", 1, "regression: CPU-time ratio to"),
        (AllocationRegression, "regression/bytes", 0, "regression: bytes per operation"),
        (ProcessAllocationRegression, "regression/process-bytes", 0, "regression: process-wide bytes per operation"),
        (Aggregate, "regression/aggregate", 0, "regression: geometric mean of time ratios ÷ baseline"),
        (CallsRegression, "regression/calls", 0, "regression: native calls per message"),
        (InstructionsRegression, "regression/instructions", 0, "regression: instructions per message"),
        (BaselineEntry, "baseline/entry", 0, "baseline entry"),
        (PairedTime, "paired/time", 2, "time"),
        (PairedCpuTime, "paired/cpu-time", 2, "CPU time"),
        (PairedBytes, "paired/bytes", 2, "bytes per operation"),
        (PairedAggregate, "paired/aggregate", 2, "geometric mean of time"),
        (PairedCalls, "paired/calls", 2, "native calls per message"),
        (PairedInstructions, "paired/instructions", 2, "instructions per message"),
    ];

    public static string Forms { get; } = string.Join(", ", [
        "policy/ratio/<variant>/<reference>", "policy/bytes/<variant>/below/<bytes>",
        "policy/bytes/<variant>/below/<bytes>/upTo/<message bytes>",
        .. Spellings.Where(s => s.Names < 2).Select(s => s.Names == 0 ? s.Key : $"{s.Key}/<reference>"),
        $"paired/{{{string.Join('|', Spellings.Where(s => s.Names == 2).Select(s => s.Key["paired/".Length..]))}}}"
        + "/<subject>/<reference>",
    ]);

    public static GateId For(Baselines.RatioBound bound) =>
        new(RatioPolicy, bound.Variant, bound.Reference) { RatioMax = bound.Max };

    public static GateId For(Baselines.BytesBound bound) =>
        new(BytesPolicy, bound.Variant, UpToMessageBytes: bound.UpToMessageBytes, BelowBytes: bound.Max);

    /// <summary>For a ratio policy: its bound, shown in its name; not part of its identity.</summary>
    public double RatioMax { get; init; }

    public bool Equals(GateId other) =>
        Kind == other.Kind && Variant == other.Variant && Reference == other.Reference
        && UpToMessageBytes == other.UpToMessageBytes && BelowBytes.Equals(other.BelowBytes);

    public override int GetHashCode() => HashCode.Combine(Kind, Variant, Reference, UpToMessageBytes, BelowBytes);

    public string Name => Kind switch
    {
        RatioPolicy => F($"policy: {Variant} ≤ {RatioMax:0.00} × {Reference}"),
        BytesPolicy => $"policy: {Variant} allocates < {Bytes(BelowBytes)} per operation"
                       + (UpToMessageBytes > 0 ? $" up to {Bytes(UpToMessageBytes)} messages" : ""),
        _ => Spelling(Kind) switch
        {
            (_, _, 0, var name) => name,
            (_, _, 1, var name) => $"{name} {Variant}",
            (_, _, _, var name) => $"{Variant} ÷ {Reference}: {name}",
        },
    };

    /// <summary>The stable text of this identity: what a baseline's known violation writes.</summary>
    public string Key => Kind switch
    {
        RatioPolicy => $"policy/ratio/{Variant}/{Reference}",
        BytesPolicy => F($"policy/bytes/{Variant}/below/{BelowBytes:0.###}")
                       + (UpToMessageBytes > 0 ? F($"/upTo/{UpToMessageBytes}") : ""),
        _ => string.Join('/', new[] { Spelling(Kind).Key, Variant, Reference }.Take(1 + Spelling(Kind).Names)),
    };

    public bool IsPolicy => Kind is RatioPolicy or BytesPolicy;

    public bool IsAllocation => Kind is AllocationRegression or ProcessAllocationRegression or PairedBytes;

    public override string ToString() => Key;

    /// <summary>The identity <paramref name="key"/> writes (<see cref="Key"/>); null when it is none.</summary>
    public static GateId? Parse(string key)
    {
        var parts = key.Split('/');
        var id = parts switch
        {
            ["policy", "ratio", var variant, var reference] => new GateId(RatioPolicy, variant, reference),
            ["policy", "bytes", var variant, "below", var below] when Number(below) is { } max =>
                new GateId(BytesPolicy, variant, BelowBytes: max),
            ["policy", "bytes", var variant, "below", var below, "upTo", var upTo]
                when Number(below) is { } max && Number(upTo) is { } size =>
                new GateId(BytesPolicy, variant, UpToMessageBytes: (int)size, BelowBytes: max),
            _ => Spelled(parts),
        };
        // Only the canonical spelling: a trailing slash or a zero-padded size would round-trip differently.
        return id is { } parsed && parsed.Key == key && parts.All(p => p.Length > 0) ? id : null;
    }

    private static GateId? Spelled(string[] parts) => Spellings
        .Select(s => (s.Kind, s.Names, Words: s.Key.Split('/')))
        .Where(s => parts.Length == s.Words.Length + s.Names && parts.Take(s.Words.Length).SequenceEqual(s.Words))
        .Select(s => (GateId?)new GateId(s.Kind, parts.ElementAtOrDefault(s.Words.Length) ?? "",
            parts.ElementAtOrDefault(s.Words.Length + 1) ?? ""))
        .FirstOrDefault();

    private static (GateKind Kind, string Key, int Names, string Name) Spelling(GateKind kind) =>
        Array.Find(Spellings, s => s.Kind == kind) is { Key: not null } spelling
            ? spelling
            : throw new ArgumentOutOfRangeException(nameof(kind), kind, "a gate kind without a spelling");

    private static double? Number(string text) =>
        double.TryParse(text, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var value)
        && value is > 0 and < int.MaxValue ? value : null;

}

/// <summary>results.json writes a gate's identity as its key, as baseline files do.</summary>
public sealed class GateIdJson : JsonConverter<GateId>
{
    public override GateId Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        GateId.Parse(reader.GetString() ?? "")
        ?? throw new JsonException($"\"{reader.GetString()}\" is not a gate id; known: {GateId.Forms}");

    public override void Write(Utf8JsonWriter writer, GateId value, JsonSerializerOptions options) =>
        writer.WriteStringValue(value.Key);
}
