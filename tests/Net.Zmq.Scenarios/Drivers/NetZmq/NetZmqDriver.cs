using Net.Zmq;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>Net.Zmq, the subject. Compiled only when build/NetZmq.targets found the requested version restorable.</summary>
public sealed class NetZmqDriver : ZmqDriver
{
    public override DriverId Id => DriverId.NetZmq;

    public override DriverAvailability Availability { get; } = Describe();

    public override IDriverSession OpenSession(WorkloadOptions options) => new NetZmqSession(options);

    private static DriverAvailability Describe()
    {
        var (major, minor, patch) = Context.Version;
        var features = NetZmqFeatures.MessagePool ? "with MessagePool" : "without MessagePool";
        var native = LibZmqLibrary.Availability.Provenance?.NativeLibrary ?? $"libzmq {major}.{minor}.{patch}";
        return DriverAvailability.Available(
            $"{NetZmqBuild.Status.TrimEnd('.')}; package {NetZmqBuild.Version} {features}, libzmq {major}.{minor}.{patch}",
            new DriverProvenance(NetZmqBuild.Version, NetZmqBuild.Status.TrimEnd('.'), native));
    }
}

/// <summary>API that only some Net.Zmq versions have; cases that need it exist only where it is compiled in.</summary>
public static class NetZmqFeatures
{
    public static bool MessagePool =>
#if NETZMQ_MESSAGEPOOL
        true;
#else
        false;
#endif
}

/// <summary>One Net.Zmq context (libzmq's default: one I/O thread) for both ends, as Net.Zmq's own benchmarks do.</summary>
internal sealed class NetZmqSession(WorkloadOptions options) : IDriverSession
{
    private readonly Context _context = new();

    public RouterReceiver BindRouterReceiver(ReceiveMode mode, int messageSize) =>
        SetupGuard.DisposeOnFailure(OpenRouter(RouterIdentities.Receiver), socket =>
        {
            socket.Bind(RouterIdentities.LoopbackWildcard);
            return new NetZmqRouterReceiver(socket, socket.GetOptionString(SocketOption.Last_Endpoint), mode, messageSize, options);
        });

    public IRouterSender ConnectRouterSender(string endpoint, int messageSize) =>
        SetupGuard.DisposeOnFailure(OpenRouter(RouterIdentities.Sender), socket =>
        {
            socket.SetOption(SocketOption.Router_Mandatory, 1);
            socket.Connect(endpoint);
            return new NetZmqRouterSender(socket, messageSize, options);
        });

    public void Abort() => _context.Shutdown();

    public void Dispose() => _context.Dispose();

    private Socket OpenRouter(ReadOnlySpan<byte> routingId)
    {
        var id = routingId.ToArray();
        return SetupGuard.DisposeOnFailure(new Socket(_context, SocketType.Router), socket =>
        {
            socket.SetOption(SocketOption.Linger, 0);
            socket.SetOption(SocketOption.Sndhwm, options.HighWaterMark);
            socket.SetOption(SocketOption.Rcvhwm, options.HighWaterMark);
            socket.SetOption(SocketOption.Rcvtimeo, (int)options.IdleTimeout.TotalMilliseconds);
            socket.SetOption(SocketOption.Sndtimeo, (int)options.IdleTimeout.TotalMilliseconds);
            socket.SetOption(SocketOption.Routing_Id, id);
            return socket;
        });
    }
}
