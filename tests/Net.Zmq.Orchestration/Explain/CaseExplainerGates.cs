using System.Globalization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Explain;

/// <summary>The gates that judge a case, from the gate code run on its baseline's values.</summary>
public sealed partial class CaseExplainer
{
    /// <summary>Every gate judging the case: its suite's, then those of paired suites it is the subject of.</summary>
    private List<GateResult> GatesOf(CaseDefinition c, CaseDefinition reference, Said said)
    {
        if (DerivedSuites.ReferenceOnly(c.Driver) is { } referenceOf)
        {
            said.Say($"Gates: none of its own; {referenceOf.Subject}'s same case is judged against it "
                + $"({referenceOf.Title}, no baseline file)");
            return [];
        }

        var gates = Judged(new SuiteId(c.Driver.ToString(), c.Suite.ToString()), c.Id, Synthetic(c, reference), said);
        // File-judged first, like its own suite: the explanation reads outward from files to the reference builds.
        foreach (var paired in DerivedSuites.All
                     .Where(p => p.Subject == c.Driver && CaseCatalog.IsKnownId(c.On(p.Reference).Id))
                     .OrderBy(p => p.Judgement.ByTheReference))
        {
            var both = Synthetic(c, reference)
                .Concat(Synthetic(c.On(paired.Reference), reference.On(paired.Reference)));
            var cases = paired.Of(SuiteAnalysis.Analyze([.. both.Select(a => a.Measurement)])) ?? [];
            gates.AddRange(paired.Judgement.Explain(paired, c, cases,
                () => Judged(paired.Suite, paired.IdOf(c), cases, said), said.Say));
        }

        return gates;
    }

    /// <summary>The case's gates in a suite, per class of its file, and its entry per class or why none.</summary>
    private List<GateResult> Judged(SuiteId suite, string caseId, IReadOnlyList<AnalyzedCase> cases, Said said)
    {
        var load = _store.Load(suite, refreshing: false);
        if (load.File is not { } file)
        {
            said.Problems.Add($"{load.Shown}: {load.Error ?? "does not exist"}");
            said.Say($"Baseline {load.Shown}: {load.Error ?? "does not exist"}");
            return [];
        }

        var judged = cases.Single(a => a.Case.Id == caseId);
        var first = file.Classes[0];
        var basis = new BaselineBasis(file, first, TimeJudgement.OwnClass, null);
        var gates = SuiteDeclarations.Of(suite).Evaluate(cases, basis, load.Shown)
            .Where(g => g.Case == caseId).ToList();
        said.Say($"Gates ({load.Shown}; bounds from the class \"{first.Key}\", on a machine of that class):");
        gates.ForEach(g => said.Say($"  {g.Id.Key,-36} {g.Gate}: {g.Bound}"
            + (g.Verdict == GateVerdict.NotApplied ? " (shown, not judged)" : "")));
        if (!judged.Case.IsReference && first.Cases.ContainsKey(caseId))
        {
            said.Say($"  and {new GateId(GateKind.Aggregate).Name} over the suite, "
                + $"where {AggregateRule.MinimumGroups} or more groups are measured");
        }

        SayEntries(file, load.Shown, judged.Case, said);
        return gates;
    }

    /// <summary>The case's entry in each class of its file, or why it has none (a missing one is a problem).</summary>
    private static void SayEntries(BaselineFile file, string shown, CaseIdentity c, Said said)
    {
        foreach (var machineClass in file.Classes)
        {
            var key = machineClass.Key;
            said.Say(machineClass.Cases.TryGetValue(c.Id, out var entry)
                ? string.Create(CultureInfo.InvariantCulture,
                    $"  entry, class \"{key}\": ratio {entry.Ratio:0.000} "
                    + $"[{entry.RatioLower:0.000}, {entry.RatioUpper:0.000}], "
                    + $"{entry.BytesPerOperation:0} B per operation, tolerance {entry.Tolerances.Ratio:P0}, "
                    + $"runs swing ±{entry.Tolerances.RunToRun:P1}")
                : c.Unbaselined is { } why
                    ? $"  no entry, class \"{key}\": unbaselined by declaration, {why}"
                    : $"  no entry, class \"{key}\": MISSING (a run measuring it fails its baseline/entry gate)");
            if (!machineClass.Cases.ContainsKey(c.Id) && c.Unbaselined is null)
                said.Problems.Add($"{shown}, class {key}: no entry for {c.Id}, and it is not declared unbaselined");
        }
    }

    /// <summary>
    /// The case and its reference measured alike (synthetic operations): every gate the case has shows up when its
    /// suite is judged on them, and no bound depends on what they measured (bounds come from the baseline and policy).
    /// </summary>
    private static IReadOnlyList<AnalyzedCase> Synthetic(CaseDefinition c, CaseDefinition reference) =>
        SuiteAnalysis.Analyze(
            [.. new[] { reference, c }.Distinct().Select(d => Measured(PerfCases.Identify(d), d.MessageSize))]);

    private static CaseMeasurement Measured(CaseIdentity identity, int messageSize)
    {
        const int operations = 12;
        double[] times = [.. Enumerable.Range(0, operations).Select(i => 1e7 * (1 + (0.001 * (i % 3))))];
        return new CaseMeasurement(identity, CaseCatalog.MessagesPerOperation, messageSize, times, 0, 0, 0, 0)
        {
            CpuNanosecondsPerOperation = times,
            PairingUnits = [.. Enumerable.Range(0, operations)],
            Blocks = [.. Enumerable.Range(0, operations).Select(i => i / 2)],
            ProcessBytesPerOperation = identity.Subject == nameof(DriverId.NetMQ) ? 0 : null,
        };
    }
}
