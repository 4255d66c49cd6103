namespace NetZmqTests.Gating.Reporting;

/// <summary>
/// Holds: every estimate lies in the claimed range; Unclear: some lies outside, but its 95 % interval reaches into it;
/// DoesNotHold: some estimate's whole interval (for allocations: the count) lies outside it.
/// </summary>
public enum ClaimVerdict
{
    Holds,
    Unclear,
    DoesNotHold,
    NotMeasured,
}

/// <summary>One published claim checked against this run: the verdict, and the numbers behind it.</summary>
/// <param name="Id">The claim's short name (C1 …), stable across runs.</param>
/// <param name="Gate">Where the claim is also a gate, that gate; otherwise null.</param>
public sealed record ClaimCheck(string Id, string Claim, ClaimVerdict Verdict, string Evidence, ClaimGate? Gate = null);

/// <summary>The gate a claim also is, named as the gate list names it (never by hand).</summary>
public sealed record ClaimGate(Gates.GateId Id, string? Aside = null)
{
    public static ClaimGate Of(Baselines.RatioBound bound, string? aside = null) =>
        new(Gates.GateId.For(bound), aside);

    public static ClaimGate Of(Baselines.BytesBound bound) => new(Gates.GateId.For(bound));

    public string Name => Id.Name;

    public override string ToString() => Aside is null ? Name : $"{Name} ({Aside})";
}
