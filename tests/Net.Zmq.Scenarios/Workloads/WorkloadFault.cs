namespace NetZmqTests.Scenarios.Workloads;

/// <summary>What went wrong in an operation.</summary>
public enum FaultKind
{
    Lost,
    Duplicated,
    Reordered,
    Corrupted,

    /// <summary>The receiver waited past its deadline for the next message.</summary>
    Timeout,

    SenderFailed,

    DriverError,
}

/// <summary>The operation failed, naming the case; the workload is poisoned and any measurement invalid.</summary>
public sealed class WorkloadFaultException(FaultKind kind, string message, Exception? inner = null)
    : Exception(message, inner)
{
    public FaultKind Kind { get; } = kind;
}

/// <summary>Raised by the ledger for an unexpected message; wrapped with the case id.</summary>
public sealed class MessageFaultException(FaultKind kind, string message) : Exception(message)
{
    public FaultKind Kind { get; } = kind;
}

/// <summary>A fault the sender injects at <see cref="Index"/> in one operation, to show the checks catch it.</summary>
public sealed record MessageFault(FaultKind Kind, int Index)
{
    public static MessageFault Lose(int index) => new(FaultKind.Lost, index);

    public static MessageFault Duplicate(int index) => new(FaultKind.Duplicated, index);

    /// <summary>Sends message <paramref name="index"/> + 1 before message <paramref name="index"/>.</summary>
    public static MessageFault Reorder(int index) => new(FaultKind.Reordered, index);

    public static MessageFault Corrupt(int index) => new(FaultKind.Corrupted, index);

    /// <summary>The sender's thread throws instead of sending message <paramref name="index"/>.</summary>
    public static MessageFault SenderDies(int index) => new(FaultKind.SenderFailed, index);

    /// <summary>The sender returns quietly after <paramref name="index"/> messages, as if its peer had gone.</summary>
    public static MessageFault SenderStops(int index) => new(FaultKind.Timeout, index);
}

/// <summary>The error an injected <see cref="MessageFault.SenderDies"/> raises on the sender's thread.</summary>
public sealed class SenderDiedException(long sequence)
    : Exception($"injected: the sender died before message #{sequence}");
