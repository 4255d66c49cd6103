namespace NetZmqTests.Gating.Gates;

public enum GateVerdict
{
    Pass,

    /// <summary>The bound does not hold, and nothing reviewed accepts it: the run fails.</summary>
    Fail,

    /// <summary>
    /// The bound does not hold, but the baseline records a reviewed known violation: the run stays green.
    /// </summary>
    KnownViolation,

    /// <summary>Measured and shown, not judged: the bound does not apply here; the note says why.</summary>
    NotApplied,
}

/// <summary>One gate applied to one case: what was measured, the bound, the verdict, and the bound's file.</summary>
/// <param name="BaselinePath">The bound's file as shown (<see cref="Pairing.BaselinePath"/> where there is none).
/// </param>
public sealed record GateResult(
    GateId Id, string Case, string Measured, string Bound, GateVerdict Verdict,
    [property: System.Text.Json.Serialization.JsonPropertyName("baselineFile")] string BaselinePath,
    string? Note = null)
{
    public string Gate => Id.Name;

    /// <summary>
    /// True for gates on a time ratio: the clock scatters, so a failure is confirmed by measuring again.
    /// </summary>
    public bool JudgesTime { get; init; }

    public bool FailsRun => Verdict == GateVerdict.Fail;

    /// <summary>For a call count gate: each call whose count per message differs, "more: …" or "fewer: …".</summary>
    public IReadOnlyList<string> CallChanges { get; init; } = [];

    /// <summary>For a failed instruction gate: the functions that changed most, with their share.</summary>
    public IReadOnlyList<string> FunctionChanges { get; init; } = [];

    /// <summary>
    /// For an instruction gate: measured ÷ reference per message, by part, where both sides counted it.
    /// </summary>
    public IReadOnlyDictionary<string, double> PartRatios { get; init; } = new Dictionary<string, double>();

    /// <summary>For an instruction gate: how each judged part was judged, and its judged growth.</summary>
    public IReadOnlyList<JudgedPart> Parts { get; init; } = [];

    /// <summary>Two notes as one ("first; second"), either possibly absent.</summary>
    internal static string? Join(string? first, string? second) =>
        first is null ? second : second is null ? first : $"{first}; {second}";

    /// <summary>One line that says everything a reader needs to act.</summary>
    public string Describe() =>
        $"{Gate} {Verdict switch { GateVerdict.Pass => "holds", GateVerdict.NotApplied => "is not applied", _ => "FAILS" }} " +
        $"for {Case}: measured {Measured}, bound {Bound} (baseline {BaselinePath})" +
        (Verdict == GateVerdict.KnownViolation ? " — accepted as a reviewed known violation" : "") +
        (Note is null ? "" : $"; {Note}");
}
