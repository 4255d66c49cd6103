using System.Globalization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// The allocation-regression gates of one case: bytes per operation fail above baseline × (1 + relative) + slack, the
/// process-wide figure too where a subject allocates on threads it does not own; across machine classes each bound
/// widens (<see cref="BaselineBasis.BetweenClasses"/>).
/// </summary>
public static class AllocationRule
{
    public static IEnumerable<GateResult> Evaluate(AnalyzedCase analyzed, BaselineCase expected, BaselineBasis basis, string baselinePath)
    {
        var id = analyzed.Case.Id;
        var between = basis.BetweenClasses(id);
        if (analyzed.Measurement.ProcessBytesPerOperation is { } process && expected.ProcessBytesPerOperation is { } expectedProcess)
        {
            var processBound = (expectedProcess * (1 + basis.Class.ProcessBytesTolerance + between.ProcessBytes)) + expected.Tolerances.BytesAbsolute;
            yield return new GateResult(
                ProcessGate, id, Units.Bytes(process),
                string.Create(CultureInfo.InvariantCulture,
                    $"≤ {Units.Bytes(processBound)} (baseline {Units.Bytes(expectedProcess)} + {basis.Class.ProcessBytesTolerance:P0}{BetweenClassesText(between.ProcessBytes)} + {expected.Tolerances.BytesAbsolute:0} B)"),
                process <= processBound ? GateVerdict.Pass : GateVerdict.Fail, baselinePath,
                "counted process-wide: it includes the test host's and the I/O thread's allocations, which depend on timing");
        }

        var bytes = analyzed.Measurement.BytesAllocatedPerOperation;
        var byteBound = (expected.BytesPerOperation * (1 + expected.Tolerances.BytesRelative + between.Bytes)) + expected.Tolerances.BytesAbsolute;
        yield return new GateResult(
            BytesGate, id, Units.Bytes(bytes),
            string.Create(CultureInfo.InvariantCulture,
                $"≤ {Units.Bytes(byteBound)} (baseline {Units.Bytes(expected.BytesPerOperation)} + {Units.Slack(expected.Tolerances.BytesRelative)}{BetweenClassesText(between.Bytes)} + {expected.Tolerances.BytesAbsolute:0} B)"),
            bytes <= byteBound ? GateVerdict.Pass : GateVerdict.Fail, baselinePath);
    }

    private static readonly GateId BytesGate = new(GateKind.AllocationRegression);
    private static readonly GateId ProcessGate = new(GateKind.ProcessAllocationRegression);

    private static string BetweenClassesText(double move) =>
        move > 0 ? string.Create(CultureInfo.InvariantCulture, $" + {move:P1} between classes") : "";
}
