namespace NetZmqTests.Scenarios.Workloads;

/// <summary>The workload's handshake: what makes its route or subscription certain before anything is timed.</summary>
public sealed partial class MessageWorkload
{
    /// <summary>
    /// Hello until one arrives (bounded), then the ready marker. Over ROUTER and PUSH the first hello is never
    /// lost; a PUB's are dropped until the SUB's subscription has reached it, which is exactly what this waits
    /// for. Hellos still in flight are skipped up to the marker, so nothing of the handshake reaches an operation.
    /// </summary>
    private void Handshake(TimeSpan timeout)
    {
        var started = System.Diagnostics.Stopwatch.GetTimestamp();
        while (true)
        {
            _sender.SendHello();
            if (_receiver.TryAcceptHello(HelloInterval))
            {
                break;
            }

            if (System.Diagnostics.Stopwatch.GetElapsedTime(started) > timeout)
            {
                throw new TimeoutException($"no hello reached the receiver within {timeout.TotalSeconds:0.#} s");
            }
        }

        _sender.SendReady();
        _receiver.AcceptReady();
    }
}
