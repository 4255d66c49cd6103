using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Whether a driver can run here: <see cref="Description"/> says what runs (versions, native library and its origin)
/// or why it cannot and how to enable it.
/// </summary>
public sealed record DriverAvailability(bool IsAvailable, string Description, DriverProvenance? Provenance = null)
{
    public static DriverAvailability Available(string description, DriverProvenance provenance) =>
        new(true, description, provenance);

    public static DriverAvailability Absent(string reason) => new(false, reason);
}

/// <summary>An available driver's version, origin and loaded native library ("none" for managed code).</summary>
public sealed record DriverProvenance(string Version, string Origin, string NativeLibrary)
{
    /// <summary>What baselines and reports record: no machine path (a package folder is "a local folder").</summary>
    public SubjectFingerprint Fingerprint =>
        new(Version, MachinePaths.Without(Origin), MachinePaths.Without(NativeLibrary));
}

/// <summary>
/// One ZeroMQ implementation: hands out sockets set up for a workload, whose loops are written directly against the
/// driver's own API (no per-message abstraction in between).
/// </summary>
public abstract class ZmqDriver
{
    public abstract DriverId Id { get; }

    public abstract DriverAvailability Availability { get; }

    /// <summary>
    /// True when messages move on managed threads of its own (NetMQ's I/O thread), whose allocations only a
    /// process-wide count sees; otherwise the sender and receiver threads are counted exactly.
    /// </summary>
    public virtual bool HasManagedIoThread => false;

    public abstract IDriverSession OpenSession(WorkloadOptions options);

    /// <summary>
    /// Why this driver cannot run <paramref name="definition"/>, or null: a Net.Zmq build lacking an API the driver was
    /// compiled against (a base without MessagePool) cannot run the cases that call it.
    /// </summary>
    public virtual string? CannotRun(CaseDefinition definition) => null;

    /// <summary>The driver's minimal loop of a PureBlocking case, or null where it has none.</summary>
    public virtual IReferenceLoop? OpenReferenceLoop(int messageSize, int messages) => null;

    public override string ToString() => Id.ToString();
}

/// <summary>Owns a driver's context and makes the two ends of a workload.</summary>
public interface IDriverSession : IDisposable
{
    /// <summary>Binds PULL, SUB or ROUTER on tcp://127.0.0.1 (ephemeral port) or a fresh inproc name.</summary>
    MessageReceiver BindReceiver(WorkloadShape shape);

    /// <summary>Connects PUSH, PUB or a mandatory-routing ROUTER to <paramref name="endpoint"/>.</summary>
    IMessageSender ConnectSender(string endpoint, WorkloadShape shape);

    /// <summary>Makes every blocking call on the session's sockets return at once (libzmq: zmq_ctx_shutdown).</summary>
    void Abort();
}

/// <summary>The concurrent end: sends payloads (ROUTER: [receiver id][payload]) in the workload's strategy.</summary>
public interface IMessageSender : IDisposable
{
    /// <summary>Sends one hello; a ROUTER retries (bounded) while the receiver's routing id is not yet known.</summary>
    void SendHello();

    /// <summary>Ends the handshake: everything after it is an operation's message.</summary>
    void SendReady();

    void SendOperation(SendPlan plan);

    /// <summary>Zero-copy buffers handed to the library and freed by its callback so far.</summary>
    ZeroCopyCounts ZeroCopy { get; }
}

public readonly record struct ZeroCopyCounts(long HandedOver, long Freed);

public sealed class UnavailableDriver(DriverId id, string reason) : ZmqDriver
{
    public override DriverId Id => id;

    public override DriverAvailability Availability { get; } = DriverAvailability.Absent(reason);

    public override IDriverSession OpenSession(WorkloadOptions options) =>
        throw new InvalidOperationException($"{id} is not available: {reason}");
}
