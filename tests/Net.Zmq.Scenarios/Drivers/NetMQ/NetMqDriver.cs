using System.Reflection;
using NetMQ;
using NetMQ.Sockets;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Scenarios.Drivers.NetMQ;

public sealed class NetMqDriver : ZmqDriver
{
    public override DriverId Id => DriverId.NetMQ;

    private static readonly string Version =
        typeof(NetMQSocket).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion
        ?? "unknown";

    public override DriverAvailability Availability { get; } = DriverAvailability.Available(
        $"NetMQ {Version} (managed ZMTP, no native library)",
        new DriverProvenance(Version, "the NetMQ NuGet package", "none (managed)"));

    public override IDriverSession OpenSession(WorkloadOptions options) => new NetMqSession(options);

    /// <summary>NetMQ's I/O thread is managed and allocates per message (its decoder): counted process-wide.</summary>
    public override bool HasManagedIoThread => true;
}

/// <summary>NetMQ has one implicit process-wide context; a session only configures sockets.</summary>
internal sealed class NetMqSession(WorkloadOptions options) : IDriverSession
{
    private readonly NetMqAbortSignal _abort = new();

    public MessageReceiver BindReceiver(WorkloadShape shape)
    {
        var socket = RouterIdentities.TypeOf<Func<NetMQSocket>>(
            shape.Pattern, () => new PullSocket(), () => new SubscriberSocket(), () => new RouterSocket())();
        return SetupGuard.DisposeOnFailure(Configure(socket, shape, RouterIdentities.Receiver), s =>
        {
            if (s is SubscriberSocket subscriber)
                subscriber.SubscribeToAnyTopic();

            var endpoint = RouterIdentities.BindAddress(shape.Transport);
            if (shape.Transport == Transport.Tcp)
                endpoint = $"tcp://127.0.0.1:{s.BindRandomPort("tcp://127.0.0.1")}";
            else
                s.Bind(endpoint);

            return new SocketReceiver<NetMqReceiveSocket>(
                new NetMqReceiveSocket(s, shape, options.IdleTimeout), endpoint, shape, options.IdleTimeout);
        });
    }

    public IMessageSender ConnectSender(string endpoint, WorkloadShape shape)
    {
        var socket = RouterIdentities.TypeOf<Func<NetMQSocket>>(
            shape.Pattern, () => new PushSocket(), () => new PublisherSocket(), () => new RouterSocket())();
        return SetupGuard.DisposeOnFailure(Configure(socket, shape, RouterIdentities.Sender), s =>
        {
            if (s is RouterSocket)
                s.Options.RouterMandatory = true;

            s.Connect(endpoint);
            return new SocketSender<NetMqSendSocket>(
                new NetMqSendSocket(s, shape, options, _abort), shape, options.HandshakeTimeout);
        });
    }

    /// <summary>
    /// NetMQ has no context to shut down, and a connecting socket keeps its pipe (and a blocked send) across the peer's
    /// disconnection; so senders wait in short slices and give up when this is set.
    /// </summary>
    public void Abort() => _abort.Requested = true;

    public void Dispose()
    {
    }

    /// <summary>A Msg ready for use: NetMQ's receives and sends need an initialised one.</summary>
    public static Msg EmptyMsg()
    {
        var msg = default(Msg);
        msg.InitEmpty();
        return msg;
    }

    private NetMQSocket Configure(NetMQSocket socket, WorkloadShape shape, ReadOnlySpan<byte> routingId)
    {
        var id = routingId.ToArray();
        var highWaterMark = options.HighWaterMarkFor(shape);
        return SetupGuard.DisposeOnFailure(socket, s =>
        {
            s.Options.Linger = TimeSpan.Zero;
            s.Options.SendHighWatermark = highWaterMark;
            s.Options.ReceiveHighWatermark = highWaterMark;
            if (s is RouterSocket)
                s.Options.Identity = id;

            return s;
        });
    }
}

internal sealed class NetMqAbortSignal
{
    public volatile bool Requested;
}
