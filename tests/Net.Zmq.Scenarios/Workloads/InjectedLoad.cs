using System.Diagnostics;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// A deliberate regression in the measured receive loop (PERF_INJECT): extra work, so that the gates can be shown
/// to catch a slowdown or an allocation of a known size. Applied where every driver's every loop passes each
/// message, the ledger; absent (null) it costs one null check per message.
/// </summary>
/// <param name="delayNanoseconds">Spin this long per received message (a busy wait: the thread keeps its core, as real
/// work would). Where the receiver waits for the sender anyway, part of it is absorbed, as a real receive-side
/// regression would be.</param>
/// <param name="allocateBytes">Allocate a byte array of this length per received message (the runtime adds its array
/// header).</param>
/// <param name="delayFraction">Once the operation's last message is in, spin this fraction of the time the operation
/// took so far: the operation becomes exactly that much slower, whichever thread limits it, the same relative
/// regression at 64 B as at 256 KiB.</param>
/// <param name="extraCalls">Make this many extra calls into the receiving driver's native library per received message
/// (<see cref="Drivers.MessageReceiver.ExtraNativeCall"/>): the regression the native call counts gate exactly.</param>
/// <param name="work">Run a fixed loop this many turns per received message (<see cref="Work"/>): the same instructions
/// on every machine, the regression the instruction counts gate.</param>
public sealed class InjectedLoad(long delayNanoseconds, int allocateBytes, double delayFraction = 0, int extraCalls = 0, int work = 0)
{
    /// <summary>
    /// The load a workload applies for <paramref name="injection"/> (PERF_INJECT's for one case), or null for none.
    /// </summary>
    public static InjectedLoad? For(Gating.Running.Injection? injection) =>
        injection is null ? null : new InjectedLoad(injection.DelayNanoseconds, injection.AllocateBytes, injection.DelayFraction, injection.ExtraCalls, injection.Work);

    private readonly long _delayTicks = (long)Math.Ceiling(delayNanoseconds * (Stopwatch.Frequency / 1e9));
    private long _operationStarted;

    /// <summary>What the fixed loop computed: kept so the JIT cannot drop the loop.</summary>
    public long WorkDone { get; private set; }

    /// <summary>The last array allocated: kept reachable so the JIT cannot drop the allocation.</summary>
    public byte[]? LastAllocation { get; private set; }

    /// <summary>
    /// The receiver whose native library the extra calls go to: set by the workload that applies this load.
    /// </summary>
    public Drivers.MessageReceiver? Receiver { get; set; }

    /// <summary>Where a relative delay starts counting.</summary>
    public void BeginOperation() => _operationStarted = Stopwatch.GetTimestamp();

    public void OnMessage(bool lastOfOperation)
    {
        if (allocateBytes > 0)
        {
            LastAllocation = new byte[allocateBytes];
        }

        for (var call = 0; call < extraCalls; call++)
        {
            Receiver!.ExtraNativeCall();
        }

        if (work > 0)
        {
            WorkDone += Work(work);
        }

        if (_delayTicks == 0 && delayFraction == 0)
        {
            return;
        }

        var now = Stopwatch.GetTimestamp();
        var spin = _delayTicks + (lastOfOperation && delayFraction > 0 ? (long)((now - _operationStarted) * delayFraction) : 0);
        var until = now + spin;
        while (spin > 0 && Stopwatch.GetTimestamp() < until)
        {
            Thread.SpinWait(1);
        }
    }

    /// <summary>
    /// A fixed loop: a few instructions a turn, never inlined, so that its name shows in an instruction profile.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static long Work(int turns)
    {
        long value = 17;
        for (var turn = 0; turn < turns; turn++)
        {
            value = (value * 31) ^ turn;
        }

        return value;
    }
}
