using System.Diagnostics;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// A deliberate regression in the measured receive loop (PERF_INJECT): extra work for every received message, so
/// that the gates can be shown to catch a slowdown or an allocation of a known size. Applied where every driver's
/// every loop passes each message, the ledger; absent (null) it costs one null check per message.
/// </summary>
/// <param name="delayNanoseconds">Spin this long per received message (a busy wait: the thread keeps its core, as real work would).</param>
/// <param name="allocateBytes">Allocate a byte array of this length per received message (the runtime adds its array header).</param>
public sealed class InjectedLoad(long delayNanoseconds, int allocateBytes)
{
    private readonly long _delayTicks = (long)Math.Ceiling(delayNanoseconds * (Stopwatch.Frequency / 1e9));

    /// <summary>The last array allocated: kept reachable so the JIT cannot drop the allocation.</summary>
    public byte[]? LastAllocation { get; private set; }

    public void OnMessage()
    {
        if (allocateBytes > 0)
        {
            LastAllocation = new byte[allocateBytes];
        }

        if (_delayTicks > 0)
        {
            var until = Stopwatch.GetTimestamp() + _delayTicks;
            while (Stopwatch.GetTimestamp() < until)
            {
                Thread.SpinWait(1);
            }
        }
    }
}
