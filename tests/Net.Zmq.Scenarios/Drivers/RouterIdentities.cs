using System.Globalization;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Routing ids, endpoints and handshake messages, the same on every driver so any sender can talk to any receiver.
/// </summary>
public static class RouterIdentities
{
    private static int _inprocCount;

    public static ReadOnlySpan<byte> Receiver => "receiver"u8;

    public static ReadOnlySpan<byte> Sender => "sender"u8;

    /// <summary>Sent (for PUB/SUB re-sent) until the receiver has one: proves the route or subscription.</summary>
    public static ReadOnlySpan<byte> Hello => "hello"u8;

    /// <summary>Sent once the receiver had a hello: what follows it is timed.</summary>
    public static ReadOnlySpan<byte> Ready => "ready"u8;

    /// <summary>Id and handshake frames land in this much: a payload landing there shows as a length error.</summary>
    public const int IdFrameCapacity = 256;

    /// <summary>A loopback ephemeral port, or an inproc name unique in the process (NetMQ's are per process).</summary>
    public static string BindAddress(Transport transport) => transport == Transport.Tcp
        ? "tcp://127.0.0.1:0"
        : string.Create(CultureInfo.InvariantCulture,
            $"inproc://nzt-{Environment.ProcessId}-{Interlocked.Increment(ref _inprocCount)}");

    /// <summary>The socket type of <paramref name="pattern"/>'s end, given the driver's three.</summary>
    public static T TypeOf<T>(Pattern pattern, T pushPull, T pubSub, T router) => pattern switch
    {
        Pattern.PushPull => pushPull,
        Pattern.PubSub => pubSub,
        _ => router,
    };

    /// <summary>A handshake frame, or (<paramref name="what"/> "the routing id ") a ROUTER's sender id.</summary>
    public static void CheckControl(ReadOnlySpan<byte> frame, ReadOnlySpan<byte> expected, string what = "")
    {
        if (!frame.SequenceEqual(expected))
        {
            throw new InvalidOperationException(
                $"Handshake: expected {what}[{Convert.ToHexString(expected)}], got [{Convert.ToHexString(frame)}].");
        }
    }
}
