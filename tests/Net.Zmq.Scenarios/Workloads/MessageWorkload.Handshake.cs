namespace NetZmqTests.Scenarios.Workloads;

/// <summary>The workload's handshake: what makes its route or subscription certain before anything is timed.</summary>
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
}
