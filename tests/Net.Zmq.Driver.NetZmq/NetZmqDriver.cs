using Net.Zmq;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Driver.NetZmq;

/// <summary>
/// Net.Zmq, the subject: this assembly is compiled once against the requested Net.Zmq and loaded once per build into
/// that build's context (<see cref="NetZmqBuildContext"/>), where "Net.Zmq" and "libzmq" mean that build's files.
/// </summary>
public sealed class NetZmqDriver(DriverId id, NetZmqBuildContext build) : ZmqDriver
{
    private readonly Lazy<DriverAvailability> _availability = new(() => Describe(build));

    public override DriverId Id => id;

    public override DriverAvailability Availability => _availability.Value;

    public override IDriverSession OpenSession(WorkloadOptions options) => new NetZmqSession(options);

    /// <summary>
    /// This build may lack MessagePool (0.5.0 removed it). The runtime refuses a whole method that names a missing
    /// member, so MessagePool and the receive-pool Recv are named only in methods of their own.
    /// </summary>
    public override string? CannotRun(CaseDefinition definition) =>
        !HasMessagePool && definition.Strategy is BufferStrategy.MessagePool or BufferStrategy.MessagePoolRecvPool
            ? $"Net.Zmq {build.Files.PackageVersion} ({build.Files.Name}) has no MessagePool " +
              "(it exists only in 0.4.0 and 0.4.1)"
            : null;

    /// <summary>Asked of the loaded Net.Zmq, not a version: a base of another version runs this same code.</summary>
    private static bool HasMessagePool => typeof(Context).Assembly.GetType("Net.Zmq.MessagePool") is not null;

    public override IReferenceLoop OpenReferenceLoop(int messageSize, int messages) =>
        new NetZmqReferenceLoop(messageSize, messages);

    /// <summary>
    /// Net.Zmq reads a failed call's errno in a second call (<c>zmq_errno</c>), whose first binding in a build's
    /// context may overwrite the thread's errno; one deliberate failure at load binds it before any error matters.
    /// </summary>
    private static void BindTheErrorPath()
    {
        using var context = new Context();
        try
        {
            context.GetOption((ContextOption)(-1));
        }
        catch (ZmqException)
        {
            // Expected: an option libzmq does not know.
        }
    }

    private static DriverAvailability Describe(NetZmqBuildContext build)
    {
        BindTheErrorPath();
        var (major, minor, patch) = Context.Version;
        var features = HasMessagePool ? "with MessagePool" : "without MessagePool";
        var libzmq = $"libzmq {major}.{minor}.{patch}";
        return DriverAvailability.Available(
            $"{build.Files.Origin}; package {build.Files.PackageVersion} {features}, {libzmq} at " +
            $"{NativeLibraries.PathOf(build.NativeLibraryHandle)}",
            new DriverProvenance(build.Files.PackageVersion, build.Files.Origin,
                $"{libzmq}, {NativeLibraries.IdentityOf(build.NativeLibraryHandle)}"));
    }
}

/// <summary>One Net.Zmq context (one I/O thread, the default) for both ends, as Net.Zmq's own benchmarks do.</summary>
internal sealed class NetZmqSession(WorkloadOptions options) : IDriverSession
{
    private readonly Context _context = new();

    public MessageReceiver BindReceiver(WorkloadShape shape)
    {
        var type = RouterIdentities.TypeOf(shape.Pattern, SocketType.Pull, SocketType.Sub, SocketType.Router);
        return SetupGuard.DisposeOnFailure(Open(type, shape, RouterIdentities.Receiver), socket =>
        {
            if (type == SocketType.Sub)
                socket.SubscribeAll();

            socket.Bind(RouterIdentities.BindAddress(shape.Transport));
            return new SocketReceiver<NetZmqReceiveSocket>(
                new NetZmqReceiveSocket(socket, shape, options.IdleTimeout),
                socket.GetOptionString(SocketOption.Last_Endpoint), shape, options.IdleTimeout);
        });
    }

    public IMessageSender ConnectSender(string endpoint, WorkloadShape shape)
    {
        var type = RouterIdentities.TypeOf(shape.Pattern, SocketType.Push, SocketType.Pub, SocketType.Router);
        return SetupGuard.DisposeOnFailure(Open(type, shape, RouterIdentities.Sender), socket =>
        {
            if (type == SocketType.Router)
                socket.SetOption(SocketOption.Router_Mandatory, 1);

            socket.Connect(endpoint);
            return new SocketSender<NetZmqSendSocket>(
                new NetZmqSendSocket(socket, shape, options), shape, options.HandshakeTimeout);
        });
    }

    public void Abort() => _context.Shutdown();

    public void Dispose() => _context.Dispose();

    private Socket Open(SocketType type, WorkloadShape shape, ReadOnlySpan<byte> routingId)
    {
        var id = routingId.ToArray();
        var highWaterMark = options.HighWaterMarkFor(shape);
        return SetupGuard.DisposeOnFailure(new Socket(_context, type), socket =>
        {
            socket.SetOption(SocketOption.Linger, 0);
            socket.SetOption(SocketOption.Sndhwm, highWaterMark);
            socket.SetOption(SocketOption.Rcvhwm, highWaterMark);
            socket.SetOption(SocketOption.Rcvtimeo, (int)options.IdleTimeout.TotalMilliseconds);
            socket.SetOption(SocketOption.Sndtimeo, (int)options.IdleTimeout.TotalMilliseconds);
            if (type == SocketType.Router)
                socket.SetOption(SocketOption.Routing_Id, id);

            return socket;
        });
    }
}
