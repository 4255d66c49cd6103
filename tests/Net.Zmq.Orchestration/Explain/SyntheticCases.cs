using NetZmqTests.Gating.Measurements;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Explain;

/// <summary>
/// Cases measured alike for <see cref="CaseExplainer"/>: every gate a case has shows up when its suite is judged on
/// them, and no bound depends on what they measured (bounds come from the baseline and the policy).
/// </summary>
internal static class SyntheticCases
{
    /// <summary>The case and its reference, measured alike (synthetic operations).</summary>
    public static IReadOnlyList<AnalyzedCase> Group(CaseDefinition c, CaseDefinition reference)
    {
        var cases = new[] { reference, c }.Distinct().Select(d => Synthetic(PerfCases.Identify(d), d.MessageSize)).ToList();
        return SuiteAnalysis.Analyze(cases);
    }

    private static CaseMeasurement Synthetic(CaseIdentity identity, int messageSize)
    {
        const int operations = 12;
        double[] times = [.. Enumerable.Range(0, operations).Select(i => 1e7 * (1 + (0.001 * (i % 3))))];
        return new CaseMeasurement(identity, CaseCatalog.MessagesPerOperation, messageSize, times, 0, 0, 0, 0)
        {
            CpuNanosecondsPerOperation = times,
            PairingUnits = [.. Enumerable.Range(0, operations)],
            Blocks = [.. Enumerable.Range(0, operations).Select(i => i / 2)],
            ProcessBytesPerOperation = identity.Subject == nameof(DriverId.NetMQ) ? 0 : null,
        };
    }
}
