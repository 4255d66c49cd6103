using System.Collections.Concurrent;
using BenchmarkDotNet.Attributes;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.PerfTests.Benchmarks;

/// <summary>
/// The benchmark BenchmarkDotNet runs for every catalog case: the very workload Correctness proves, one operation
/// (10,000 checked messages) per invocation. A lost, duplicated, reordered or truncated message fails the case
/// instead of making it fast.
/// <para>
/// The workload is reopened every few operations (outside the timed part). Sender, receiver and libzmq's or
/// NetMQ's I/O thread share two cores, and where the scheduler first puts a workload's threads decides its speed
/// for as long as it lives: on this machine the median operation of one workload differed from the next one's by
/// up to 40 % (LibZmq, PureBlocking, 64 KiB: 257 to 363 ms). One workload per case made a case's samples agree
/// with each other but not with the next run. Spreading each case over many workloads samples the placements
/// instead of drawing one.
/// </para>
/// </summary>
public class CaseBenchmarks
{
    /// <summary>
    /// Operations per workload for messages up to <see cref="MeasurementProfile.LargeMessageBytes"/> (the profile's
    /// own split); larger ones last 0.3 s or more and get a workload each.
    /// </summary>
    private const int OperationsPerSmallMessageWorkload = 4;

    private MessageWorkload? _workload;
    private CaseDefinition? _case;
    private bool _countProcessWide;
    private int _operationsOnWorkload;
    private List<OperationMemory> _memory = [];

    /// <summary>Every case id; the session picks the ones it measures.</summary>
    public static IEnumerable<string> AllCaseIds => CaseCatalog.All.Select(c => c.Id);

    /// <summary>Why a case failed, by id: BenchmarkDotNet only knows that it did.</summary>
    public static ConcurrentDictionary<string, string> Failures { get; } = new(StringComparer.Ordinal);

    /// <summary>Managed bytes allocated (counted as <see cref="Operation"/> explains) and collections, per operation, by case id, in the order run.</summary>
    private static readonly ConcurrentDictionary<string, List<OperationMemory>> Memory = new(StringComparer.Ordinal);

    public static IReadOnlyList<OperationMemory> MemoryOf(string caseId) => Memory.TryGetValue(caseId, out var list) ? list : [];

    /// <summary>
    /// The run's deliberate regressions (PERF_INJECT), set by the session around its BenchmarkDotNet runs:
    /// BenchmarkDotNet creates this class itself, so a static is the only way in.
    /// </summary>
    public static InjectionPlan? Injection { get; set; }

    [ParamsSource(nameof(AllCaseIds))]
    public string CaseId { get; set; } = "";

    [GlobalSetup]
    public void PrepareCase()
    {
        _case = CaseCatalog.Get(CaseId);
        _countProcessWide = ZmqDrivers.Get(_case.Driver).HasManagedIoThread;
        // Pooled over rounds; room for every operation BenchmarkDotNet will run, so that recording never allocates
        // inside an operation.
        _memory = Memory.GetOrAdd(CaseId, _ => new List<OperationMemory>(capacity: 1024));
    }

    [IterationSetup]
    public void RotateWorkload()
    {
        var small = _case!.MessageSize <= MeasurementProfile.LargeMessageBytes;
        if (_workload is not null && small && _operationsOnWorkload < OperationsPerSmallMessageWorkload)
        {
            return;
        }

        try
        {
            _workload?.Dispose();
            _workload = null;
            _workload = MessageWorkload.Open(_case, Injection?.For(CaseId) is { } injected
                ? WorkloadOptions.Measurement with { Injected = new InjectedLoad(injected.DelayNanoseconds, injected.AllocateBytes) }
                : WorkloadOptions.Measurement);
            _operationsOnWorkload = 0;
            // A new connection's first messages grow buffers and pipes, and each thread's first run initializes
            // per-thread state (a few KiB allocated once): neither is what is measured.
            _workload.Settle();
        }
        catch (Exception e)
        {
            Failures.TryAdd(CaseId, e.Message);
            throw;
        }
    }

    [Benchmark]
    public void Operation()
    {
        // No lambda here: a delegate per call would be an allocation of the benchmark's own. The allocation reads
        // sit inside the timed call so that the window is exactly one operation; each costs microseconds against
        // operations of milliseconds, the same in every case of a group.
        // Allocation is what the workload's own two threads allocated (this one receives, the pump sends) where
        // the driver does nothing managed elsewhere: exact, whatever the test host allocates meanwhile on its own
        // threads (4-6 KiB now and then, which a process-wide count charged to whichever case ran). NetMQ's I/O
        // thread is managed, so NetMQ is counted process-wide.
        var gen0 = GC.CollectionCount(0);
        var gen1 = GC.CollectionCount(1);
        var gen2 = GC.CollectionCount(2);
        var before = _countProcessWide ? GC.GetTotalAllocatedBytes(precise: true) : GC.GetAllocatedBytesForCurrentThread();
        try
        {
            _workload!.RunOperation();
            _operationsOnWorkload++;
        }
        catch (Exception e)
        {
            Failures.TryAdd(CaseId, e.Message);
            throw;
        }

        var allocated = _countProcessWide
            ? GC.GetTotalAllocatedBytes(precise: true) - before
            : GC.GetAllocatedBytesForCurrentThread() - before + _workload.SenderBytesLastOperation;
        _memory.Add(new OperationMemory(allocated, GC.CollectionCount(0) - gen0, GC.CollectionCount(1) - gen1, GC.CollectionCount(2) - gen2));
    }

    [GlobalCleanup]
    public void CloseWorkload()
    {
        _workload?.Dispose();
        _workload = null;
    }
}
