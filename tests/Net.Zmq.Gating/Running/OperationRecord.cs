namespace NetZmqTests.Gating.Running;

/// <summary>
/// What the measured code records for each operation it runs, in order: which case it ran (and where in the
/// schedule), and what it allocated and collected meanwhile.
/// </summary>
/// <param name="Bytes">Managed bytes allocated during the operation on the threads the measured code owns
/// (exact).</param>
/// <param name="ProcessBytes">Bytes allocated process-wide during the operation, where the measured code also
/// allocates on threads it does not own; null otherwise.</param>
/// <param name="CpuNanoseconds">CPU time the whole process used during the operation (<see cref="Platform.CpuClock"/>);
/// 0 where it cannot be read.</param>
public readonly record struct OperationRecord(ScheduledOperation Scheduled, long Bytes, long? ProcessBytes, int Gen0, int Gen1, int Gen2, long CpuNanoseconds);
