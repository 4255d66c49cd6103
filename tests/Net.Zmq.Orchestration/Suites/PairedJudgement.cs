using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Suites;

/// <summary>How a paired suite's cases are judged: one home for what each way does, in a run and in explain.</summary>
public abstract class PairedJudgement
{
    /// <summary>Against the suite's own baseline file, by its <see cref="SuiteDeclaration"/>, like any suite.</summary>
    public static PairedJudgement AgainstItsBaselineFile { get; } = new AgainstFile();

    /// <summary>Directly, with no file: the reference ran in the same cells (<see cref="PairedGates"/>).</summary>
    public static PairedJudgement AgainstTheReference { get; } = new AgainstReference();

    /// <summary>Measured and shown in the report, judged by no gate.</summary>
    public static PairedJudgement ShownOnly { get; } = new Shown();

    /// <summary>
    /// Judged against a reference measured only for it, with no suite of its own (the merge gate): judged and
    /// compared first, its pair's counts compared too; explain shows it after the file-judged.
    /// </summary>
    public virtual bool ByTheReference => false;

    public abstract ConfirmableSuite Judge(PairedSuite paired, GateStage gates, IReadOnlyList<AnalyzedCase> cases);

    /// <summary>
    /// What explain says of a paired case, and the gates that judge it; <paramref name="againstItsFile"/> judges it
    /// by the suite's file.
    /// </summary>
    public abstract List<GateResult> Explain(PairedSuite paired, CaseDefinition subjectCase,
        IReadOnlyList<AnalyzedCase> cases, Func<List<GateResult>> againstItsFile, Action<string> say);

    private sealed class AgainstFile : PairedJudgement
    {
        public override ConfirmableSuite Judge(
            PairedSuite paired, GateStage gates, IReadOnlyList<AnalyzedCase> cases) =>
            gates.Judge(ZmqDrivers.Get(paired.Subject), paired.Suite, cases);

        public override List<GateResult> Explain(PairedSuite paired, CaseDefinition subjectCase,
            IReadOnlyList<AnalyzedCase> cases, Func<List<GateResult>> againstItsFile, Action<string> say)
        {
            var reference = subjectCase.On(paired.Reference);
            say($"{paired.Title} {paired.IdOf(subjectCase)}: measured where {paired.ReferenceName}'s same case is "
                + "(profiles: " + string.Join(", ", MeasurementProfile.All
                    .Where(p => PerfSelection.InProfile(p, reference)).Select(p => p.Name)) + ")");
            return againstItsFile();
        }
    }

    private sealed class AgainstReference : PairedJudgement
    {
        public override bool ByTheReference => true;

        public override ConfirmableSuite Judge(
            PairedSuite paired, GateStage gates, IReadOnlyList<AnalyzedCase> cases) =>
            GateStage.Gated(paired.Suite, ZmqDrivers.Get(paired.Subject), cases, paired.Pairing.BaselinePath,
                measured => PairedGates.Evaluate(measured, paired.Pairing, PairedGates.Default), showTables: false);

        public override List<GateResult> Explain(PairedSuite paired, CaseDefinition subjectCase,
            IReadOnlyList<AnalyzedCase> cases, Func<List<GateResult>> againstItsFile, Action<string> say)
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
        }
    }

    private sealed class Shown : PairedJudgement
    {
        public override ConfirmableSuite Judge(
            PairedSuite paired, GateStage gates, IReadOnlyList<AnalyzedCase> cases) =>
            GateStage.Gated(paired.Suite, ZmqDrivers.Get(paired.Subject), cases,
                $"none: {paired.Title} is shown, not gated");

        public override List<GateResult> Explain(PairedSuite paired, CaseDefinition subjectCase,
            IReadOnlyList<AnalyzedCase> cases, Func<List<GateResult>> againstItsFile, Action<string> say)
        {
            say($"{paired.Title} {paired.IdOf(subjectCase)}: over {paired.ReferenceName}'s same case, "
                + "shown in the report, not gated");
            return [];
        }
    }
}
