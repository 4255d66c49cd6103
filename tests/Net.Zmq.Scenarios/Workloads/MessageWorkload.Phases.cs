namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// The workload's handshake, which makes its route or subscription certain before anything is timed; and the workload
/// run in phases, for the instruction pass: all sent first, then all received.
/// </summary>
public sealed partial class MessageWorkload
{
    /// <summary>
    /// Hello until one arrives (bounded), then the ready marker: a PUB's hellos drop until the subscription reaches it,
    /// which is what this waits for. Hellos in flight are skipped, so none reaches an operation.
    /// </summary>
    private void Handshake(TimeSpan timeout)
    {
        var started = System.Diagnostics.Stopwatch.GetTimestamp();
        while (true)
        {
            _sender.SendHello();
            if (_receiver.TryAcceptHello(HelloInterval))
                break;

            if (System.Diagnostics.Stopwatch.GetElapsedTime(started) > timeout)
                throw new TimeoutException($"no hello reached the receiver within {timeout.TotalSeconds:0.#} s");
        }

        _sender.SendReady();
        _receiver.AcceptReady();
    }

    /// <summary>
    /// For the instruction pass: the sender sends all <paramref name="messages"/>, <paramref name="sent"/> waits until
    /// they are queued at the receiver, then the receiver takes them, so no count depends on how the threads met. At
    /// most a high-water mark, so the sender never blocks on a full pipe.
    /// </summary>
    public void RunInPhases(int messages, Action sent)
    {
        if (messages > _options.HighWaterMark)
        {
            throw new ArgumentOutOfRangeException(nameof(messages), messages,
                $"{_name}: at most {_options.HighWaterMark} messages (the high-water mark) " +
                "can be sent before any is received");
        }

        Run(messages, fault: null, sent);
    }

    /// <summary>Runs <paramref name="action"/> on the sender's thread between operations.</summary>
    public void OnSenderThread(Action action)
    {
        if (!_pump.RunOnThread(action, _options.IdleTimeout))
        {
            throw new TimeoutException($"{_name}: the sender thread did not run an action within " +
                $"{_options.IdleTimeout.TotalSeconds:0.#} s");
        }
    }

    /// <summary>The sender's operation done, or its failure thrown; a timeout says what was awaited.</summary>
    private void AwaitSender(string timeoutStart, string timeoutEnd)
    {
        if (!_pump.WaitFinished(_options.IdleTimeout))
            throw new TimeoutException(timeoutStart + $"{_options.IdleTimeout.TotalSeconds:0.#}" + timeoutEnd);

        if (_pump.Failure is { } failure)
            throw failure;
    }
}
