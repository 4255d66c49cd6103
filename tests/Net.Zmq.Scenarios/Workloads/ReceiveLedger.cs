using NetZmqTests.Scenarios.Payloads;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// The receiver's account of what arrived: <see cref="Accept"/> always checks length and sequence number (loss,
/// duplicate, reordering), and with content verification every byte; the fast path is two compares and an increment.
/// </summary>
public sealed class ReceiveLedger(int messageSize, bool verifyContent)
{
    private readonly byte[] _template = Payload.CreateTemplate(messageSize);
    private long _next;
    private long _operationEnd;
    private SortedSet<long>? _missing;

    /// <summary>The next sequence number expected; operations continue where the last one ended.</summary>
    public long Next => _next;

    /// <summary>PERF_INJECT's regression, applied to every message from now on; null for none.</summary>
    public InjectedLoad? Injected { get; set; }

    public long AcceptedInOperation { get; private set; }

    public long ExpectedInOperation { get; private set; }

    public void BeginOperation(int messages)
    {
        _operationEnd = _next + messages;
        ExpectedInOperation = messages;
        AcceptedInOperation = 0;
        Injected?.BeginOperation();
    }

    /// <param name="received">At least its first <c>min(frameLength, capacity)</c> bytes are the frame.</param>
    /// <param name="frameLength">As the driver reported it (it may exceed the buffer).</param>
    public void Accept(ReadOnlySpan<byte> received, int frameLength)
    {
        if (frameLength != messageSize)
        {
            throw new MessageFaultException(FaultKind.Corrupted,
                $"message #{_next} has {frameLength} bytes, expected {messageSize}");
        }

        var sequence = Payload.ReadSequence(received);
        if (sequence != _next || _missing is not null)
            AcceptOutOfLine(sequence);
        else
            _next++;

        if (verifyContent)
            VerifyContent(received[..messageSize], sequence);

        AcceptedInOperation++;
        if (Injected is { } injected)
            injected.OnMessage(lastOfOperation: AcceptedInOperation == ExpectedInOperation);
    }

    /// <summary>All below <see cref="_next"/> arrived exactly once already, unless it is still missing.</summary>
    private void AcceptOutOfLine(long sequence)
    {
        if (sequence < _next)
        {
            if (_missing is not null && _missing.Remove(sequence))
                throw new MessageFaultException(FaultKind.Reordered, $"message #{sequence} arrived after #{_next - 1}");

            throw new MessageFaultException(FaultKind.Duplicated, $"message #{sequence} arrived twice");
        }

        if (sequence >= _operationEnd)
        {
            throw new MessageFaultException(FaultKind.Duplicated,
                $"message #{sequence} is beyond this operation's last message #{_operationEnd - 1}");
        }

        if (sequence > _next)
        {
            _missing ??= [];
            for (var s = _next; s < sequence; s++)
                _missing.Add(s);
        }

        _next = sequence + 1;
        if (_next == _operationEnd && _missing is { Count: > 0 })
        {
            throw new MessageFaultException(FaultKind.Lost,
                $"the operation's last message #{sequence} arrived, but {Describe(_missing)} never did");
        }
    }

    private void VerifyContent(ReadOnlySpan<byte> payload, long sequence)
    {
        var body = payload[Payload.SequenceBytes..];
        var expected = _template.AsSpan(Payload.SequenceBytes);
        if (!body.SequenceEqual(expected))
        {
            var offset = Payload.SequenceBytes + body.CommonPrefixLength(expected);
            throw new MessageFaultException(FaultKind.Corrupted,
                $"message #{sequence} differs from the payload sent at byte {offset}");
        }
    }

    private static string Describe(SortedSet<long> missing) =>
        missing.Count == 1 ? $"#{missing.Min}" : $"{missing.Count} messages from #{missing.Min}";
}
