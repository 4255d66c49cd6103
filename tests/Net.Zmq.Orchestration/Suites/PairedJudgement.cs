using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Suites;

/// <summary>How a paired suite's cases are judged: one home for what each way does, in a run and in explain.</summary>
/// <param name="ByTheReference">
/// Judged against a reference measured only for it, with no suite of its own (the merge gate): judged and compared
/// first, its pair's counts compared too; explain shows it after the file-judged.
/// </param>
/// <param name="Explain">
/// What explain says of a paired case, and the gates that judge it; the fourth argument judges it by the suite's file.
/// </param>
public sealed record PairedJudgement(bool ByTheReference,
    Func<PairedSuite, GateStage, IReadOnlyList<AnalyzedCase>, ConfirmableSuite> Judge,
    Func<PairedSuite, CaseDefinition, IReadOnlyList<AnalyzedCase>, Func<List<GateResult>>, Action<string>,
        List<GateResult>> Explain)
{
    /// <summary>Against the suite's own baseline file, by its <see cref="SuiteDeclaration"/>, like any suite.</summary>
    public static PairedJudgement AgainstItsBaselineFile { get; } = new(false,
        (paired, gates, cases) => gates.Judge(ZmqDrivers.Get(paired.Subject), paired.Suite, cases),
        (paired, subjectCase, _, againstItsFile, say) =>
        {
            var reference = subjectCase.On(paired.Reference);
            say($"{paired.Title} {paired.IdOf(subjectCase)}: measured where {paired.ReferenceName}'s same case is "
                + "(profiles: " + string.Join(", ", MeasurementProfile.All
                    .Where(p => PerfSelection.InProfile(p, reference)).Select(p => p.Name)) + ")");
            return againstItsFile();
        });

    /// <summary>Directly, with no file: the reference ran in the same cells (<see cref="PairedGates"/>).</summary>
    public static PairedJudgement AgainstTheReference { get; } = new(true,
        (paired, _, cases) => GateStage.Gated(paired.Suite, ZmqDrivers.Get(paired.Subject), cases,
            paired.Pairing.BaselinePath,
            measured => PairedGates.Evaluate(measured, paired.Pairing, PairedGates.Default), showTables: false),
        (paired, subjectCase, cases, _, say) =>
        {
            var pairedId = paired.IdOf(subjectCase);
            var gates = PairedGates.Evaluate(cases, paired.Pairing, PairedGates.Default)
                .Where(g => g.Case == pairedId).ToList();
            say($"{paired.Title} {pairedId} (measured beside {paired.ReferenceName} when one is given; "
                + "judged against it, no file):");
            gates.ForEach(g => say($"  {g.Id.Key,-36} {g.Gate}: {g.Bound}"));
            say($"  and {PairedGates.Id(GateKind.PairedAggregate, paired.Pairing).Name} "
                + "over every comparable case of the suite");
            return gates;
        });

    /// <summary>Measured and shown in the report, judged by no gate.</summary>
    public static PairedJudgement ShownOnly { get; } = new(false,
        (paired, _, cases) => GateStage.Gated(paired.Suite, ZmqDrivers.Get(paired.Subject), cases,
            $"none: {paired.Title} is shown, not gated"),
        (paired, subjectCase, _, _, say) =>
        {
            say($"{paired.Title} {paired.IdOf(subjectCase)}: over {paired.ReferenceName}'s same case, "
                + "shown in the report, not gated");
            return [];
        });
}
