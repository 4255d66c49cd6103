using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration;

/// <summary>What a run's report is made of, beyond its verdicts: the comparisons across drivers and the head and base it measured.</summary>
public static class PerfRunReport
{
    public static PerfRun Of(DateTimeOffset started, TimeSpan duration, MeasurementProfile sampling, MachineFingerprint machine,
        IReadOnlyList<SubjectRun> subjects, PerfRunSelection selection, IReadOnlyList<RunNote> notes)
    {
        var baseMeasured = subjects.Any(s => s.Subject == nameof(DriverId.NetZmqBase));
        return new PerfRun(started, duration, sampling, CaseCatalog.MessagesPerOperation, machine, subjects, selection.Absent,
            [.. baseMeasured ? [HeadOverBase] : Array.Empty<CrossSubjectComparison>(), BindingAndManagedAlternative],
            notes,
            PublishedClaims.Evaluate(subjects))
        {
            HeadlineSuite = nameof(Suite.ReceiveModes),
            HeadAndBase = baseMeasured
                ? new HeadAndBase(ZmqDrivers.Get(DriverId.NetZmq).Availability.Description, ZmqDrivers.Get(DriverId.NetZmqBase).Availability.Description,
                    ZmqDrivers.NetZmqLoadedFirstName, selection.NotComparable)
                : null,
        };
    }

    private static CrossSubjectComparison HeadOverBase { get; } = new("Head against base", nameof(DriverId.NetZmq), [nameof(DriverId.NetZmqBase)],
        "The head build of Net.Zmq (the change) over its base build, case by case, both measured in the same cells in alternating " +
        "operations: above 1.000 the head is slower (gated: see the first screen). – where the base did not run the case.");

    private static CrossSubjectComparison BindingAndManagedAlternative { get; } = new("Binding overhead, and against the managed alternative",
        nameof(DriverId.NetZmq), [nameof(DriverId.LibZmq), nameof(DriverId.NetMQ)],
        "Net.Zmq's time over libzmq's through the thinnest P/Invoke, on the same libzmq binary, case by case: what the " +
        "binding costs (1.00 is no overhead; gated against baselines/NetZmq.BindingOverhead.json). And over NetMQ's: below " +
        "1.00 Net.Zmq is faster, which is what a user choosing a binding reads. Both measured in alternating operations. " +
        "– where the other driver did not run the case.");
}
