using System.Reflection;
using NetMQ;
using NetMQ.Sockets;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers;

public sealed class NetMqDriver : ZmqDriver
{
    public override DriverId Id => DriverId.NetMQ;

    private static readonly string Version =
        typeof(NetMQSocket).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "unknown";

    public override DriverAvailability Availability { get; } = DriverAvailability.Available(
        $"NetMQ {Version} (managed ZMTP, no native library)",
        new DriverProvenance(Version, "the NetMQ NuGet package", "none (managed)"));

    public override IDriverSession OpenSession(WorkloadOptions options) => new NetMqSession(options);
}

/// <summary>NetMQ has one implicit process-wide context; a session only configures sockets.</summary>
internal sealed class NetMqSession(WorkloadOptions options) : IDriverSession
{
    private readonly NetMqAbortSignal _abort = new();

    public RouterReceiver BindRouterReceiver(ReceiveMode mode, int messageSize) =>
        SetupGuard.DisposeOnFailure(OpenRouter(RouterIdentities.Receiver), socket =>
        {
            var port = socket.BindRandomPort("tcp://127.0.0.1");
            return new NetMqRouterReceiver(socket, $"tcp://127.0.0.1:{port}", mode, options);
        });

    public IRouterSender ConnectRouterSender(string endpoint, int messageSize) =>
        SetupGuard.DisposeOnFailure(OpenRouter(RouterIdentities.Sender), socket =>
        {
            socket.Options.RouterMandatory = true;
            socket.Connect(endpoint);
            return new NetMqRouterSender(socket, messageSize, options, _abort);
        });

    /// <summary>
    /// NetMQ has no context to shut down, and a connecting socket keeps its pipe (and a blocked send) across the
    /// peer's disconnection; so senders wait in short slices and give up when this is set.
    /// </summary>
    public void Abort() => _abort.Requested = true;

    public void Dispose()
    {
    }

    private RouterSocket OpenRouter(ReadOnlySpan<byte> routingId)
    {
        var id = routingId.ToArray();
        return SetupGuard.DisposeOnFailure(new RouterSocket(), socket =>
        {
            socket.Options.Linger = TimeSpan.Zero;
            socket.Options.SendHighWatermark = options.HighWaterMark;
            socket.Options.ReceiveHighWatermark = options.HighWaterMark;
            socket.Options.Identity = id;
            return socket;
        });
    }
}

internal sealed class NetMqAbortSignal
{
    public volatile bool Requested;
}
