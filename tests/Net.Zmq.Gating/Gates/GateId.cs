using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace NetZmqTests.Gating.Gates;

/// <summary>What a gate judges.</summary>
public enum GateKind
{
    /// <summary>A hand-set bound on a time ratio between two variants (<see cref="Baselines.RatioBound"/>).</summary>
    RatioPolicy,

    /// <summary>A hand-set bound on bytes per operation (<see cref="Baselines.BytesBound"/>).</summary>
    BytesPolicy,

    /// <summary>The case's time ratio against its baseline ratio.</summary>
    TimeRegression,

    /// <summary>The case's CPU-time ratio against its baseline CPU-time ratio.</summary>
    CpuTimeRegression,

    /// <summary>Bytes per operation on the measured threads against the baseline's.</summary>
    AllocationRegression,

    /// <summary>
    /// Bytes per operation process-wide against the baseline's, where a subject allocates on threads it does not own.
    /// </summary>
    ProcessAllocationRegression,

    /// <summary>The suite's geometric mean of time ratios over their baseline ratios.</summary>
    Aggregate,

    /// <summary>A measured case the baseline has no entry for.</summary>
    BaselineEntry,

    /// <summary>
    /// A subject's time over its paired reference's for the same case, measured together (no baseline;
    /// <see cref="PairedGates"/>).
    /// </summary>
    PairedTime,

    /// <summary>The same in process CPU time.</summary>
    PairedCpuTime,

    /// <summary>A subject's bytes per operation against its paired reference's for the same case.</summary>
    PairedBytes,

    /// <summary>The geometric mean of subject ÷ reference over every case both ran.</summary>
    PairedAggregate,

    /// <summary>
    /// A subject's native calls per message against its paired reference's, counted in the same run (exact, no
    /// baseline).
    /// </summary>
    PairedCalls,

    /// <summary>
    /// Native calls per message against the counts a suite's call baseline recorded (exact, on any machine).
    /// </summary>
    CallsRegression,

    /// <summary>
    /// A subject's instructions per message against its paired reference's, counted under Valgrind in the same run (no
    /// baseline).
    /// </summary>
    PairedInstructions,

    /// <summary>
    /// Instructions per message against those a suite's instruction baseline recorded (on any machine: Valgrind
    /// emulates one CPU).
    /// </summary>
    InstructionsRegression,
}

/// <summary>
/// A gate's identity: what it judges and between which variants, never how its bound is written. Known violations in a
/// baseline file name it by <see cref="Key"/> (for example <c>policy/ratio/Poller/PureBlocking</c>), so rewording or
/// reformatting a gate's shown name (<see cref="GateResult.Gate"/>: "≤ 1.10", "&lt; 4.9 KiB") never stops a reviewed
/// violation from matching. A ratio bound is one per pair of variants, so its maximum is not part of its identity: it
/// is carried only for the gate's name (<see cref="RatioMax"/>), which every gate takes from here (<see cref="Name"/>).
/// </summary>
/// <param name="Variant">For a policy: the variant it bounds; for a time gate: the reference variant the ratio is to;
/// for a paired gate: the subject, as its <see cref="Pairing"/> names it.</param>
/// <param name="Reference">For a ratio policy: the variant it divides by; for a paired gate: the reference, as
/// named.</param>
/// <param name="UpToMessageBytes">For a bytes policy: the largest message size it applies to (0: every size).</param>
/// <param name="BelowBytes">For a bytes policy: its bound, in bytes. Part of the identity because one variant may have
/// several (the product owner's 5 KB and a published claim's 3 KB); a count of bytes, written as a plain
/// number.</param>
[JsonConverter(typeof(GateIdJson))]
public readonly record struct GateId(GateKind Kind, string Variant = "", string Reference = "", int UpToMessageBytes = 0, double BelowBytes = 0)
{
    public static GateId For(Baselines.RatioBound bound) => new(GateKind.RatioPolicy, bound.Variant, bound.Reference) { RatioMax = bound.Max };

    /// <summary>
    /// For a ratio policy: its bound, shown in its name; not part of its identity (equality and <see cref="Key"/> leave
    /// it out).
    /// </summary>
    public double RatioMax { get; init; }

    public bool Equals(GateId other) =>
        Kind == other.Kind && Variant == other.Variant && Reference == other.Reference && UpToMessageBytes == other.UpToMessageBytes
        && BelowBytes.Equals(other.BelowBytes);

    public override int GetHashCode() => HashCode.Combine(Kind, Variant, Reference, UpToMessageBytes, BelowBytes);

    /// <summary>
    /// The gate's name as the report and the claims show it, made from its identity (a ratio bound's with its maximum).
    /// </summary>
    public string Name => Kind switch
    {
        GateKind.RatioPolicy => string.Create(CultureInfo.InvariantCulture, $"policy: {Variant} ≤ {RatioMax:0.00} × {Reference}"),
        GateKind.BytesPolicy => $"policy: {Variant} allocates < {Reporting.Units.Bytes(BelowBytes)} per operation" +
                                (UpToMessageBytes > 0 ? $" up to {Reporting.Units.Bytes(UpToMessageBytes)} messages" : ""),
        GateKind.TimeRegression => $"regression: time ratio to {Variant}",
        GateKind.CpuTimeRegression => $"regression: CPU-time ratio to {Variant}",
        GateKind.AllocationRegression => "regression: bytes per operation",
        GateKind.ProcessAllocationRegression => "regression: process-wide bytes per operation",
        GateKind.Aggregate => "regression: geometric mean of time ratios ÷ baseline",
        GateKind.BaselineEntry => "baseline entry",
        GateKind.PairedTime => $"{Variant} ÷ {Reference}: time",
        GateKind.PairedCpuTime => $"{Variant} ÷ {Reference}: CPU time",
        GateKind.PairedBytes => $"{Variant} ÷ {Reference}: bytes per operation",
        GateKind.PairedAggregate => $"{Variant} ÷ {Reference}: geometric mean of time",
        GateKind.PairedCalls => $"{Variant} ÷ {Reference}: native calls per message",
        GateKind.CallsRegression => "regression: native calls per message",
        GateKind.PairedInstructions => $"{Variant} ÷ {Reference}: instructions per message",
        GateKind.InstructionsRegression => "regression: instructions per message",
        _ => throw new ArgumentOutOfRangeException(nameof(Kind), Kind, "a gate kind without a name"),
    };

    public static GateId For(Baselines.BytesBound bound) =>
        new(GateKind.BytesPolicy, bound.Variant, UpToMessageBytes: bound.UpToMessageBytes, BelowBytes: bound.Max);

    /// <summary>The stable text of this identity: what a baseline's known violation writes.</summary>
    public string Key => Kind switch
    {
        GateKind.RatioPolicy => $"policy/ratio/{Variant}/{Reference}",
        GateKind.BytesPolicy => string.Create(CultureInfo.InvariantCulture, $"policy/bytes/{Variant}/below/{BelowBytes:0.###}")
                                + (UpToMessageBytes > 0 ? string.Create(CultureInfo.InvariantCulture, $"/upTo/{UpToMessageBytes}") : ""),
        GateKind.TimeRegression => $"regression/time/{Variant}",
        GateKind.CpuTimeRegression => $"regression/cpu-time/{Variant}",
        GateKind.AllocationRegression => "regression/bytes",
        GateKind.ProcessAllocationRegression => "regression/process-bytes",
        GateKind.Aggregate => "regression/aggregate",
        GateKind.BaselineEntry => "baseline/entry",
        GateKind.PairedTime => $"paired/time/{Variant}/{Reference}",
        GateKind.PairedCpuTime => $"paired/cpu-time/{Variant}/{Reference}",
        GateKind.PairedBytes => $"paired/bytes/{Variant}/{Reference}",
        GateKind.PairedAggregate => $"paired/aggregate/{Variant}/{Reference}",
        GateKind.PairedCalls => $"paired/calls/{Variant}/{Reference}",
        GateKind.CallsRegression => "regression/calls",
        GateKind.PairedInstructions => $"paired/instructions/{Variant}/{Reference}",
        GateKind.InstructionsRegression => "regression/instructions",
        _ => throw new ArgumentOutOfRangeException(nameof(Kind), Kind, "a gate kind without a key"),
    };

    public bool IsPolicy => Kind is GateKind.RatioPolicy or GateKind.BytesPolicy;

    public bool IsAllocation => Kind is GateKind.AllocationRegression or GateKind.ProcessAllocationRegression or GateKind.PairedBytes;

    public override string ToString() => Key;

    /// <summary>The identity <paramref name="key"/> writes (<see cref="Key"/>); null when it is none.</summary>
    public static GateId? Parse(string key)
    {
        var parts = key.Split('/');
        GateId? id = parts switch
        {
            ["policy", "ratio", var variant, var reference] => new GateId(GateKind.RatioPolicy, variant, reference),
            ["policy", "bytes", var variant, "below", var below] when Number(below) is { } max =>
                new GateId(GateKind.BytesPolicy, variant, BelowBytes: max),
            ["policy", "bytes", var variant, "below", var below, "upTo", var upTo] when Number(below) is { } max && Number(upTo) is { } size =>
                new GateId(GateKind.BytesPolicy, variant, UpToMessageBytes: (int)size, BelowBytes: max),
            ["regression", "time", var reference] => new GateId(GateKind.TimeRegression, reference),
            ["regression", "cpu-time", var reference] => new GateId(GateKind.CpuTimeRegression, reference),
            ["regression", "bytes"] => new GateId(GateKind.AllocationRegression),
            ["regression", "process-bytes"] => new GateId(GateKind.ProcessAllocationRegression),
            ["regression", "aggregate"] => new GateId(GateKind.Aggregate),
            ["baseline", "entry"] => new GateId(GateKind.BaselineEntry),
            ["paired", var what, var subject, var reference] when PairedKind(what) is { } kind => new GateId(kind, subject, reference),
            ["regression", "calls"] => new GateId(GateKind.CallsRegression),
            ["regression", "instructions"] => new GateId(GateKind.InstructionsRegression),
            _ => null,
        };
        // Only the canonical spelling: "policy/ratio/Poller/PureBlocking/" or a zero-padded size would round-trip
        // differently.
        return id is { } parsed && parsed.Key == key && parts.All(p => p.Length > 0) ? id : null;
    }

    private static GateKind? PairedKind(string what) => what switch
    {
        "time" => GateKind.PairedTime,
        "cpu-time" => GateKind.PairedCpuTime,
        "bytes" => GateKind.PairedBytes,
        "aggregate" => GateKind.PairedAggregate,
        "calls" => GateKind.PairedCalls,
        "instructions" => GateKind.PairedInstructions,
        _ => null,
    };

    private static double? Number(string text) =>
        double.TryParse(text, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var value) && value is > 0 and < int.MaxValue ? value : null;

    /// <summary>The forms <see cref="Parse"/> accepts, for error messages.</summary>
    public const string Forms =
        "policy/ratio/<variant>/<reference>, policy/bytes/<variant>/below/<bytes>, policy/bytes/<variant>/below/<bytes>/upTo/<message bytes>, regression/time/<reference>, " +
        "regression/cpu-time/<reference>, regression/bytes, regression/process-bytes, regression/aggregate, regression/calls, regression/instructions, paired/{time|cpu-time|bytes|aggregate|calls|instructions}/<subject>/<reference>";
}

/// <summary>results.json writes a gate's identity as its key, as baseline files do.</summary>
public sealed class GateIdJson : JsonConverter<GateId>
{
    public override GateId Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        GateId.Parse(reader.GetString() ?? "") ?? throw new JsonException($"\"{reader.GetString()}\" is not a gate id; known: {GateId.Forms}");

    public override void Write(Utf8JsonWriter writer, GateId value, JsonSerializerOptions options) => writer.WriteStringValue(value.Key);
}
