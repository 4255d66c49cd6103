using System.Runtime.InteropServices;
using System.Text;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;
using static NetZmqTests.Scenarios.Drivers.LibZmqNative;

namespace NetZmqTests.Scenarios.Drivers;

public sealed class LibZmqDriver : ZmqDriver
{
    public override DriverId Id => DriverId.LibZmq;

    public override DriverAvailability Availability => LibZmqLibrary.Availability;

    public override IDriverSession OpenSession(WorkloadOptions options)
    {
        if (!Availability.IsAvailable)
        {
            throw new InvalidOperationException($"LibZmq is not available: {Availability.Description}");
        }

        return new LibZmqSession(options);
    }
}

/// <summary>One libzmq context (one I/O thread, libzmq's default) for both ends of a workload.</summary>
internal sealed class LibZmqSession(WorkloadOptions options) : IDriverSession
{
    private readonly nint _context = zmq_ctx_new();

    public RouterReceiver BindRouterReceiver(ReceiveMode mode, int messageSize)
    {
        var socket = OpenRouter(RouterIdentities.Receiver);
        try
        {
            BindLoopback(socket, out var endpoint);
            return new LibZmqRouterReceiver(socket, endpoint, mode, messageSize, options);
        }
        catch
        {
            _ = zmq_close(socket);
            throw;
        }
    }

    public IRouterSender ConnectRouterSender(string endpoint, int messageSize)
    {
        var socket = OpenRouter(RouterIdentities.Sender);
        try
        {
            SetInt(socket, ZMQ_ROUTER_MANDATORY, 1);
            Connect(socket, endpoint);
            return new LibZmqRouterSender(socket, messageSize, options);
        }
        catch
        {
            _ = zmq_close(socket);
            throw;
        }
    }

    public void Abort() => _ = zmq_ctx_shutdown(_context);

    public void Dispose() => _ = zmq_ctx_term(_context);

    private unsafe nint OpenRouter(ReadOnlySpan<byte> routingId)
    {
        var socket = zmq_socket(_context, ZMQ_ROUTER);
        if (socket == 0)
        {
            throw new LibZmqException("zmq_socket", Marshal.GetLastPInvokeError());
        }

        try
        {
            SetInt(socket, ZMQ_LINGER, 0);
            SetInt(socket, ZMQ_SNDHWM, options.HighWaterMark);
            SetInt(socket, ZMQ_RCVHWM, options.HighWaterMark);
            SetInt(socket, ZMQ_RCVTIMEO, (int)options.IdleTimeout.TotalMilliseconds);
            SetInt(socket, ZMQ_SNDTIMEO, (int)options.IdleTimeout.TotalMilliseconds);
            fixed (byte* id = routingId)
            {
                Check(zmq_setsockopt(socket, ZMQ_ROUTING_ID, id, (nuint)routingId.Length), "setting ZMQ_ROUTING_ID");
            }

            return socket;
        }
        catch
        {
            _ = zmq_close(socket);
            throw;
        }
    }

    private static unsafe void SetInt(nint socket, int option, int value) =>
        Check(zmq_setsockopt(socket, option, &value, sizeof(int)), $"zmq_setsockopt({option})");

    private static unsafe void BindLoopback(nint socket, out string endpoint)
    {
        fixed (byte* wildcard = Encoding.UTF8.GetBytes(RouterIdentities.LoopbackWildcard + "\0"))
        {
            Check(zmq_bind(socket, wildcard), "zmq_bind");
        }

        var buffer = stackalloc byte[256];
        nuint length = 256;
        Check(zmq_getsockopt(socket, ZMQ_LAST_ENDPOINT, buffer, &length), "reading ZMQ_LAST_ENDPOINT");
        endpoint = Encoding.UTF8.GetString(buffer, (int)length - 1);
    }

    private static unsafe void Connect(nint socket, string endpoint)
    {
        fixed (byte* text = Encoding.UTF8.GetBytes(endpoint + "\0"))
        {
            Check(zmq_connect(socket, text), "zmq_connect");
        }
    }
}
