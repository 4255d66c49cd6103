using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.PerfTests.Benchmarks;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>How catalog cases look to the gating library, which knows nothing of ZeroMQ.</summary>
internal static class PerfCases
{
    /// <summary>Receive-mode and pattern times are judged against PureBlocking in the same group.</summary>
    public const ReceiveMode ReferenceMode = ReceiveMode.PureBlocking;

    /// <summary>Buffer-strategy times are judged against ByteArray at the same size, as in Net.Zmq's table.</summary>
    public const BufferStrategy ReferenceStrategy = BufferStrategy.ByteArray;

    /// <summary>
    /// The group a case's time is compared within, and what varies there: receive modes at one size (patterns: at
    /// one pattern, transport and size), strategies at one size.
    /// </summary>
    public static CaseIdentity Identify(CaseDefinition definition)
    {
        var size = CaseDefinition.FormatSize(definition.MessageSize);
        var (group, variant, reference) = definition.Suite switch
        {
            Suite.ReceiveModes => (size, definition.Mode.ToString(), ReferenceMode.ToString()),
            Suite.Patterns => ($"{definition.Pattern}/{definition.Transport}/{size}", definition.Mode.ToString(), ReferenceMode.ToString()),
            _ => (size, definition.Strategy.ToString(), ReferenceStrategy.ToString()),
        };
        return new CaseIdentity(definition.Id, definition.Driver.ToString(), definition.Suite.ToString(), group, variant, reference,
            definition.Id[(definition.Id.IndexOf('/', StringComparison.Ordinal) + 1)..]);
    }

    public static BenchmarkCases Of(IReadOnlyList<CaseDefinition> cases) => new(
        typeof(CaseBenchmarks),
        nameof(CaseBenchmarks.CaseId),
        cases.Select(c => c.Id).ToList(),
        id =>
        {
            var definition = CaseCatalog.Get(id);
            return (Identify(definition), CaseCatalog.MessagesPerOperation, definition.MessageSize);
        },
        id => CaseBenchmarks.Failures.TryGetValue(id, out var reason) ? reason : null,
        CaseBenchmarks.MemoryOf);
}
