namespace NetZmqTests.Gating.Reporting;

public enum ClaimVerdict
{
    /// <summary>Every estimate lies in the claimed range.</summary>
    Holds,

    /// <summary>Some estimate lies outside the claimed range, but its 95 % interval reaches into it: not decided by this run.</summary>
    Unclear,

    /// <summary>Some estimate's whole 95 % interval lies outside the claimed range (for allocations: the count is outside it).</summary>
    DoesNotHold,

    /// <summary>The cases the claim is about were not measured in this run.</summary>
    NotMeasured,
}

/// <summary>One published claim checked against this run's measurements: the verdict, and the numbers behind it.</summary>
/// <param name="Id">The claim's short name (C1 …), stable across runs.</param>
/// <param name="Gate">Where the claim is also a gate, the gate's name; otherwise null (the claim only informs).</param>
public sealed record ClaimCheck(string Id, string Claim, ClaimVerdict Verdict, string Evidence, string? Gate = null);
