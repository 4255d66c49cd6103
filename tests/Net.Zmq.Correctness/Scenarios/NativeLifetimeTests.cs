using System.Diagnostics;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Correctness.Scenarios;

/// <summary>
/// Native and pooled buffers go back where they came from: every zero-copy buffer handed to libzmq is released
/// by its free callback exactly once, and pooled receive buffers (ArrayPool, MessagePool) come back to the pool,
/// so the receiving thread allocates nothing per message.
/// </summary>
public sealed class NativeLifetimeTests
{
    public static TheoryData<string> ZeroCopyCases { get; } = new(
        CaseCatalog.All.Where(c => c.Strategy == BufferStrategy.MessageZeroCopy && c.MessageSize is 64 or 65536).Select(c => c.Id));

    public static TheoryData<string> PooledReceiveCases { get; } = new(
        CaseCatalog.All.Where(c => c.Strategy is BufferStrategy.ArrayPool or BufferStrategy.MessagePoolRecvPool && c.MessageSize is 64 or 65536)
            .Select(c => c.Id));

    [Theory]
    [MemberData(nameof(ZeroCopyCases))]
    public void ZeroCopy_EveryBufferIsFreedExactlyOnce(string caseId)
    {
        var definition = CaseCatalog.Get(caseId);
        DriverRequirement.Require(definition.Driver);

        using var workload = MessageWorkload.Open(definition, WorkloadOptions.Correctness);
        workload.RunOperation();
        workload.RunOperation();

        // The callback runs on whichever thread releases the last reference (tcp: libzmq's I/O thread), a little
        // after the receiver has the message: wait for it, bounded.
        var waited = Stopwatch.StartNew();
        while (workload.ZeroCopy.Freed < workload.ZeroCopy.HandedOver && waited.Elapsed < TimeSpan.FromSeconds(10))
        {
            Thread.Sleep(10);
        }

        Thread.Sleep(100);
        Assert.Equal(2L * CaseCatalog.MessagesPerOperation, workload.ZeroCopy.HandedOver);
        Assert.Equal(workload.ZeroCopy.HandedOver, workload.ZeroCopy.Freed);
    }

    [Theory]
    [MemberData(nameof(PooledReceiveCases))]
    public void PooledReceive_BuffersComeBack_ReceiverAllocatesNothingPerMessage(string caseId)
    {
        var definition = CaseCatalog.Get(caseId);
        DriverRequirement.Require(definition.Driver);

        using var workload = MessageWorkload.Open(definition, WorkloadOptions.Measurement);
        workload.RunOperation();
        // The receiver runs on this thread: its own allocation counter sees exactly the receive loop's. A buffer that
        // did not come back would cost a new one per message (at least 64 B × 10,000).
        var before = GC.GetAllocatedBytesForCurrentThread();
        workload.RunOperation();
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(allocated < 1024, $"{caseId}: the receiving thread allocated {allocated} B in one operation");
    }
}
