using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Counting;

/// <summary>
/// The counts as gates, added once time gates are confirmed (a count needs none): each paired subject's native calls
/// (<see cref="CallCountRule"/>) and instructions (<see cref="InstructionRule"/>) against its reference's, counted in
/// the same run; and every counted case of a gated subject against its count baselines, on any machine.
/// </summary>
public sealed class CountGates(BaselineStore store, bool refreshing, string runtime)
{
    /// <summary>The suites with count gates added, and notes of count baselines refreshed or rewritten.</summary>
    public (List<GatedSuite> Suites, IReadOnlyList<RunNote> Notes) Attach(
        List<GatedSuite> subjects, RunCounts counts, RunInstructions instructions)
    {
        var baselines = new CountBaselineGates(store, refreshing, runtime, instructions.Cpu ?? "");
        var calls = counts.Cases.ToDictionary(c => c.Case, StringComparer.Ordinal);
        var counted = instructions.Cases.ToDictionary(c => c.Case, StringComparer.Ordinal);
        return ([.. subjects.Select(s =>
            DerivedSuites.Find(s.SuiteId) is { Judgement.ByTheReference: true } paired
                ? s with { Gates = [.. s.Gates, .. PairedCounts(paired, s, counts, calls, counted)] }
            : Enum.TryParse<DriverId>(s.Subject, out var driver) && DerivedSuites.ReferenceOnly(driver) is not null ? s
            : s with { Gates = [.. s.Gates, .. BaselineGates(baselines, s, counts, instructions)] })], baselines.Notes);
    }

    /// <summary>Notes where calls or instructions were not counted, or some cases failed being counted.</summary>
    public static IEnumerable<RunNote> Notes(RunCounts counts, RunInstructions instructions) =>
    [
        .. counts.Skipped is { } why ? [PerfRunNotes.CallsNotCounted(why)] : Array.Empty<RunNote>(),
        .. counts.Failures.Select(PerfRunNotes.CallsFailed),
        .. instructions.Skipped is { } reason ? [PerfRunNotes.InstructionsNotCounted(reason)] : Array.Empty<RunNote>(),
        .. instructions.Uncounted.GroupBy(u => u.Reason, StringComparer.Ordinal)
            .Select(group => PerfRunNotes.NotCountedUnderValgrind([.. group.Select(u => u.Case)], group.Key)),
    ];

    /// <summary>A suite's counted cases against its call and instruction baselines.</summary>
    private static IEnumerable<GateResult> BaselineGates(
        CountBaselineGates baselines, GatedSuite suite, RunCounts counts, RunInstructions instructions)
    {
        var calls = baselines.Judge(CountBaselineKinds.Calls, suite, counts.Cases,
            (file, c, shown) => file.For(c.Case) is { } entry
                ? CallCountRule.Evaluate(new GateId(GateKind.CallsRegression), c, entry.Reference, entry.Varying,
                    "the baseline", shown)
                : null);
        var sameLibrary = SuiteDeclarations.Of(suite.SuiteId).TimeOnlyOnTheRecordedVersion;
        var counted = baselines.Judge(CountBaselineKinds.Instructions, suite, instructions.Cases,
            (file, c, shown) => file.For(c.Case) is not { } reference ? null
                : file.CountedOn.WhyNotJudgedOn(baselines.CountedOn(suite), sameLibrary) is { } why
                    ? new GateResult(new GateId(GateKind.InstructionsRegression), c.Case,
                        $"{c.PerMessage(ThreadPart.Receiver):#,0} per message on the receiver",
                        "a count of the same runtime, CPU kind and library", GateVerdict.NotApplied, shown,
                        $"{why}; shown, not judged (a refresh here records this basis)")
                    : InstructionRule.Evaluate(new GateId(GateKind.InstructionsRegression), c, reference, file.Bounds,
                        "the baseline", shown));
        return [.. calls, .. counted];
    }

    /// <summary>
    /// Each paired case's subject calls no function more often per message than its reference, and its instructions
    /// grow against the reference's within a new baseline file's bounds (A/A runs).
    /// </summary>
    private static IEnumerable<GateResult> PairedCounts(PairedSuite paired, GatedSuite compared, RunCounts counts,
        Dictionary<string, CountedCase> calls, Dictionary<string, CountedInstructions> instructions)
    {
        var varying = RunCounts.VaryingIn(
            counts.Cases.Where(c => c.Case.StartsWith($"{paired.Reference}/", StringComparison.Ordinal)));
        var (callsId, instructionsId) = (PairedGates.Id(GateKind.PairedCalls, paired.Pairing),
            PairedGates.Id(GateKind.PairedInstructions, paired.Pairing));
        return
        [
            .. Pairs(paired, compared, calls).Select(p => CallCountRule.Evaluate(callsId,
                p.Subject with { Case = p.PairedId }, CallCountRule.Of(p.Reference), varying, paired.ReferenceName,
                paired.Pairing.BaselinePath)),
            .. Pairs(paired, compared, instructions).Select(p => InstructionRule.Evaluate(instructionsId,
                p.Subject with { Case = p.PairedId }, p.Reference, InstructionBaseline.NewFileBounds,
                paired.ReferenceName, paired.Pairing.BaselinePath)),
        ];
    }

    /// <summary>Every compared case counted for both subject and reference, with the paired case's id.</summary>
    private static IEnumerable<(T Subject, T Reference, string PairedId)> Pairs<T>(
        PairedSuite paired, GatedSuite compared, Dictionary<string, T> counted) =>
        compared.Cases.Select(c => (Ids: paired.MeasuredCases(c.Case.Id), PairedId: c.Case.Id))
            .Where(c => c.Ids is [var subject, var reference]
                && counted.ContainsKey(subject) && counted.ContainsKey(reference))
            .Select(c => (counted[c.Ids![0]], counted[c.Ids[1]], c.PairedId));
}
