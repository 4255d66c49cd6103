using System.Diagnostics;

namespace NetZmqTests.Scenarios.Workloads;

/// <summary>
/// A deliberate regression in the measured receive loop (PERF_INJECT), so the gates can be shown to catch it. Applied
/// in the ledger, which every loop passes per message; absent (null) it costs one null check.
/// </summary>
/// <param name="delayNanoseconds">Busy-wait per message (the thread keeps its core, as real work would).</param>
/// <param name="delayFraction">After the last message, spin this fraction of the operation so far: the same relative
/// regression at any size, whichever thread limits it.</param>
/// <param name="extraCalls">Extra native calls per message (<see cref="Drivers.MessageReceiver.ExtraNativeCall"/>),
/// which the native call counts gate.</param>
/// <param name="work">Turns of a fixed loop per message (<see cref="Work"/>), gated by instruction counts.</param>
public sealed class InjectedLoad(
    long delayNanoseconds, int allocateBytes, double delayFraction = 0, int extraCalls = 0, int work = 0)
{
    /// <summary>PERF_INJECT's load for one case, or null for none.</summary>
    public static InjectedLoad? For(Gating.Running.Injection? injection) => injection is null
        ? null
        : new InjectedLoad(injection.DelayNanoseconds, injection.AllocateBytes, injection.DelayFraction,
            injection.ExtraCalls, injection.Work);

    private readonly long _delayTicks = (long)Math.Ceiling(delayNanoseconds * (Stopwatch.Frequency / 1e9));
    private long _operationStarted;

    /// <summary>Kept so the JIT cannot drop the loop.</summary>
    public long WorkDone { get; private set; }

    /// <summary>Kept reachable so the JIT cannot drop the allocation.</summary>
    public byte[]? LastAllocation { get; private set; }

    /// <summary>Whose native library the extra calls go to: set by the workload that applies this load.</summary>
    public Drivers.MessageReceiver? Receiver { get; set; }

    public void BeginOperation() => _operationStarted = Stopwatch.GetTimestamp();

    public void OnMessage(bool lastOfOperation)
    {
        if (allocateBytes > 0)
            LastAllocation = new byte[allocateBytes];

        for (var call = 0; call < extraCalls; call++)
            Receiver!.ExtraNativeCall();

        if (work > 0)
            WorkDone += Work(work);

        if (_delayTicks == 0 && delayFraction == 0)
            return;

        var now = Stopwatch.GetTimestamp();
        var spin = _delayTicks
            + (lastOfOperation && delayFraction > 0 ? (long)((now - _operationStarted) * delayFraction) : 0);
        var until = now + spin;
        while (spin > 0 && Stopwatch.GetTimestamp() < until)
            Thread.SpinWait(1);
    }

    /// <summary>Never inlined, so its name shows in an instruction profile.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static long Work(int turns)
    {
        long value = 17;
        for (var turn = 0; turn < turns; turn++)
            value = (value * 31) ^ turn;

        return value;
    }
}
