using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Orchestration.Claims;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Sequence;

/// <summary>A run's report beyond its verdicts: cross-driver comparisons and the pair judged together.</summary>
internal static class PerfRunReport
{
    public static JudgedRun Of(
        DateTimeOffset started, TimeSpan duration, MeasurementPasses passes, MachineFingerprint machine,
        IReadOnlyList<GatedSuite> subjects, PerfRunSelection selection, IReadOnlyList<RunNote> notes)
    {
        // A paired suite judged against its reference build opens the comparisons, where its reference ran.
        var paired = DerivedSuites.All.FirstOrDefault(p =>
            p.Judgement.ByTheReference && subjects.Any(s => s.Subject == p.Reference.ToString()));
        return new JudgedRun(
            started, duration, passes.Sampling, CaseCatalog.MessagesPerOperation, machine, subjects, selection.Absent,
            [.. paired is null ? Array.Empty<CrossSubjectComparison>() : [Comparison(paired)],
                BindingAndManagedAlternative],
            // What no run measures is said in the report, not in every log.
            [.. notes, .. PerfRunNotes.StrategiesNotExpressed()],
            PublishedClaims.Evaluate(subjects))
        {
            HeadlineSuite = nameof(Suite.ReceiveModes),
            Processes = passes.Processes,
            Paired = paired is null
                ? null
                : new PairedBuilds(paired.Pairing, ZmqDrivers.Get(paired.Subject).Availability.Description,
                    ZmqDrivers.Get(paired.Reference).Availability.Description,
                    ZmqDrivers.NetZmqLoadedFirstName, selection.NotComparable),
        };
    }

    private static CrossSubjectComparison Comparison(PairedSuite paired) =>
        new(paired.Title, paired.Subject.ToString(), [paired.Reference.ToString()],
            $"{paired.Subject}'s cases over {paired.ReferenceName}'s same cases, " +
            "both measured in the same cells in alternating operations: " +
            $"above 1.000 {paired.Subject} is slower (gated: see the first screen). " +
            $"– where {paired.ReferenceName} did not run the case.");

    private static CrossSubjectComparison BindingAndManagedAlternative { get; } = new(
        "Binding overhead, and against the managed alternative",
        nameof(DriverId.NetZmq), [nameof(DriverId.LibZmq), nameof(DriverId.NetMQ)],
        "Net.Zmq's time over libzmq's through the thinnest P/Invoke, on the same libzmq binary, case by case: " +
        "what the binding costs (1.00 is no overhead; gated against baselines/NetZmq.BindingOverhead.json). " +
        "And over NetMQ's: below 1.00 Net.Zmq is faster, which is what a user choosing a binding reads. " +
        "Both measured in alternating operations. – where the other driver did not run the case.");
}
