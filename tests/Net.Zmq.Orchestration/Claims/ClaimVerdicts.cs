using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Orchestration.Claims;

/// <summary>
/// A published claim's verdict from a measured ratio and its 95 % interval: it holds where the ratio does, and fails
/// only where the whole interval says so; between the two it is unclear, never a guess.
/// </summary>
internal static class ClaimVerdicts
{
    /// <summary>The claim "between <paramref name="low"/> and <paramref name="high"/>".</summary>
    public static ClaimVerdict Within(RatioEstimate r, double low, double high) =>
        r.Value >= low && r.Value <= high ? ClaimVerdict.Holds
        : r.Upper < low || r.Lower > high ? ClaimVerdict.DoesNotHold
        : ClaimVerdict.Unclear;

    /// <summary>The claim "at least <paramref name="low"/>".</summary>
    public static ClaimVerdict AtLeast(RatioEstimate r, double low) =>
        r.Value >= low ? ClaimVerdict.Holds : r.Upper < low ? ClaimVerdict.DoesNotHold : ClaimVerdict.Unclear;
}
