using NetZmqTests.Gating.Baselines;
using NetZmqTests.Orchestration.Claims;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Suites;

/// <summary>
/// The hand-set bounds, defined once: new baseline files start with them (<see cref="SuiteDeclaration.OfCatalog"/>)
/// and claims that are also gates name them (<see cref="PublishedClaims"/>), so a claim's gate is the gate itself.
/// </summary>
public static class PolicyBounds
{
    public static RatioBound PollerNearPureBlocking { get; } =
        new(nameof(ReceiveMode.Poller), nameof(ReceiveMode.PureBlocking), 1.10, "the product owner's bound");

    public static BytesBound ArrayPoolUnder5KB { get; } =
        new(nameof(BufferStrategy.ArrayPool), 5000, 0, "the product owner's bound: ArrayPool allocates < 5 KB per 10,000-message operation");

    public static BytesBound RecvPoolUnder5KB { get; } =
        new(nameof(BufferStrategy.MessagePoolRecvPool), 5000, 0, "the product owner's bound, as for ArrayPool");

    /// <summary>Net.Zmq's published claim C4 as a bound.</summary>
    public static BytesBound ClaimC4 { get; } =
        new(nameof(BufferStrategy.ArrayPool), 2048, 1024, "Net.Zmq's published claim C4: about 1-2 KB per 10,000 messages at up to 1 KiB");

    /// <summary>Net.Zmq's published claim C5 as a bound.</summary>
    public static BytesBound ClaimC5 { get; } =
        new(nameof(BufferStrategy.MessagePoolRecvPool), 3000, 0, "Net.Zmq's published claim C5: under 3 KB per 10,000 messages at every size");
}
