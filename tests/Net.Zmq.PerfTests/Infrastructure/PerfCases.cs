using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.PerfTests.Benchmarks;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>How catalog cases look to the gating library, which knows nothing of ZeroMQ.</summary>
internal static class PerfCases
{
    /// <summary>Every time in a receive-mode group is judged against PureBlocking at the same size, same driver.</summary>
    public const ReceiveMode ReferenceMode = ReceiveMode.PureBlocking;

    public static CaseIdentity Identify(CaseDefinition definition) => new(
        definition.Id,
        definition.Driver.ToString(),
        definition.Suite.ToString(),
        CaseDefinition.FormatSize(definition.MessageSize),
        definition.Mode.ToString(),
        ReferenceMode.ToString(),
        definition.Id[(definition.Id.IndexOf('/', StringComparison.Ordinal) + 1)..]);

    public static BenchmarkCases ReceiveModes(IReadOnlyList<CaseDefinition> cases) => new(
        typeof(ReceiveModeBenchmarks),
        nameof(ReceiveModeBenchmarks.CaseId),
        cases.Select(c => c.Id).ToList(),
        id =>
        {
            var definition = CaseCatalog.Get(id);
            return (Identify(definition), CaseCatalog.MessagesPerOperation, definition.MessageSize);
        },
        id => ReceiveModeBenchmarks.Failures.TryGetValue(id, out var reason) ? reason : null,
        ReceiveModeBenchmarks.AllocationsOf);
}
