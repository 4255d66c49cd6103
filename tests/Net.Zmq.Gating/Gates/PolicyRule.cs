using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// The policy's gates: each hand-set ratio bound, failing when the ratio's whole interval lies above it, and each
/// bytes bound, failing when the counted bytes reach it; a recorded known violation is accepted.
/// </summary>
public static class PolicyRule
{
    public static IEnumerable<GateResult> Evaluate(
        IReadOnlyList<AnalyzedCase> cases, Policy policy, string baselinePath) =>
        RatioPolicy(cases, policy, baselinePath).Concat(BytesPolicy(cases, policy, baselinePath));

    private static IEnumerable<GateResult> BytesPolicy(
        IReadOnlyList<AnalyzedCase> cases, Policy policy, string baselinePath) =>
        from bound in policy.BytesBounds
        from subject in cases
        where subject.Case.Variant == bound.Variant
              && (bound.UpToMessageBytes == 0 || subject.Measurement.MessageBytes <= bound.UpToMessageBytes)
        let bytes = subject.Measurement.BytesAllocatedPerOperation
        select Judge(policy, GateId.For(bound), subject.Case.Id, Bytes(bytes), $"< {Bytes(bound.Max)}",
            bytes >= bound.Max, baselinePath);

    /// <summary>
    /// A ratio bound is a claim about wall time on a quiet machine: beside a busy neighbour, which stretches it
    /// unevenly in CPU time too, it is shown, not judged.
    /// </summary>
    private static IEnumerable<GateResult> RatioPolicy(
        IReadOnlyList<AnalyzedCase> cases, Policy policy, string baselinePath) =>
        from bound in policy.RatioBounds
        from subject in cases.Where(c => c.Case.Variant == bound.Variant)
        let reference = cases.SingleOrDefault(c => c.Case.Group == subject.Case.Group
                                                   && c.Case.Variant == bound.Reference)
        where reference is not null
        let ratio = bound.Reference == subject.Case.ReferenceVariant
            ? subject.Ratio
            : SuiteAnalysis.Compare(subject.Measurement, reference.Measurement)
        // Violated only when the whole 95 % interval lies above the bound: a ratio that merely scatters across it is
        // reported as unclear, never failed on noise.
        let gate = Judge(policy, GateId.For(bound), subject.Case.Id, ratio.ToString(), F($"≤ {bound.Max:0.00}"),
            ratio.Lower > bound.Max, baselinePath)
        select GateEvaluator.NotApplied(gate with
        {
            JudgesTime = true,
            Note = gate.Verdict == GateVerdict.Pass && ratio.Value > bound.Max
                ? "unclear: the estimate is above the bound but its 95 % interval reaches below it"
                : gate.Note,
        }, GateEvaluator.BusyNote(subject, Busy) ?? GateEvaluator.BusyNote(reference, Busy));

    private const string Busy = "and the bound is a claim about a quiet machine";

    /// <summary>
    /// A bound violated fails unless a known violation accepts it; one that holds though a known violation is recorded
    /// says so: the entry stays while some machine sees it (its evidence says where).
    /// </summary>
    private static GateResult Judge(
        Policy policy, GateId gate, string caseId, string measured, string bound, bool violated, string baselinePath)
    {
        var accepted = policy.KnownViolations.FirstOrDefault(v => v.Case == caseId && v.Gate == gate);
        return new GateResult(gate, caseId, measured, bound,
            !violated ? GateVerdict.Pass : accepted is not null ? GateVerdict.KnownViolation : GateVerdict.Fail,
            baselinePath, violated || accepted is null ? null
                : $"it holds in this run; its known-violation entry records where it did not: {accepted.Evidence}");
    }
}
