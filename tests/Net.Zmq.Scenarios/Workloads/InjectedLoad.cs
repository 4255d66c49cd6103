using System.Diagnostics;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// A deliberate regression in the measured receive loop (PERF_INJECT): extra work for every received message, so
/// that the gates can be shown to catch a slowdown or an allocation of a known size. Applied where every driver's
/// every loop passes each message, the ledger; absent (null) it costs one null check per message.
/// </summary>
/// <param name="delayNanoseconds">Spin this long per received message (a busy wait: the thread keeps its core, as real work would).</param>
/// <param name="allocateBytes">Allocate a byte array of this length per received message (the runtime adds its array header).</param>
/// <param name="delayFraction">Spin, per received message, this fraction of the time the message took to arrive
/// (since the previous one, or since the operation began): a slowdown proportional to the case's own per-message
/// time, the same relative regression at 64 B as at 64 KiB.</param>
public sealed class InjectedLoad(long delayNanoseconds, int allocateBytes, double delayFraction = 0)
{
    private readonly long _delayTicks = (long)Math.Ceiling(delayNanoseconds * (Stopwatch.Frequency / 1e9));
    private long _previous;

    /// <summary>The last array allocated: kept reachable so the JIT cannot drop the allocation.</summary>
    public byte[]? LastAllocation { get; private set; }

    /// <summary>Where a relative delay starts counting for the operation's first message.</summary>
    public void BeginOperation() => _previous = Stopwatch.GetTimestamp();

    public void OnMessage()
    {
        if (allocateBytes > 0)
        {
            LastAllocation = new byte[allocateBytes];
        }

        var now = Stopwatch.GetTimestamp();
        var spin = _delayTicks + (delayFraction > 0 ? (long)((now - _previous) * delayFraction) : 0);
        var until = now + spin;
        while (spin > 0 && Stopwatch.GetTimestamp() < until)
        {
            Thread.SpinWait(1);
        }

        _previous = spin > 0 ? Stopwatch.GetTimestamp() : now;
    }
}
