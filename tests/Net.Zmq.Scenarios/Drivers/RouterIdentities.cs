using System.Globalization;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Routing ids, endpoints and the handshake's messages, the same on every driver so any driver's sender can talk
/// to any driver's receiver.
/// </summary>
public static class RouterIdentities
{
    private static int _inprocCount;

    public static ReadOnlySpan<byte> Receiver => "receiver"u8;

    public static ReadOnlySpan<byte> Sender => "sender"u8;

    /// <summary>
    /// Sent (and for PUB/SUB re-sent) until the receiver has one: proves the route or subscription exists.
    /// </summary>
    public static ReadOnlySpan<byte> Hello => "hello"u8;

    /// <summary>Sent once after the receiver had a hello: what follows it is timed.</summary>
    public static ReadOnlySpan<byte> Ready => "ready"u8;

    /// <summary>
    /// The receive-side buffer for id and handshake frames: large enough that a payload landing there shows up as a
    /// length error.
    /// </summary>
    public const int IdFrameCapacity = 256;

    public static string LoopbackWildcard => "tcp://127.0.0.1:0";

    /// <summary>
    /// A name no other workload in this process uses (inproc names live per context, NetMQ's per process).
    /// </summary>
    public static string NewInprocEndpoint() =>
        string.Create(CultureInfo.InvariantCulture, $"inproc://nzt-{Environment.ProcessId}-{Interlocked.Increment(ref _inprocCount)}");

    /// <summary>Where a receiver binds for <paramref name="transport"/>; tcp's port is chosen by the OS.</summary>
    public static string BindAddress(Transport transport) =>
        transport == Transport.Tcp ? LoopbackWildcard : NewInprocEndpoint();

    /// <summary>Throws unless a ROUTER's id frame names the sender.</summary>
    public static void CheckSender(ReadOnlySpan<byte> senderId)
    {
        if (!senderId.SequenceEqual(Sender))
        {
            throw new InvalidOperationException(
                $"Handshake: expected the routing id [{Convert.ToHexString(Sender)}], got [{Convert.ToHexString(senderId)}].");
        }
    }

    /// <summary>Throws unless a handshake payload is the one expected.</summary>
    public static void CheckControl(ReadOnlySpan<byte> frame, ReadOnlySpan<byte> expected)
    {
        if (!frame.SequenceEqual(expected))
        {
            throw new InvalidOperationException(
                $"Handshake: expected [{Convert.ToHexString(expected)}], got [{Convert.ToHexString(frame)}].");
        }
    }
}
