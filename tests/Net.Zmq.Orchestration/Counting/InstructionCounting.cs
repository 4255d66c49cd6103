using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Orchestration.Counting;

/// <summary>
/// The instruction pass, run in an instruction process under Valgrind's callgrind, never timed: per driver and cell one
/// workload, whose receiver (this thread) and sender say which threads they are; per case a warm-up, then
/// <see cref="Repetitions"/> repetitions of <see cref="MessagesPerRepetition"/> messages, each sent whole, then
/// received whole (<see cref="MessageWorkload.RunInPhases"/>), with every thread's counts zeroed before and dumped
/// after. The receiver's own instructions are not counted while it waits for the sending to end. Reading the dumps into
/// counts is the parent's (<see cref="InstructionProfiles"/>): this process runs some fifty times slower than the
/// machine.
/// </summary>
public static class InstructionCounting
{
    /// <summary>Three: a part whose count depends on timing shows it by differing between them.</summary>
    public const int Repetitions = 3;

    /// <summary>
    /// Repetitions before the counted ones, counted and dumped alike and their dumps not read: first-time paths, the
    /// stubs a call site settles into, and the profiler's own state at a zero settle in them.
    /// </summary>
    private const int WarmUpRepetitions = 1;

    /// <summary>The names of the warm-up dumps, which are not read.</summary>
    public const string WarmUpDumpPrefix = "w";

    /// <summary>
    /// Messages per repetition: few, since a count is exact; fewer still over 4 KiB, where the copies are most of the
    /// work. The high-water mark is the same number, so every repetition holds the same number of libzmq's "room
    /// again" messages (sent every half mark on tcp, every whole mark on inproc). Even, so that half a mark is whole.
    /// </summary>
    public static int MessagesPerRepetition(int messageSize) => messageSize <= 4096 ? 400 : 24;

    /// <summary>
    /// Whether code from this file is libzmq: a thread that runs any is one of the library's own (its I/O thread),
    /// unless it is the receiver or the sender.
    /// </summary>
    public static bool IsNativeLibrary(string objectPath) => Path.GetFileName(objectPath).StartsWith("libzmq", StringComparison.Ordinal);

    public static InstructionManifest Count(IReadOnlyList<CaseDefinition> cases, InjectionPlan? injection, InstructionMarks marks, Action<string> log)
    {
        var dumps = new List<CountedDump>();
        var uncounted = new List<UncountedCase>();
        var cell = 0;
        using var zero = InstructionMarks.Zero();
        marks.Start();
        foreach (var group in cases.GroupBy(c => (c.Driver, c.Cell)))
        {
            var driver = ZmqDrivers.Get(group.Key.Driver);
            var runnable = group.Where(c => driver.Availability.IsAvailable && driver.CannotRun(c) is null).ToList();
            uncounted.AddRange(group.Except(runnable).Select(c => new UncountedCase(c.Id, driver.CannotRun(c) ?? driver.Availability.Description)));
            if (runnable.Count == 0)
            {
                continue;
            }

            var counting = new CellCounting(marks, zero, cell++, MessagesPerRepetition(runnable[0].MessageSize));
            try
            {
                var before = OtherThreads.Now();
                using var workload = MessageWorkload.Open(runnable[0], WorkloadOptions.Measurement with { HighWaterMark = counting.Messages });
                counting.Carriers = OtherThreads.StartedSince(before, CarriesMessages);
                counting.NameThreads(workload);
                foreach (var definition in runnable)
                {
                    dumps.AddRange(counting.Count(workload, definition, injection, dumps.Count));
                }
            }
            catch (Exception e) when (e is WorkloadFaultException or TimeoutException)
            {
                uncounted.AddRange(runnable.Where(c => dumps.All(d => d.Case != c.Id)).Select(c => new UncountedCase(c.Id, e.Message)));
                log($"counting the instructions of {group.Key.Driver} {group.Key.Cell} failed: {e.Message}");
            }
        }

        log($"counted the instructions of {dumps.Select(d => d.Case).Distinct().Count()} cases ({Repetitions} repetitions each, after {WarmUpRepetitions})");
        return Manifest(cases, dumps, uncounted);
    }

    /// <summary>What the process counted, what it could not, what each subject ran, and on which CPU.</summary>
    private static InstructionManifest Manifest(IReadOnlyList<CaseDefinition> cases, List<CountedDump> dumps, List<UncountedCase> uncounted) =>
        new(dumps, uncounted, cases.Select(c => ZmqDrivers.Get(c.Driver)).Distinct().Where(d => d.Availability.Provenance is not null)
            .ToDictionary(d => d.Id.ToString(), d => d.Availability.Provenance!.Fingerprint, StringComparer.Ordinal))
        {
            Cpu = CountingCpu.Describe(),
        };

    /// <summary>One cell's counting: messages per repetition, and the tags its two threads dump under.</summary>
    private sealed class CellCounting(InstructionMarks marks, MarkText zero, int cell, int messages)
    {
        public int Messages => messages;

        /// <summary>
        /// The threads that carry this workload's messages (its library's I/O threads), what a repetition waits on.
        /// </summary>
        public IReadOnlySet<int> Carriers { get; set; } = new HashSet<int>();

        private string ReceiverTag { get; } = $"receiver-{cell}";

        private string SenderTag { get; } = $"sender-{cell}";

        /// <summary>
        /// The receiver (this thread) and the sender each dump their own thread alone: the files say which thread each
        /// is.
        /// </summary>
        public void NameThreads(MessageWorkload workload)
        {
            using var receiver = new MarkText(InstructionManifest.TagDumpName(ReceiverTag));
            using var sender = new MarkText(InstructionManifest.TagDumpName(SenderTag));
            marks.DumpOwn(receiver);
            workload.OnSenderThread(() => marks.DumpOwn(sender));
        }

        public List<CountedDump> Count(MessageWorkload workload, CaseDefinition definition, InjectionPlan? injection, int numbered)
        {
            workload.Use(definition, InjectedLoad.For(injection?.For(definition.Id)?.Countable));
            for (var warmUp = 0; warmUp < WarmUpRepetitions; warmUp++)
            {
                using var discarded = InstructionMarks.Dump($"{WarmUpDumpPrefix}{numbered}-{warmUp}");
                Repetition(workload, definition.Id, discarded);
            }

            var dumps = new List<CountedDump>();
            for (var repetition = 0; repetition < Repetitions; repetition++)
            {
                var name = $"d{numbered + repetition}";
                using var dump = InstructionMarks.Dump(name);
                Repetition(workload, definition.Id, dump);
                dumps.Add(new CountedDump(name, definition.Id, repetition, messages, ReceiverTag, SenderTag));
            }

            return dumps;
        }

        /// <summary>
        /// One repetition, every thread's counts zeroed before and dumped after. Every thread's allocation buffer
        /// starts afresh (a collection of the youngest generation, not counted), so that where a thread refills its
        /// buffer is the same in every repetition. The receiver stops counting itself while it waits for the sender and
        /// the transport (<see cref="OtherThreads.WaitUntilIdle"/>), and resumes to receive.
        /// </summary>
        private void Repetition(MessageWorkload workload, string caseId, MarkText dump)
        {
            GC.Collect(0, GCCollectionMode.Forced, blocking: true);
            marks.ZeroAll(zero);
            marks.ToggleOwn();
            var receiving = false;
            try
            {
                workload.RunInPhases(messages, () =>
                {
                    WaitUntilSent(caseId, Carriers);
                    marks.ToggleOwn();
                    receiving = true;
                });
            }
            finally
            {
                if (!receiving)
                {
                    marks.ToggleOwn();
                }

                marks.DumpAll(dump);
            }
        }
    }

    /// <summary>
    /// The threads that carry messages between sender and receiver and rest in a system call of their own: libzmq's I/O
    /// threads (<c>ZMQbg/IO/&lt;n&gt;</c>, in epoll_wait). NetMQ's (<c>iothread-&lt;n&gt;</c>) rest in a managed wait,
    /// a futex, which a thread queued for Valgrind's lock sits in too: they are judged at rest by their CPU clocks
    /// alone, which a busy machine can fool (NetMQ is counted only where PERF_DRIVERS names it).
    /// </summary>
    public static bool CarriesMessages(string threadName) => threadName.StartsWith("ZMQbg/IO", StringComparison.Ordinal);

    /// <summary>
    /// Until every other thread rests: the sender has returned, and the transport has queued everything at the
    /// receiver.
    /// </summary>
    private static void WaitUntilSent(string caseId, IReadOnlySet<int> carriers)
    {
        if (!OtherThreads.WaitUntilIdle(WorkloadOptions.Measurement.IdleTimeout, carriers))
        {
            throw new TimeoutException($"{caseId}: the process's threads did not come to rest within {WorkloadOptions.Measurement.IdleTimeout.TotalSeconds:0} s after the sending");
        }
    }
}
