using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Orchestration.Counting;

/// <summary>
/// The instruction pass, in an instruction process under callgrind, never timed: per driver and cell one workload; per
/// case a warm-up, then <see cref="Repetitions"/> repetitions of <see cref="MessagesPerRepetition"/> messages sent
/// whole then received whole (<see cref="MessageWorkload.RunInPhases"/>), every thread's counts zeroed before and
/// dumped after. The parent reads the dumps (<see cref="InstructionProfiles"/>): this process runs far slower.
/// </summary>
public static class InstructionCounting
{
    /// <summary>Three: a part whose count depends on timing shows it by differing between them.</summary>
    public const int Repetitions = 3;

    /// <summary>Counted and dumped but never read: first-time paths and call-site stubs settle in them.</summary>
    private const int WarmUpRepetitions = 1;

    public const string WarmUpDumpPrefix = "w";

    /// <summary>
    /// Few, since a count is exact; fewer over 4 KiB, where copies dominate. The high-water mark is the same, so every
    /// repetition holds the same number of "room again" messages; even, so that half a mark is whole.
    /// </summary>
    public static int MessagesPerRepetition(int messageSize) => messageSize <= 4096 ? 400 : 24;

    /// <summary>Whether the file is libzmq: a thread running it, bar receiver and sender, is an I/O thread.</summary>
    public static bool IsNativeLibrary(string objectPath) =>
        Path.GetFileName(objectPath).StartsWith("libzmq", StringComparison.Ordinal);

    public static InstructionManifest Count(IReadOnlyList<CaseDefinition> cases, InjectionPlan? injection,
        InstructionMarks marks, Action<string> log)
    {
        var dumps = new List<CountedDump>();
        var uncounted = new List<UncountedCase>();
        var cell = 0;
        using var zero = new MarkText("zero");
        marks.Start();
        foreach (var group in cases.GroupBy(c => (c.Driver, c.Cell)))
        {
            var driver = ZmqDrivers.Get(group.Key.Driver);
            var runnable = group.Where(c => driver.Availability.IsAvailable && driver.CannotRun(c) is null).ToList();
            uncounted.AddRange(group.Except(runnable)
                .Select(c => new UncountedCase(c.Id, driver.CannotRun(c) ?? driver.Availability.Description)));
            if (runnable.Count == 0)
                continue;

            var counting = new CellCounting(marks, zero, cell++, MessagesPerRepetition(runnable[0].MessageSize));
            try
            {
                counting.CountCell(runnable, injection, dumps);
            }
            catch (Exception e) when (e is WorkloadFaultException or TimeoutException)
            {
                uncounted.AddRange(runnable.Where(c => dumps.All(d => d.Case != c.Id))
                    .Select(c => new UncountedCase(c.Id, e.Message)));
                log($"counting the instructions of {group.Key.Driver} {group.Key.Cell} failed: {e.Message}");
            }
        }

        log($"counted the instructions of {dumps.Select(d => d.Case).Distinct().Count()} cases "
            + $"({Repetitions} repetitions each, after {WarmUpRepetitions})");
        return Manifest(cases, dumps, uncounted);
    }

    /// <summary>What the process counted, what it could not, what each subject ran, and on which CPU.</summary>
    private static InstructionManifest Manifest(IReadOnlyList<CaseDefinition> cases, List<CountedDump> dumps,
        List<UncountedCase> uncounted) =>
        new(dumps, uncounted, cases.Select(c => ZmqDrivers.Get(c.Driver)).Distinct()
            .Where(d => d.Availability.Provenance is not null)
            .ToDictionary(d => d.Id.ToString(), d => d.Availability.Provenance!.Fingerprint, StringComparer.Ordinal))
        {
            Cpu = CountingCpu.Describe(),
        };

    /// <summary>
    /// One cell's counting on one workload: messages per repetition, and the tags its two threads dump under.
    /// </summary>
    private sealed class CellCounting(InstructionMarks marks, MarkText zero, int cell, int messages)
    {
        private readonly string _receiverTag = $"receiver-{cell}";
        private readonly string _senderTag = $"sender-{cell}";

        /// <summary>This workload's library I/O threads, which a repetition waits on.</summary>
        private IReadOnlySet<int> _carriers = new HashSet<int>();

        /// <summary>Every case of the cell, each dump added to <paramref name="dumps"/>.</summary>
        public void CountCell(List<CaseDefinition> runnable, InjectionPlan? injection, List<CountedDump> dumps)
        {
            var before = OtherThreads.Now();
            using var workload = MessageWorkload.Open(
                runnable[0], WorkloadOptions.Measurement with { HighWaterMark = messages });
            _carriers = OtherThreads.StartedSince(before, CarriesMessages);
            // Receiver (this thread) and sender each dump their own thread alone, so files name it.
            using var receiver = new MarkText(InstructionManifest.TagDumpName(_receiverTag));
            using var sender = new MarkText(InstructionManifest.TagDumpName(_senderTag));
            marks.DumpOwn(receiver);
            workload.OnSenderThread(() => marks.DumpOwn(sender));
            foreach (var definition in runnable)
                Count(workload, definition, injection, dumps);
        }

        private void Count(
            MessageWorkload workload, CaseDefinition definition, InjectionPlan? injection, List<CountedDump> dumps)
        {
            workload.Use(definition, InjectedLoad.For(injection?.For(definition.Id)?.Countable));
            var numbered = dumps.Count;
            for (var warmUp = 0; warmUp < WarmUpRepetitions; warmUp++)
            {
                using var discarded = new MarkText($"dump {WarmUpDumpPrefix}{numbered}-{warmUp}");
                Repetition(workload, definition.Id, discarded);
            }

            // Added once all are counted: a case that fails part-way is uncounted, not short of repetitions.
            var counted = new List<CountedDump>();
            for (var repetition = 0; repetition < Repetitions; repetition++)
            {
                var name = $"d{numbered + repetition}";
                using var dump = new MarkText($"dump {name}");
                Repetition(workload, definition.Id, dump);
                counted.Add(new CountedDump(name, definition.Id, repetition, messages, _receiverTag, _senderTag));
            }

            dumps.AddRange(counted);
        }

        /// <summary>
        /// One repetition, every thread's counts zeroed before and dumped after; allocation buffers start afresh (an
        /// uncounted young-generation collection) so refills fall alike. The receiver stops counting itself while it
        /// waits until every other thread rests (<see cref="OtherThreads.WaitUntilIdle"/>): the sender returned,
        /// everything queued at the receiver.
        /// </summary>
        private void Repetition(MessageWorkload workload, string caseId, MarkText dump)
        {
            GC.Collect(0, GCCollectionMode.Forced, blocking: true);
            marks.Monitor(zero);
            marks.ToggleOwn();
            var receiving = false;
            try
            {
                workload.RunInPhases(messages, () =>
                {
                    if (!OtherThreads.WaitUntilIdle(WorkloadOptions.Measurement.IdleTimeout, _carriers))
                    {
                        throw new TimeoutException($"{caseId}: the process's threads did not come to rest within "
                            + $"{WorkloadOptions.Measurement.IdleTimeout.TotalSeconds:0} s after the sending");
                    }

                    marks.ToggleOwn();
                    receiving = true;
                });
            }
            finally
            {
                if (!receiving)
                    marks.ToggleOwn();

                marks.Monitor(dump);
            }
        }
    }

    /// <summary>
    /// Threads that carry messages and rest in a system call: libzmq's I/O threads (<c>ZMQbg/IO/&lt;n&gt;</c>).
    /// NetMQ's (<c>iothread-&lt;n&gt;</c>) rest in a futex: only CPU clocks say so, which a busy machine can fool.
    /// </summary>
    private static bool CarriesMessages(string threadName) =>
        threadName.StartsWith("ZMQbg/IO", StringComparison.Ordinal);
}
