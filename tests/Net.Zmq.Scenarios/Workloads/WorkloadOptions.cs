using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>How a workload is run: the same loops, with or without checking every byte.</summary>
public sealed record WorkloadOptions
{
    /// <summary>
    /// Compare every received byte with what was sent (Correctness). Length and sequence are always checked.
    /// </summary>
    public bool VerifyContent { get; init; }

    /// <summary>
    /// The longest any socket wait may last: a receive, a poll, a blocking send, the quiet spell of a
    /// non-blocking drain. Past it the operation fails instead of hanging.
    /// </summary>
    public TimeSpan IdleTimeout { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>How long the sender may retry its first message until the receiver's ROUTER knows it.</summary>
    public TimeSpan HandshakeTimeout { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>
    /// Send and receive high-water marks, the same on every driver (libzmq's and NetMQ's default). The sender's
    /// ROUTER is mandatory, so a full pipe blocks the sender (bounded by <see cref="IdleTimeout"/>) instead of
    /// dropping: back-pressure, never loss, and at most this many messages in flight.
    /// </summary>
    public int HighWaterMark { get; init; } = 1000;

    /// <summary>
    /// The high-water mark for <paramref name="shape"/>'s sockets. PUB drops silently at a full pipe, so PUB/SUB
    /// gets no limit (0): the sender can run at most one operation ahead of the receiver anyway (the next starts when
    /// the receiver has taken the last), so at most one operation is ever queued, and every message is still
    /// counted by the ledger. A finite mark of even two operations is not enough: NetMQ's writer learns what the
    /// reader took only every half mark or so, and dropped the last 2 messages of every second operation at 20,000.
    /// </summary>
    public int HighWaterMarkFor(WorkloadShape shape) =>
        shape.MayDrop ? 0 : HighWaterMark;

    public static WorkloadOptions Correctness { get; } = new() { VerifyContent = true };

    public static WorkloadOptions Measurement { get; } = new() { VerifyContent = false };
}
