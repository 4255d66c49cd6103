namespace NetZmqTests.Scenarios.Workloads;

/// <summary>The workload run in phases, for the instruction pass: all sent first, then all received.</summary>
public sealed partial class MessageWorkload
{
    /// <summary>
    /// Sends <paramref name="messages"/> messages and receives them, one after the other instead of together: the
    /// sender sends them all, then <paramref name="sent"/> runs on this thread (it waits until the transport has
    /// carried them to the receiver's queue), then the receiver takes them, every one already queued. What the
    /// instruction pass counts: each side's work per message without the other running beside it, so that no count
    /// depends on how the threads met. At most a high-water mark of messages: the sender must not block on a full pipe
    /// while nothing receives.
    /// </summary>
    public void RunInPhases(int messages, Action sent)
    {
        if (messages > _options.HighWaterMark)
        {
            throw new ArgumentOutOfRangeException(nameof(messages), messages,
                $"{_name}: at most {_options.HighWaterMark} messages (the high-water mark) can be sent before any is received");
        }

        Run(messages, fault: null, sent);
    }

    /// <summary>
    /// Runs <paramref name="action"/> once on the sender's thread, between operations (so that a pass can tell that
    /// thread apart).
    /// </summary>
    public void OnSenderThread(Action action)
    {
        if (!_pump.RunOnThread(action, _options.IdleTimeout))
        {
            throw new TimeoutException($"{_name}: the sender thread did not run an action within {_options.IdleTimeout.TotalSeconds:0.#} s");
        }
    }

    /// <summary>
    /// The sender's whole operation first (it fails the operation as it would have), then <paramref name="sent"/>.
    /// </summary>
    private void SentFirst(Action sent)
    {
        if (!_pump.WaitFinished(_options.IdleTimeout))
        {
            throw new TimeoutException($"the sender did not send its messages within {_options.IdleTimeout.TotalSeconds:0.#} s with nothing receiving");
        }

        if (_pump.Failure is { } failure)
        {
            throw failure;
        }

        sent();
    }
}
