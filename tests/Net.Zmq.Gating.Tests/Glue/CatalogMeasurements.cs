using NetZmqTests.Gating.Measurements;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>
/// Synthetic measurements of real catalog cases: what the ZeroMQ-aware glue is tested on, no socket opened.
/// </summary>
internal static class CatalogMeasurements
{
    public static CaseDefinition Case(DriverId driver, Suite suite, ReceiveMode mode, int size, BufferStrategy strategy = BufferStrategy.ReusedBuffer,
        Pattern pattern = Pattern.RouterRouter, Transport transport = Transport.Tcp) =>
        new(driver, suite, pattern, transport, mode, strategy, size);

    /// <summary>
    /// Ten operations around <paramref name="nanoseconds"/> (±1 %, the same order for every case, so pairs line up),
    /// and the bytes.
    /// </summary>
    public static CaseMeasurement Measured(CaseDefinition definition, double nanoseconds, double bytes = 0, double gen2 = 0) =>
        new(PerfCases.Identify(definition), CaseCatalog.MessagesPerOperation, definition.MessageSize, SampleMeasurements.Around(nanoseconds), bytes, 0, 0, gen2);

    /// <summary>
    /// Each case at its time (and bytes), analyzed as a run analyzes them: per driver and suite, ratios to the group's
    /// reference.
    /// </summary>
    public static IReadOnlyList<AnalyzedCase> Analyzed(params (CaseDefinition Case, double Nanoseconds, double Bytes)[] cases) =>
        cases.Select(c => Measured(c.Case, c.Nanoseconds, c.Bytes))
            .GroupBy(m => (m.Case.Subject, m.Case.Suite))
            .SelectMany(g => SuiteAnalysis.Analyze(g.ToList()))
            .ToList();
}
