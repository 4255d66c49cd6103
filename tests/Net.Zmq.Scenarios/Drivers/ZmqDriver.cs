using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Platform;
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

/// <summary>
/// An available driver's version, where it came from, and the native library it loaded ("none" for managed code).
/// </summary>
public sealed record DriverProvenance(string Version, string Origin, string NativeLibrary)
{
    /// <summary>
    /// What baselines and reports record of it: what was loaded, with no path of this machine (a package folder given
    /// as a path is "a local folder").
    /// </summary>
    public SubjectFingerprint Fingerprint => new(Version, MachinePaths.Without(Origin), MachinePaths.Without(NativeLibrary));
}

/// <summary>
/// One ZeroMQ implementation. A driver hands out sockets already set up for a workload; each workload loop is
/// written directly against the driver's own API (no per-message abstraction in between).
/// </summary>
public abstract class ZmqDriver
{
    public abstract DriverId Id { get; }

    public abstract DriverAvailability Availability { get; }

    /// <summary>
    /// True when the implementation moves messages on managed threads of its own (NetMQ's I/O thread), whose
    /// allocations only a process-wide count sees. Otherwise everything managed happens on the workload's sender
    /// and receiver threads, which can be counted exactly.
    /// </summary>
    public virtual bool HasManagedIoThread => false;

    /// <summary>A context (where the implementation has one) from which sockets for a workload are made.</summary>
    public abstract IDriverSession OpenSession(WorkloadOptions options);

    /// <summary>
    /// Why this driver cannot run <paramref name="definition"/>, a case of its own in the catalog, or null when it can.
    /// The catalog's cases are what a driver's code expresses; a build of Net.Zmq that lacks an API the driver was
    /// compiled against (a base without MessagePool) cannot run the cases that call it, and says so here.
    /// </summary>
    public virtual string? CannotRun(CaseDefinition definition) => null;

    /// <summary>
    /// The driver's minimal loop of a PureBlocking case (<see cref="IReferenceLoop"/>), or null where it has none.
    /// </summary>
    public virtual IReferenceLoop? OpenReferenceLoop(int messageSize, int messages) => null;

    public override string ToString() => Id.ToString();
}

/// <summary>Owns a driver's context and makes the two ends of a workload.</summary>
public interface IDriverSession : IDisposable
{
    /// <summary>
    /// Binds the measured end (PULL, SUB or ROUTER) on tcp://127.0.0.1 with an ephemeral port, or on a fresh inproc
    /// name.
    /// </summary>
    MessageReceiver BindReceiver(WorkloadShape shape);

    /// <summary>
    /// Connects the sending end (PUSH, PUB or a mandatory-routing ROUTER) to <paramref name="endpoint"/>.
    /// </summary>
    IMessageSender ConnectSender(string endpoint, WorkloadShape shape);

    /// <summary>
    /// Makes every blocking call on this session's sockets return at once (libzmq: zmq_ctx_shutdown).
    /// </summary>
    void Abort();
}

/// <summary>
/// The concurrent end: sends payloads (ROUTER: [receiver id][payload]) in the workload's buffer strategy.
/// </summary>
public interface IMessageSender : IDisposable
{
    /// <summary>Sends one hello; a ROUTER retries (bounded) while the receiver's routing id is not yet known.</summary>
    void SendHello();

    /// <summary>Sends the marker that ends the handshake: everything after it is an operation's message.</summary>
    void SendReady();

    void SendOperation(SendPlan plan);

    /// <summary>
    /// Zero-copy buffers handed to the library and freed by its callback so far (zero for other strategies).
    /// </summary>
    ZeroCopyCounts ZeroCopy { get; }
}

/// <summary>Native buffers a zero-copy sender handed over, and how many of them the library has released.</summary>
public readonly record struct ZeroCopyCounts(long HandedOver, long Freed);

/// <summary>A driver that cannot run here; it carries the reason.</summary>
public sealed class UnavailableDriver(DriverId id, string reason) : ZmqDriver
{
    public override DriverId Id => id;

    public override DriverAvailability Availability { get; } = DriverAvailability.Absent(reason);

    public override IDriverSession OpenSession(WorkloadOptions options) =>
        throw new InvalidOperationException($"{id} is not available: {reason}");
}
