using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration;

/// <summary>
/// Net.Zmq's time over the floor's for each case both ran: what the binding costs on the same libzmq binary. Both
/// are measured in the same cell, their operations interleaved, so the ratio is paired like any other. It is gated
/// as a suite of its own (<see cref="Suite"/>): a case there is Net.Zmq's case, grouped by the suite it came from.
/// </summary>
public static class BindingOverhead
{
    /// <summary>The suite of Net.Zmq's time over the floor's, case by case: gated like any suite, against its own file.</summary>
    public static SuiteId Suite { get; } = new(nameof(DriverId.NetZmq), "BindingOverhead");

    private static readonly string Prefix = $"{Suite.Subject}/{Suite.Suite}/";

    /// <summary>
    /// Each case's time is a ratio to the floor's same case; its CPU time is gated as its wall time is (CPU time is the
    /// binding's cost, and stays steady beside a busy neighbour); its allocation is not (the bytes are Net.Zmq's own,
    /// gated in Net.Zmq's suites); no policy bounds; made of Net.Zmq's and the floor's cases; its ratios are a column of
    /// the comparison table, not tables of their own.
    /// </summary>
    public static SuiteDeclaration Declaration { get; } = new(Suite, nameof(DriverId.LibZmq), GatesCpuTimeAlways: true, GatesAllocation: false,
        Policy.None, [DriverId.NetZmq, DriverId.LibZmq], NetZmqCaseOf)
    {
        HasTables = false,
    };

    /// <summary>The overhead case of Net.Zmq's case <paramref name="netZmq"/>, e.g. <c>NetZmq/BindingOverhead/Patterns/PushPull/…</c>.</summary>
    public static string IdOf(CaseDefinition netZmq) => Prefix + netZmq.CrossDriverKey;

    /// <summary>Net.Zmq's case behind an overhead case id; null when the id is not one.</summary>
    public static CaseDefinition? NetZmqCaseOf(string overheadId) =>
        overheadId.StartsWith(Prefix, StringComparison.Ordinal) ? CaseDefinition.Parse($"{Suite.Subject}/{overheadId[Prefix.Length..]}") : null;

    /// <summary>Net.Zmq's cases that the floor also ran, each with its time ratio to the floor's same case; null unless both drivers were measured.</summary>
    public static List<AnalyzedCase>? Of(IEnumerable<AnalyzedCase> measured)
    {
        var all = measured.Where(c => c.Case.SuiteId != Suite).ToList();
        var floor = all.Where(c => c.Case.Subject == nameof(DriverId.LibZmq)).ToDictionary(c => c.Case.CrossSubjectKey);
        var overhead = all.Where(c => c.Case.Subject == Suite.Subject && floor.ContainsKey(c.Case.CrossSubjectKey))
            .Select(c =>
            {
                var netZmq = CaseCatalog.Get(c.Case.Id);
                var identity = new CaseIdentity(IdOf(netZmq), Suite.Subject, Suite.Suite, Group: netZmq.Suite.ToString(),
                    Variant: netZmq.KeyWithinSuite, ReferenceVariant: Declaration.ReferenceVariant,
                    CrossSubjectKey: netZmq.CrossDriverKey)
                {
                    Unbaselined = WhyUnbaselined(netZmq),
                };
                return SuiteAnalysis.Against(c.Measurement with { Case = identity }, floor[c.Case.CrossSubjectKey].Measurement);
            })
            .ToList();
        return overhead.Count > 0 ? overhead : null;
    }

    /// <summary>Why the overhead case of Net.Zmq's case <paramref name="netZmq"/> has no baseline entry by design (<see cref="PerfSelection.WhyUnbaselined"/>), or null.</summary>
    public static string? WhyUnbaselined(CaseDefinition netZmq) =>
        PerfSelection.WhyUnbaselined(netZmq.On(DriverId.LibZmq)) ?? PerfSelection.WhyUnbaselined(netZmq);

    /// <summary>The catalog cases behind a gated case id: an overhead case is Net.Zmq's case and the floor's; any other is itself.</summary>
    public static IReadOnlyList<string> MeasuredCases(string gatedId) =>
        NetZmqCaseOf(gatedId) is { } netZmq ? [netZmq.Id, netZmq.On(DriverId.LibZmq).Id] : [gatedId];
}
