namespace NetZmqTests.Gating.Running;

/// <summary>What the measured code records for each operation it runs, in order.</summary>
/// <param name="Bytes">Managed bytes allocated on the threads the measured code owns (exact).</param>
/// <param name="ProcessBytes">Bytes allocated process-wide, where the measured code also allocates on threads it does
/// not own; null otherwise.</param>
/// <param name="CpuNanoseconds">The process's CPU time (<see cref="Platform.CpuClock"/>); 0 where unreadable.</param>
public readonly record struct OperationRecord(
    ScheduledOperation Scheduled, long Bytes, long? ProcessBytes, int Gen0, int Gen1, int Gen2, long CpuNanoseconds);
