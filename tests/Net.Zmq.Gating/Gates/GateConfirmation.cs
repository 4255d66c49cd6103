namespace NetZmqTests.Gating.Gates;

/// <summary>
/// Confirm before failing: a failed time gate is judged again on a fresh measurement after the rest of the run and
/// fails only if it fails again; bad luck pushes a ratio past a bound once, a regression twice. Allocation is counted,
/// not re-measured.
/// </summary>
public static class GateConfirmation
{
    /// <summary>The cases whose time gates failed: what to measure again.</summary>
    public static IReadOnlyList<string> CasesToRemeasure(IEnumerable<GateResult> gates) => gates
        .Where(g => g.JudgesTime && g.Verdict == GateVerdict.Fail).Select(g => g.Case).Distinct(StringComparer.Ordinal)
        .ToList();

    /// <summary>
    /// <paramref name="first"/> with each failed time gate replaced by its judgement again (<paramref name="again"/>,
    /// or <paramref name="onBothPasses"/>): it fails only if it failed both times; its note gives both.
    /// </summary>
    public static IReadOnlyList<GateResult> Apply(
        IReadOnlyList<GateResult> first, IReadOnlyList<GateResult> again, bool onBothPasses = false)
    {
        var how = onBothPasses ? "on both passes together" : "when measured again";
        var second = again.ToDictionary(g => (g.Id, g.Case));
        return first.Select(g => !g.JudgesTime || g.Verdict != GateVerdict.Fail ? g
            : !second.TryGetValue((g.Id, g.Case), out var retry)
                ? g with { Note = GateResult.Join(g.Note, "not re-measured, so not confirmed; counted as failing") }
                : retry with
                {
                    Note = GateResult.Join(retry.Note, retry.Verdict == GateVerdict.Pass
                        ? $"first measured {g.Measured}, which failed; not reproduced {how}"
                        : $"reproduced {how}: first measured {g.Measured}, then {retry.Measured}"),
                }).ToList();
    }
}
