using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Whether a driver can run here. When it can, <see cref="Description"/> says exactly what runs (versions, the
/// native library loaded and where it came from); when it cannot, it says why and how to enable it.
/// </summary>
public sealed record DriverAvailability(bool IsAvailable, string Description)
{
    /// <summary>What an available driver runs, field by field, for baseline fingerprints and reports.</summary>
    public DriverProvenance? Provenance { get; init; }

    public static DriverAvailability Available(string description, DriverProvenance provenance) =>
        new(true, description) { Provenance = provenance };

    public static DriverAvailability Absent(string reason) => new(false, reason);
}

/// <summary>An available driver's version, where it came from, and the native library it loaded ("none" for managed code).</summary>
public sealed record DriverProvenance(string Version, string Origin, string NativeLibrary);

/// <summary>
/// One ZeroMQ implementation. A driver hands out sockets already set up for a workload; each workload loop is
/// written directly against the driver's own API (no per-message abstraction in between).
/// </summary>
public abstract class ZmqDriver
{
    public abstract DriverId Id { get; }

    public abstract DriverAvailability Availability { get; }

    /// <summary>A context (where the implementation has one) from which sockets for a workload are made.</summary>
    public abstract IDriverSession OpenSession(WorkloadOptions options);

    public override string ToString() => Id.ToString();
}

/// <summary>Owns a driver's context and makes the two ends of a ROUTER-to-ROUTER workload.</summary>
public interface IDriverSession : IDisposable
{
    /// <summary>Binds a ROUTER on tcp://127.0.0.1 with an ephemeral port; it receives in <paramref name="mode"/>.</summary>
    RouterReceiver BindRouterReceiver(ReceiveMode mode, int messageSize);

    /// <summary>Connects a mandatory-routing ROUTER to <paramref name="endpoint"/>.</summary>
    IRouterSender ConnectRouterSender(string endpoint, int messageSize);

    /// <summary>Makes every blocking call on this session's sockets return at once (libzmq: zmq_ctx_shutdown).</summary>
    void Abort();
}


/// <summary>The concurrent end: a connected ROUTER that sends [receiver id][payload] messages.</summary>
public interface IRouterSender : IDisposable
{
    /// <summary>Sends the hello, retrying (bounded) while the receiver's routing id is not yet known.</summary>
    void SendHello();

    void SendOperation(SendPlan plan);
}

/// <summary>A driver that cannot run here; it carries the reason.</summary>
public sealed class UnavailableDriver(DriverId id, string reason) : ZmqDriver
{
    public override DriverId Id => id;

    public override DriverAvailability Availability { get; } = DriverAvailability.Absent(reason);

    public override IDriverSession OpenSession(WorkloadOptions options) =>
        throw new InvalidOperationException($"{id} is not available: {reason}");
}
