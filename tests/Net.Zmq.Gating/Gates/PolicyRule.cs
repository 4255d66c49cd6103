using System.Globalization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// The policy's gates: each hand-set ratio bound, failing when the ratio's whole interval lies above it, and each
/// bytes bound, failing when the counted bytes reach it; a recorded known violation is accepted.
/// </summary>
public static class PolicyRule
{
    /// <summary>
    /// A ratio bound is a claim about wall time on a quiet machine; beside a busy neighbour, which stretches it
    /// unevenly in CPU time too, it is shown, not judged.
    /// </summary>
    private static string? BusyForAClaim(AnalyzedCase analyzed) =>
        GateEvaluator.BusyNote(analyzed, "and the bound is a claim about a quiet machine");

    public static IEnumerable<GateResult> Evaluate(IReadOnlyList<AnalyzedCase> cases, Policy policy, string baselinePath) =>
        RatioPolicy(cases, policy, baselinePath).Concat(BytesPolicy(cases, policy, baselinePath));

    private static IEnumerable<GateResult> BytesPolicy(IReadOnlyList<AnalyzedCase> cases, Policy policy, string baselinePath)
    {
        foreach (var bound in policy.BytesBounds)
        {
            var gateId = GateId.For(bound);
            foreach (var subject in cases.Where(c => c.Case.Variant == bound.Variant
                                                     && (bound.UpToMessageBytes == 0 || c.Measurement.MessageBytes <= bound.UpToMessageBytes)))
            {
                var bytes = subject.Measurement.BytesAllocatedPerOperation;
                var violated = bytes >= bound.Max;
                var accepted = policy.KnownViolations.FirstOrDefault(v => v.Case == subject.Case.Id && v.Gate == gateId);
                yield return new GateResult(gateId, subject.Case.Id, Units.Bytes(bytes), $"< {Units.Bytes(bound.Max)}",
                    !violated ? GateVerdict.Pass : accepted is not null ? GateVerdict.KnownViolation : GateVerdict.Fail, baselinePath,
                    !violated ? HoldsDespite(accepted) : null);
            }
        }
    }

    /// <summary>
    /// A bound that holds though a known violation is recorded: the entry stays while some machine sees it (its
    /// evidence says where).
    /// </summary>
    private static string? HoldsDespite(KnownViolation? accepted) =>
        accepted is null ? null : $"it holds in this run; its known-violation entry records where it did not: {accepted.Evidence}";

    private static IEnumerable<GateResult> RatioPolicy(IReadOnlyList<AnalyzedCase> cases, Policy policy, string baselinePath)
    {
        foreach (var bound in policy.RatioBounds)
        {
            var gateId = GateId.For(bound);
            foreach (var subject in cases.Where(c => c.Case.Variant == bound.Variant))
            {
                var reference = cases.SingleOrDefault(c => c.Case.Group == subject.Case.Group && c.Case.Variant == bound.Reference);
                if (reference is null)
                {
                    continue;
                }

                var ratio = bound.Reference == subject.Case.ReferenceVariant
                    ? subject.Ratio
                    : SuiteAnalysis.Compare(subject.Measurement, reference.Measurement);
                // Violated only when the whole 95 % interval lies above the bound: a ratio that merely scatters
                // across it is reported as unclear, never failed on noise.
                var violated = ratio.Lower > bound.Max;
                var unclear = !violated && ratio.Value > bound.Max;
                var accepted = policy.KnownViolations.FirstOrDefault(v => v.Case == subject.Case.Id && v.Gate == gateId);
                yield return GateEvaluator.NotApplied(new GateResult(gateId, subject.Case.Id, ratio.ToString(),
                    string.Create(CultureInfo.InvariantCulture, $"≤ {bound.Max:0.00}"),
                    !violated ? GateVerdict.Pass : accepted is not null ? GateVerdict.KnownViolation : GateVerdict.Fail, baselinePath,
                    unclear ? "unclear: the estimate is above the bound but its 95 % interval reaches below it"
                    : !violated ? HoldsDespite(accepted) : null)
                {
                    JudgesTime = true,
                }, BusyForAClaim(subject) ?? BusyForAClaim(reference));
            }
        }
    }
}
