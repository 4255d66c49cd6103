using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>How a workload is run: the same loops, with or without checking every byte.</summary>
public sealed record WorkloadOptions
{
    /// <summary>Compare every received byte (Correctness); length and sequence are always checked.</summary>
    public bool VerifyContent { get; init; }

    /// <summary>
    /// The longest any socket wait may last (receive, poll, blocking send, a non-blocking quiet spell); past it the
    /// operation fails instead of hanging.
    /// </summary>
    public TimeSpan IdleTimeout { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>How long the sender may retry its first message until the receiver's ROUTER knows it.</summary>
    public TimeSpan HandshakeTimeout { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>
    /// Send and receive high-water marks on every driver (libzmq's and NetMQ's default). The sender's ROUTER is
    /// mandatory, so a full pipe blocks (bounded by <see cref="IdleTimeout"/>): back-pressure, never loss.
    /// </summary>
    public int HighWaterMark { get; init; } = 1000;

    /// <summary>
    /// No limit (0) for PUB, which drops silently at a full pipe: the sender is at most one operation ahead anyway, and
    /// NetMQ's late reader feedback made even a two-operation mark drop messages.
    /// </summary>
    public int HighWaterMarkFor(WorkloadShape shape) => shape.Pattern == Pattern.PubSub ? 0 : HighWaterMark;

    public static WorkloadOptions Correctness { get; } = new() { VerifyContent = true };

    public static WorkloadOptions Measurement { get; } = new() { VerifyContent = false };
}
