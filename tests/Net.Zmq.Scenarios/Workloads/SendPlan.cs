using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Payloads;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// One operation's sends: sequence numbers from <see cref="First"/>, at most one injected <see cref="MessageFault"/>,
/// buffers of <see cref="Strategy"/>. A struct so that starting an operation allocates nothing.
/// </summary>
public readonly struct SendPlan(long first, int messages, MessageFault? fault, BufferStrategy strategy)
{
    public long First { get; } = first;

    public BufferStrategy Strategy { get; } = strategy;

    public MessageFault? Fault { get; } = fault;

    /// <summary>One fewer for a loss, one more for a duplicate, none from a stop on.</summary>
    public int Count { get; } = fault?.Kind switch
    {
        FaultKind.Lost => messages - 1,
        FaultKind.Duplicated => messages + 1,
        FaultKind.Timeout => fault.Index,
        _ => messages,
    };

    /// <summary>
    /// Writes message <paramref name="i"/>'s sequence number into <paramref name="payload"/>, which already holds
    /// <paramref name="template"/>'s bytes.
    /// </summary>
    public void Fill(int i, Span<byte> payload, ReadOnlySpan<byte> template)
    {
        if (Fault is null)
        {
            Payload.WriteSequence(payload, First + i);
            return;
        }

        FillWithFault(i, payload, template, Fault);
    }

    /// <summary>Message <paramref name="i"/> into a fresh copy of <paramref name="template"/>.</summary>
    public void Write(int i, Span<byte> payload, ReadOnlySpan<byte> template)
    {
        template.CopyTo(payload);
        Fill(i, payload, template);
    }

    private void FillWithFault(int i, Span<byte> payload, ReadOnlySpan<byte> template, MessageFault fault)
    {
        var k = fault.Index;
        if (fault.Kind == FaultKind.SenderFailed && i == k)
            throw new SenderDiedException(First + i);

        long offset = fault.Kind switch
        {
            FaultKind.Lost => i < k ? i : i + 1,
            FaultKind.Duplicated => i <= k ? i : i - 1,
            FaultKind.Reordered => i == k ? k + 1 : i == k + 1 ? k : i,
            _ => i,
        };
        Payload.WriteSequence(payload, First + offset);
        var corrupted = Payload.CorruptionOffset(payload.Length);
        if (fault.Kind == FaultKind.Corrupted && i == k)
        {
            payload[corrupted] = (byte)~template[corrupted];
        }
        else if (fault.Kind == FaultKind.Corrupted && i == k + 1)
        {
            // A reused buffer still holds message k's flipped byte.
            payload[corrupted] = template[corrupted];
        }
    }
}
