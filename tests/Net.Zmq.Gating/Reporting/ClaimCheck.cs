namespace NetZmqTests.Gating.Reporting;

public enum ClaimVerdict
{
    /// <summary>Every estimate lies in the claimed range.</summary>
    Holds,

    /// <summary>
    /// Some estimate lies outside the claimed range, but its 95 % interval reaches into it: not decided by this run.
    /// </summary>
    Unclear,

    /// <summary>
    /// Some estimate's whole 95 % interval lies outside the claimed range (for allocations: the count is outside it).
    /// </summary>
    DoesNotHold,

    /// <summary>The cases the claim is about were not measured in this run.</summary>
    NotMeasured,
}

/// <summary>
/// One published claim checked against this run's measurements: the verdict, and the numbers behind it.
/// </summary>
/// <param name="Id">The claim's short name (C1 …), stable across runs.</param>
/// <param name="Gate">Where the claim is also a gate, that gate; otherwise null (the claim only informs).</param>
public sealed record ClaimCheck(string Id, string Claim, ClaimVerdict Verdict, string Evidence, ClaimGate? Gate = null);

/// <summary>
/// The gate a claim also is: its identity, and the name the gate list shows for it (never written by hand, so the
/// two cannot drift); <paramref name="Aside"/> is said after the name in the claims table.
/// </summary>
public sealed record ClaimGate(Gates.GateId Id, string? Aside = null)
{
    public static ClaimGate Of(Baselines.RatioBound bound, string? aside = null) => new(Gates.GateId.For(bound), aside);

    public static ClaimGate Of(Baselines.BytesBound bound) => new(Gates.GateId.For(bound));

    public string Name => Id.Name;

    public override string ToString() => Aside is null ? Name : $"{Name} ({Aside})";
}
