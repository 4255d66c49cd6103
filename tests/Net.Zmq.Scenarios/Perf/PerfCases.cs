using NetZmqTests.Gating.Measurements;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Perf;

/// <summary>How catalog cases look to the gating library, which knows nothing of ZeroMQ.</summary>
public static class PerfCases
{
    /// <summary>Receive-mode and pattern times are judged against PureBlocking in the same group.</summary>
    public const ReceiveMode ReferenceMode = ReceiveMode.PureBlocking;

    /// <summary>Buffer-strategy times are judged against ByteArray at the same size, as in Net.Zmq's table.</summary>
    public const BufferStrategy ReferenceStrategy = BufferStrategy.ByteArray;

    /// <summary>
    /// Whether a case's operations last long (0.1 s or more), which decides how its cell is sampled: messages over
    /// 4 KiB over tcp. Inproc moves even 64 KiB messages in 15-40 ms per operation, as fast as tcp moves 1 KiB ones.
    /// </summary>
    public static bool HasLongOperations(CaseDefinition definition) =>
        definition.MessageSize > 4096 && definition.Transport == Transport.Tcp;

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
            definition.CrossDriverKey);
    }
}
