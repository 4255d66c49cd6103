using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Scenarios.Perf;

/// <summary>
/// How one suite's cases are judged against its baseline file: what a run does and what the explain command shows.
/// Every suite by <see cref="GateEvaluator"/>; the binding overhead's also in CPU time (the binding's cost, steady
/// beside a busy neighbour) and without allocation gates (its bytes are Net.Zmq's own, gated in Net.Zmq's suites).
/// </summary>
public static class SuiteJudgement
{
    public static IReadOnlyList<GateResult> Evaluate(SuiteId suite, IReadOnlyList<AnalyzedCase> cases, BaselineBasis basis, string baselinePath)
    {
        var overhead = suite == BindingOverhead.Suite;
        var gates = GateEvaluator.Evaluate(cases, basis, baselinePath, gateCpuTime: overhead);
        return overhead ? gates.Where(g => !g.Id.IsAllocation).ToList() : gates;
    }
}
