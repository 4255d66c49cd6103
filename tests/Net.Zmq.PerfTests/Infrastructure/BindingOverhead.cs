using NetZmqTests.Gating.Measurements;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// Net.Zmq's time over the floor's for each case both ran: what the binding costs on the same libzmq binary. Both
/// are measured in the same cell, their operations interleaved, so the ratio is paired like any other.
/// </summary>
internal static class BindingOverhead
{
    private static readonly string Prefix = $"{nameof(DriverId.NetZmq)}/{BaselineStore.OverheadSuite}/";

    /// <summary>Net.Zmq's cases that the floor also ran, each with its time ratio to the floor's same case; null unless both drivers were measured.</summary>
    public static List<AnalyzedCase>? Of(IEnumerable<AnalyzedCase> measured)
    {
        var all = measured.Where(c => c.Case.Suite != BaselineStore.OverheadSuite).ToList();
        var floor = all.Where(c => c.Case.Subject == nameof(DriverId.LibZmq)).ToDictionary(c => c.Case.CrossSubjectKey);
        var overhead = all.Where(c => c.Case.Subject == nameof(DriverId.NetZmq))
            .Where(c => floor.ContainsKey(c.Case.CrossSubjectKey))
            .Select(c =>
            {
                var key = c.Case.CrossSubjectKey;
                var identity = new CaseIdentity(Prefix + key, nameof(DriverId.NetZmq), BaselineStore.OverheadSuite,
                    c.Case.Suite, key[(c.Case.Suite.Length + 1)..], nameof(DriverId.LibZmq), key);
                return SuiteAnalysis.Against(c.Measurement with { Case = identity }, floor[key].Measurement);
            })
            .ToList();
        return overhead.Count > 0 ? overhead : null;
    }

    /// <summary>The catalog cases behind a gated case id: an overhead case is Net.Zmq's case and the floor's.</summary>
    public static IEnumerable<string> MeasuredCases(string gatedId) =>
        gatedId.StartsWith(Prefix, StringComparison.Ordinal)
            ? [$"{nameof(DriverId.NetZmq)}/{gatedId[Prefix.Length..]}", $"{nameof(DriverId.LibZmq)}/{gatedId[Prefix.Length..]}"]
            : [gatedId];
}
