using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Orchestration.Counting;

/// <summary>
/// Counts the native calls of a run's cases (in a counting process of its own, which the Perf run starts); the fast
/// tests hand in synthetic counts.
/// </summary>
public delegate RunCounts CaseCounter(IReadOnlyList<CaseDefinition> cases);

/// <summary>
/// The counting pass, run in a counting process (<see cref="NativeCallCounter.InCountingProcess"/>), never timed: per
/// driver and cell one workload, on which each case runs <see cref="Repetitions"/> repetitions of
/// <see cref="MessagesPerRepetition"/> messages after one that is not counted (lazy set-up, first-time paths), each
/// repetition's calls read from the driver's counter before and after. A managed driver (NetMQ) has no counter: its
/// cases are not counted.
/// </summary>
public static class CallCounting
{
    /// <summary>
    /// Three: a call whose count depends on timing shows it by differing between them (seen: polls, receives that find
    /// nothing).
    /// </summary>
    public const int Repetitions = 3;

    /// <summary>
    /// Enough that a call made once per batch or per operation shows as a fraction, few enough that 64 KiB over tcp
    /// takes a fraction of a second.
    /// </summary>
    public const int MessagesPerRepetition = 1000;

    public static RunCounts Count(IReadOnlyList<CaseDefinition> cases, InjectionPlan? injection, Action<string> log)
    {
        if (NativeCallCounter.Unavailable is { } why)
        {
            return RunCounts.None(why);
        }

        var counted = new List<CountedCase>();
        var failures = new List<string>();
        foreach (var cell in cases.GroupBy(c => (c.Driver, c.Cell)))
        {
            var driver = ZmqDrivers.Get(cell.Key.Driver);
            var runnable = cell.Where(c => driver.Availability.IsAvailable && driver.CannotRun(c) is null).ToList();
            if (runnable.Count == 0 || NativeCallCounter.Of(cell.Key.Driver) is not { } counter)
            {
                continue;
            }

            try
            {
                using var workload = MessageWorkload.Open(runnable[0], WorkloadOptions.Measurement);
                counted.AddRange(runnable.Select(c => CountCase(workload, c, counter, injection)));
            }
            catch (WorkloadFaultException e)
            {
                failures.Add(e.Message);
                log($"counting {cell.Key.Driver} {cell.Key.Cell} failed: {e.Message}");
            }
        }

        log($"counted the native calls of {counted.Count} cases ({Repetitions} × {MessagesPerRepetition:N0} messages each)");
        return new RunCounts(counted, null) { Failures = failures };
    }

    private static CountedCase CountCase(MessageWorkload workload, CaseDefinition definition, NativeCallCounter counter, InjectionPlan? injection)
    {
        workload.Use(definition, InjectedLoad.For(injection?.For(definition.Id)));
        workload.Settle(MessagesPerRepetition);
        var repetitions = new List<IReadOnlyDictionary<string, long>>();
        for (var repetition = 0; repetition < Repetitions; repetition++)
        {
            var before = counter.Read();
            workload.Settle(MessagesPerRepetition);
            repetitions.Add(counter.Between(before, counter.Read()));
        }

        return new CountedCase(definition.Id, MessagesPerRepetition, repetitions);
    }
}
