namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Routing ids and the hello, the same on every driver so any driver's sender can talk to any driver's receiver.
/// </summary>
public static class RouterIdentities
{
    public static ReadOnlySpan<byte> Receiver => "receiver"u8;

    public static ReadOnlySpan<byte> Sender => "sender"u8;

    public static ReadOnlySpan<byte> Hello => "hello"u8;

    /// <summary>The receive-side buffer for the id frame: large enough that a payload landing there shows up as a length error.</summary>
    public const int IdFrameCapacity = 256;

    public static string LoopbackWildcard => "tcp://127.0.0.1:0";

    public static void CheckHello(ReadOnlySpan<byte> senderId, ReadOnlySpan<byte> hello)
    {
        if (!senderId.SequenceEqual(Sender) || !hello.SequenceEqual(Hello))
        {
            throw new InvalidOperationException(
                $"Handshake: expected [{Convert.ToHexString(Sender)}][{Convert.ToHexString(Hello)}], got " +
                $"[{Convert.ToHexString(senderId)}][{Convert.ToHexString(hello)}].");
        }
    }
}
