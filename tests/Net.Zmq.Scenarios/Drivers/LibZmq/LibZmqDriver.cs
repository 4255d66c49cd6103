using System.Runtime.InteropServices;
using System.Text;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;
using static NetZmqTests.Scenarios.Drivers.LibZmq.LibZmqNative;

namespace NetZmqTests.Scenarios.Drivers.LibZmq;

public sealed class LibZmqDriver : ZmqDriver
{
    public override DriverId Id => DriverId.LibZmq;

    public override DriverAvailability Availability => LibZmqLibrary.Availability;

    public override IDriverSession OpenSession(WorkloadOptions options)
    {
        if (!Availability.IsAvailable)
            throw new InvalidOperationException($"LibZmq is not available: {Availability.Description}");

        return new LibZmqSession(options);
    }
}

/// <summary>One libzmq context (one I/O thread, the default) for both ends of a workload; inproc needs that.</summary>
internal sealed unsafe class LibZmqSession(WorkloadOptions options) : IDriverSession
{
    private readonly nint _context = zmq_ctx_new();

    public MessageReceiver BindReceiver(WorkloadShape shape)
    {
        var type = RouterIdentities.TypeOf(shape.Pattern, ZMQ_PULL, ZMQ_SUB, ZMQ_ROUTER);
        return SetupGuard.CleanUpOnFailure(Open(type, shape, RouterIdentities.Receiver), Close, socket =>
        {
            if (type == ZMQ_SUB)
                Check(zmq_setsockopt(socket, ZMQ_SUBSCRIBE, null, 0), "zmq_setsockopt(ZMQ_SUBSCRIBE)");

            Check(zmq_bind(socket, RouterIdentities.BindAddress(shape.Transport)), "zmq_bind");
            return new SocketReceiver<LibZmqReceiveSocket>(new LibZmqReceiveSocket(socket, shape, options.IdleTimeout),
                LastEndpoint(socket), shape, options.IdleTimeout);
        });
    }

    public IMessageSender ConnectSender(string endpoint, WorkloadShape shape)
    {
        var type = RouterIdentities.TypeOf(shape.Pattern, ZMQ_PUSH, ZMQ_PUB, ZMQ_ROUTER);
        return SetupGuard.CleanUpOnFailure(Open(type, shape, RouterIdentities.Sender), Close, socket =>
        {
            if (type == ZMQ_ROUTER)
                SetInt(socket, ZMQ_ROUTER_MANDATORY, 1);

            Check(zmq_connect(socket, endpoint), "zmq_connect");
            return new SocketSender<LibZmqSendSocket>(
                new LibZmqSendSocket(socket, shape, options), shape, options.HandshakeTimeout);
        });
    }

    public void Abort() => _ = zmq_ctx_shutdown(_context);

    public void Dispose() => _ = zmq_ctx_term(_context);

    private nint Open(int type, WorkloadShape shape, ReadOnlySpan<byte> routingId)
    {
        var socket = zmq_socket(_context, type);
        if (socket == 0)
            throw new LibZmqException("zmq_socket", Marshal.GetLastPInvokeError());

        var id = routingId.ToArray();
        var highWaterMark = options.HighWaterMarkFor(shape);
        return SetupGuard.CleanUpOnFailure(socket, Close, s =>
        {
            SetInt(s, ZMQ_LINGER, 0);
            SetInt(s, ZMQ_SNDHWM, highWaterMark);
            SetInt(s, ZMQ_RCVHWM, highWaterMark);
            SetInt(s, ZMQ_RCVTIMEO, (int)options.IdleTimeout.TotalMilliseconds);
            SetInt(s, ZMQ_SNDTIMEO, (int)options.IdleTimeout.TotalMilliseconds);
            if (type == ZMQ_ROUTER)
                SetBytes(s, ZMQ_ROUTING_ID, id);

            return s;
        });
    }

    private static void Close(nint socket) => _ = zmq_close(socket);

    private static unsafe void SetBytes(nint socket, int option, byte[] value)
    {
        fixed (byte* bytes = value)
        {
            Check(zmq_setsockopt(socket, option, bytes, (nuint)value.Length), $"zmq_setsockopt({option})");
        }
    }

    internal static unsafe void SetInt(nint socket, int option, int value) =>
        Check(zmq_setsockopt(socket, option, &value, sizeof(int)), $"zmq_setsockopt({option})");

    private static unsafe string LastEndpoint(nint socket)
    {
        var buffer = stackalloc byte[256];
        nuint length = 256;
        Check(zmq_getsockopt(socket, ZMQ_LAST_ENDPOINT, buffer, &length), "reading ZMQ_LAST_ENDPOINT");
        return Encoding.UTF8.GetString(buffer, (int)length - 1);
    }
}
