using System.Diagnostics;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Correctness.Scenarios;

/// <summary>
/// Native and pooled buffers go back where they came from: every zero-copy buffer handed to libzmq is released
/// by its free callback exactly once, and pooled buffers (ArrayPool, MessagePool) come back to their pool, so the
/// threads that use them allocate nothing per message.
/// </summary>
public sealed class NativeLifetimeTests
{
    public static TheoryData<string> ZeroCopyCases { get; } = new(
        CaseCatalog.All.Where(c => c.Strategy == BufferStrategy.MessageZeroCopy && c.MessageSize is 64 or 65536).Select(c => c.Id));

    /// <summary>
    /// Strategies that pool on the sending side (ArrayPool, MessagePool, MessagePoolRecvPool) or on both.
    /// </summary>
    public static TheoryData<string> PooledCases { get; } = new(
        CaseCatalog.All.Where(c => c.Strategy is BufferStrategy.ArrayPool or BufferStrategy.MessagePool or BufferStrategy.MessagePoolRecvPool
                                   && c.MessageSize is 64 or 65536)
            .Select(c => c.Id));

    [Theory]
    [MemberData(nameof(ZeroCopyCases))]
    public void ZeroCopy_EveryBufferIsFreedExactlyOnce(string caseId)
    {
        var definition = CaseCatalog.Get(caseId);
        DriverRequirement.Require(definition);

        using var workload = MessageWorkload.Open(definition, WorkloadOptions.Correctness);
        workload.RunOperation();
        workload.RunOperation();

        // The callback runs on whichever thread releases the last reference (tcp: libzmq's I/O thread), a little
        // after the receiver has the message: wait for it, bounded.
        var waited = Stopwatch.StartNew();
        while (workload.ZeroCopy.Freed < workload.ZeroCopy.HandedOver && waited.Elapsed < TimeSpan.FromSeconds(10))
            Thread.Sleep(10);

        Thread.Sleep(100);
        Assert.Equal(2L * CaseCatalog.MessagesPerOperation, workload.ZeroCopy.HandedOver);
        Assert.Equal(workload.ZeroCopy.HandedOver, workload.ZeroCopy.Freed);
    }

    [Theory]
    [MemberData(nameof(PooledCases))]
    public void PooledBuffers_ComeBack_TheirThreadsAllocateNothingPerMessage(string caseId)
    {
        var definition = CaseCatalog.Get(caseId);
        DriverRequirement.Require(definition);

        using var workload = MessageWorkload.Open(definition, WorkloadOptions.Measurement);
        workload.RunOperation();
        // The receiver runs on this thread, and the workload counts its sender thread's allocation: each sees
        // exactly its loop's. A buffer that did not come back would cost a new one per message (at least
        // 64 B × 10,000). MessagePool pools only the sender's side; its receiver makes a Message per message.
        var before = GC.GetAllocatedBytesForCurrentThread();
        workload.RunOperation();
        var received = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(workload.SenderBytesLastOperation < 1024,
            $"{caseId}: the sending thread allocated {workload.SenderBytesLastOperation} B in one operation");
        if (definition.Strategy != BufferStrategy.MessagePool)
            Assert.True(received < 1024, $"{caseId}: the receiving thread allocated {received} B in one operation");
    }
}
