using System.Globalization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// Applies a baseline file's gates to one subject's cases of one suite, all measured in the same run.
/// <list type="bullet">
/// <item>Policy: each hand-set ratio bound, in every group. It fails when the ratio's whole 95 % confidence
/// interval lies above the bound.</item>
/// <item>Time regression: each case's ratio to its group's reference fails when its estimate exceeds the baseline
/// ratio by more than the case's tolerance (tolerances are set from measured run-to-run spread).</item>
/// <item>Allocation regression: bytes per operation fail above baseline × (1 + relative) + absolute slack.</item>
/// </list>
/// </summary>
public static class GateEvaluator
{
    public const string TimeRegressionGate = "regression: time ratio";
    public const string AllocationRegressionGate = "regression: bytes per operation";

    public static string PolicyGateName(RatioBound bound) =>
        string.Create(CultureInfo.InvariantCulture, $"policy: {bound.Variant} ≤ {bound.Max:0.00} × {bound.Reference}");

    public static string PolicyGateName(BytesBound bound) =>
        $"policy: {bound.Variant} allocates < {Units.Bytes(bound.Max)} per operation" +
        (bound.UpToMessageBytes > 0 ? $" up to {Units.Bytes(bound.UpToMessageBytes)} messages" : "");

    public static IReadOnlyList<GateResult> Evaluate(IReadOnlyList<AnalyzedCase> cases, BaselineFile baseline, string baselinePath)
    {
        var results = new List<GateResult>();
        results.AddRange(Policy(cases, baseline, baselinePath));
        foreach (var analyzed in cases)
        {
            var id = analyzed.Case.Id;
            if (!baseline.Cases.TryGetValue(id, out var expected))
            {
                results.Add(new GateResult("regression", id, "measured", "a baseline entry", GateVerdict.Fail, baselinePath,
                    "the baseline has no entry for this case; review it and refresh with dotnet test --filter Category=Perf -- UpdateBaselines=true"));
                continue;
            }

            if (!analyzed.Case.IsReference)
            {
                var bound = expected.Ratio * (1 + expected.Tolerances.Ratio);
                results.Add(new GateResult(
                    $"{TimeRegressionGate} to {analyzed.Case.ReferenceVariant}", id, analyzed.Ratio.ToString(),
                    string.Create(CultureInfo.InvariantCulture, $"≤ {bound:0.000} (baseline {expected.Ratio:0.000} + {expected.Tolerances.Ratio:P0})"),
                    analyzed.Ratio.Value <= bound ? GateVerdict.Pass : GateVerdict.Fail, baselinePath) { JudgesTime = true });
            }

            var bytes = analyzed.Measurement.BytesAllocatedPerOperation;
            var byteBound = (expected.BytesPerOperation * (1 + expected.Tolerances.BytesRelative)) + expected.Tolerances.BytesAbsolute;
            results.Add(new GateResult(
                AllocationRegressionGate, id, Units.Bytes(bytes),
                string.Create(CultureInfo.InvariantCulture,
                    $"≤ {Units.Bytes(byteBound)} (baseline {Units.Bytes(expected.BytesPerOperation)} + {expected.Tolerances.BytesRelative:P0} + {expected.Tolerances.BytesAbsolute:0} B)"),
                bytes <= byteBound ? GateVerdict.Pass : GateVerdict.Fail, baselinePath));
        }

        return results;
    }

    private static IEnumerable<GateResult> Policy(IReadOnlyList<AnalyzedCase> cases, BaselineFile baseline, string baselinePath) =>
        RatioPolicy(cases, baseline, baselinePath).Concat(BytesPolicy(cases, baseline, baselinePath));

    /// <summary>
    /// Allocation is counted, not sampled from a scattering clock: a bound fails when the measured bytes per
    /// operation (the median over operations) reach it.
    /// </summary>
    private static IEnumerable<GateResult> BytesPolicy(IReadOnlyList<AnalyzedCase> cases, BaselineFile baseline, string baselinePath)
    {
        foreach (var bound in baseline.Policy.BytesBounds)
        {
            var gate = PolicyGateName(bound);
            foreach (var subject in cases.Where(c => c.Case.Variant == bound.Variant
                                                     && (bound.UpToMessageBytes == 0 || c.Measurement.MessageBytes <= bound.UpToMessageBytes)))
            {
                var bytes = subject.Measurement.BytesAllocatedPerOperation;
                var violated = bytes >= bound.Max;
                var accepted = baseline.Policy.KnownViolations.Any(v => v.Case == subject.Case.Id && v.Gate == gate);
                yield return new GateResult(gate, subject.Case.Id, Units.Bytes(bytes), $"< {Units.Bytes(bound.Max)}",
                    !violated ? GateVerdict.Pass : accepted ? GateVerdict.KnownViolation : GateVerdict.Fail, baselinePath,
                    !violated && accepted ? "it holds now, so its known-violation entry can be removed" : null);
            }
        }
    }

    private static IEnumerable<GateResult> RatioPolicy(IReadOnlyList<AnalyzedCase> cases, BaselineFile baseline, string baselinePath)
    {
        foreach (var bound in baseline.Policy.RatioBounds)
        {
            var gate = PolicyGateName(bound);
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
                var accepted = baseline.Policy.KnownViolations.Any(v => v.Case == subject.Case.Id && v.Gate == gate);
                yield return new GateResult(gate, subject.Case.Id, ratio.ToString(),
                    string.Create(CultureInfo.InvariantCulture, $"≤ {bound.Max:0.00}"),
                    !violated ? GateVerdict.Pass : accepted ? GateVerdict.KnownViolation : GateVerdict.Fail, baselinePath,
                    unclear ? "unclear: the estimate is above the bound but its 95 % interval reaches below it"
                    : !violated && accepted ? "it holds now, so its known-violation entry can be removed" : null)
                {
                    JudgesTime = true,
                };
            }
        }
    }
}
