using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// The allocation-regression gates of one case: bytes per operation fail above baseline × (1 + relative) + slack, the
/// process-wide figure too where a subject allocates on threads it does not own; across machine classes each bound
/// widens (<see cref="BaselineBasis.BetweenClasses"/>).
/// </summary>
public static class AllocationRule
{
    public static IEnumerable<GateResult> Evaluate(
        AnalyzedCase analyzed, BaselineCase expected, BaselineBasis basis, string baselinePath)
    {
        var (id, measurement, slack) = (analyzed.Case.Id, analyzed.Measurement, expected.Tolerances.BytesAbsolute);
        var between = basis.BetweenClasses(id);
        if (measurement.ProcessBytesPerOperation is { } process && expected.ProcessBytesPerOperation is { } recorded)
        {
            var relative = basis.Class.ProcessBytesTolerance;
            yield return Judge(new(GateKind.ProcessAllocationRegression), id, process, "baseline", recorded,
                relative + between.ProcessBytes, F($"{relative:P0}") + BetweenClasses(between.ProcessBytes), slack,
                baselinePath) with
            {
                Note = "counted process-wide: it includes the test host's and the I/O thread's allocations, which " +
                       "depend on timing",
            };
        }

        var bytesRelative = expected.Tolerances.BytesRelative;
        yield return Judge(new(GateKind.AllocationRegression), id, measurement.BytesAllocatedPerOperation, "baseline",
            expected.BytesPerOperation, bytesRelative + between.Bytes,
            Slack(bytesRelative) + BetweenClasses(between.Bytes), slack, baselinePath);
    }

    /// <summary>
    /// Bytes judged against a reference's (a baseline's, or a paired reference's in the same run): they fail above
    /// reference × (1 + <paramref name="relative"/>) + <paramref name="slack"/>, the bound's text naming each term.
    /// </summary>
    internal static GateResult Judge(GateId gate, string caseId, double bytes, string reference,
        double referenceBytes, double relative, string relativeText, double slack, string baselinePath)
    {
        var bound = (referenceBytes * (1 + relative)) + slack;
        return new GateResult(gate, caseId, Bytes(bytes),
            F($"≤ {Bytes(bound)} ({reference} {Bytes(referenceBytes)} + ") + relativeText + F($" + {slack:0} B)"),
            bytes <= bound ? GateVerdict.Pass : GateVerdict.Fail, baselinePath);
    }

    private static string BetweenClasses(double move) => move > 0 ? F($" + {move:P1} between classes") : "";
}
