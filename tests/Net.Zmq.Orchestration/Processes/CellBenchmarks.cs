using BenchmarkDotNet.Attributes;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Orchestration.Processes;

/// <summary>
/// The benchmark BenchmarkDotNet runs for every cell: one operation (10,000 checked messages, the workload Correctness
/// proves) per invocation, in the cell's schedule order (<see cref="InterleavedSchedule"/>); a lost or damaged message
/// fails the cell instead of making it fast. Each driver has one workload per block, opened and warmed untimed in the
/// iteration set-up and shared by its cases, so a case and its reference run on the same sockets, threads and cores,
/// seconds apart, and the drivers' cases alternate too.
/// </summary>
public class CellBenchmarks
{
    private CaseDefinition[] _cases = [];
    private IReadOnlyList<ScheduledOperation> _schedule = [];
    private (CaseDefinition Case, InjectedLoad? Load, bool CountProcessWide)[] _operations = [];
    private CellBenchmarkState _run = null!;
    private List<OperationRecord> _records = [];
    private readonly Dictionary<DriverId, MessageWorkload> _workloads = [];
    private int _position;
    private int _block = -1;
    private ScheduledOperation _current;
    private MessageWorkload? _workload;
    private bool _countProcessWide;
    private IDisposable? _pinned;
    private NeighbourLoad.Reading? _cellStarted;

    /// <summary>The measurement in progress; BenchmarkDotNet creates this class, so a static reaches it.</summary>
    internal static CellBenchmarkState? Current { get; set; }

    public static IEnumerable<string> CellIds => Current?.Plans.Keys ?? [];

    [ParamsSource(nameof(CellIds))]
    public string CellId { get; set; } = "";

    [GlobalSetup]
    public void PrepareCell()
    {
        _run = Current ?? throw new InvalidOperationException(
            "the session sets the measurement before BenchmarkDotNet runs a cell");
        var plan = _run.Plans[CellId];
        _schedule = plan.Schedule;
        _cases = [.. _schedule.Select(s => s.CaseId).Distinct(StringComparer.Ordinal).Select(id => plan.Cases[id])];
        // Each operation's case, injection and allocation count resolved once here, not looked up per operation.
        _operations = _schedule.Select(s => plan.Cases[s.CaseId])
            .Select(c => (c, _run.Injected(c.Id), ZmqDrivers.Get(c.Driver).HasManagedIoThread)).ToArray();
        // Room for every operation BenchmarkDotNet will run, so that recording never allocates inside an operation.
        _records = new List<OperationRecord>(_schedule.Count + 16);
        _run.Records[CellId] = _records;
        _position = 0;
        _block = -1;
        _run.Neighbours.TryRemove(CellId, out _);
        _cellStarted = NeighbourLoad.Read();
        _run.CellStarted?.Invoke(CellId);
    }

    [IterationSetup]
    public void NextOperation()
    {
        try
        {
            // Extra invocations repeat the last operation; the session attributes times by the checked records.
            var position = Math.Min(_position, _schedule.Count - 1);
            _current = _schedule[position];
            if (_current.Block != _block)
                OpenBlock(_current.Block);

            var operation = _operations[position];
            _workload = _workloads[operation.Case.Driver];
            _workload.Use(operation.Case, operation.Load);
            _countProcessWide = operation.CountProcessWide;
        }
        catch (Exception e)
        {
            _run.Failures.TryAdd(CellId, $"{_current.CaseId}: {e.Message}");
            throw;
        }
    }

    [Benchmark]
    public void Operation()
    {
        // No lambda: a delegate per call would allocate. The allocation reads sit inside the timed call so the window
        // is exactly one operation (their cost is alike for every case). Bytes are the workload's two threads' own,
        // exact whatever the host allocates; where the driver allocates on a managed I/O thread (NetMQ), the
        // process-wide count is taken too.
        var gen0 = GC.CollectionCount(0);
        var gen1 = GC.CollectionCount(1);
        var gen2 = GC.CollectionCount(2);
        var processBefore = _countProcessWide ? GC.GetTotalAllocatedBytes(precise: true) : 0;
        var cpuBefore = CpuClock.ProcessNanoseconds();
        var before = GC.GetAllocatedBytesForCurrentThread();
        try
        {
            _workload!.RunOperation();
        }
        catch (Exception e)
        {
            _run.Failures.TryAdd(CellId, e.Message);
            throw;
        }

        var bytes = GC.GetAllocatedBytesForCurrentThread() - before + _workload.SenderBytesLastOperation;
        var cpu = CpuClock.ProcessNanoseconds() - cpuBefore;
        long? process = _countProcessWide ? GC.GetTotalAllocatedBytes(precise: true) - processBefore : null;
        _records.Add(new OperationRecord(_current, bytes, process,
            GC.CollectionCount(0) - gen0, GC.CollectionCount(1) - gen1, GC.CollectionCount(2) - gen2, cpu));
        _position++;
    }

    [GlobalCleanup]
    public void CloseCell()
    {
        CloseWorkloads();
        if (NeighbourLoad.Since(_cellStarted) is { } cpus)
            _run.Neighbours[CellId] = cpus;
    }

    /// <summary>
    /// A fresh workload per driver, settled in every variant of the cell (first messages grow buffers and pipes, first
    /// runs fill pools), threads placed (<see cref="ThreadPlacement"/>: senders on one CPU, the rest on the other),
    /// and warmed with the profile's untimed operations of every case.
    /// </summary>
    private void OpenBlock(int block)
    {
        CloseWorkloads();
        _block = block;
        // Which driver's workloads open (and so connect and place their threads) first is drawn per block from the
        // process's seed: an order fixed for every block and run would be one sample of the order, repeated.
        var drivers = _cases.GroupBy(c => c.Driver).ToArray();
        new Random(RunSeed.For(RunSeed.Process, $"{CellId}/{block}")).Shuffle(drivers);
        foreach (var driver in drivers)
        {
            var workload = MessageWorkload.Open(driver.First(), WorkloadOptions.Measurement);
            _workloads[driver.Key] = workload;
            workload.Settle();
            foreach (var variant in driver.Skip(1))
            {
                // The connection is settled already; a variant only needs its own buffers and pools touched once.
                workload.Use(variant, _run.Injected(variant.Id));
                workload.Settle(messages: 100);
            }
        }

        _pinned = _run.Placement.Pin(_workloads.Values.Select(w => w.SenderThreadId).ToHashSet());
        for (var i = 0; i < _run.Plans[CellId].WarmupOperations; i++)
        {
            foreach (var definition in _cases)
            {
                var workload = _workloads[definition.Driver];
                workload.Use(definition, _run.Injected(definition.Id));
                workload.RunOperation();
            }
        }
    }

    private void CloseWorkloads()
    {
        _pinned?.Dispose();
        _pinned = null;
        foreach (var workload in _workloads.Values)
            workload.Dispose();

        _workloads.Clear();
        _workload = null;
    }
}
