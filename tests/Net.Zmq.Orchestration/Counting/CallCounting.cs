using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Orchestration.Counting;

/// <summary>Counts a run's cases' native calls in a counting process; fast tests hand in synthetic counts.</summary>
public delegate RunCounts CaseCounter(IReadOnlyList<CaseDefinition> cases);

/// <summary>
/// The counting pass, in a counting process (<see cref="NativeCallCounter.InCountingProcess"/>), never timed: per
/// driver and cell one workload; per case one uncounted repetition, then <see cref="Repetitions"/> of
/// <see cref="MessagesPerRepetition"/> messages, calls read from the driver's counter around each. A managed driver
/// (NetMQ) has no counter.
/// </summary>
public static class CallCounting
{
    /// <summary>Three: a call whose count depends on timing (polls, empty receives) differs between them.</summary>
    public const int Repetitions = 3;

    /// <summary>
    /// Enough that a once-per-batch call shows as a fraction, few enough that 64 KiB over tcp takes under a second.
    /// </summary>
    public const int MessagesPerRepetition = 1000;

    public static RunCounts Count(IReadOnlyList<CaseDefinition> cases, InjectionPlan? injection, Action<string> log)
    {
        if (NativeCallCounter.Unavailable is { } why)
            return RunCounts.None(why);

        var counted = new List<CountedCase>();
        var failures = new List<string>();
        foreach (var cell in cases.GroupBy(c => (c.Driver, c.Cell)))
        {
            var driver = ZmqDrivers.Get(cell.Key.Driver);
            var runnable = cell.Where(c => driver.Availability.IsAvailable && driver.CannotRun(c) is null).ToList();
            if (runnable.Count == 0 || NativeCallCounter.Of(cell.Key.Driver) is not { } counter)
                continue;

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

        log($"counted the native calls of {counted.Count} cases " +
            $"({Repetitions} × {MessagesPerRepetition:N0} messages each)");
        return new RunCounts(counted, null) { Failures = failures };
    }

    private static CountedCase CountCase(
        MessageWorkload workload, CaseDefinition definition, NativeCallCounter counter, InjectionPlan? injection)
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
