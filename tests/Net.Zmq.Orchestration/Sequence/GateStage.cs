using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Sequence;

/// <summary>
/// One suite as judged, and how to judge it again on a fresh measurement (<see cref="GateStage.Confirm"/>); null where
/// nothing it judges is measured again.
/// </summary>
public sealed record ConfirmableSuite(
    GatedSuite Run, Func<IReadOnlyList<AnalyzedCase>, IReadOnlyList<GateResult>>? JudgeAgain);

/// <summary>
/// From measurements to verdicts: each subject's suites against their baselines (refreshing them first when
/// asked), the binding's overhead as a suite of its own, and the confirmation of failed time gates by measuring again.
/// </summary>
public sealed class GateStage(BaselineStore store, MachineFingerprint machine, DateTimeOffset started, bool refreshing)
{
    private readonly List<RunNote> _notes = [];

    /// <summary>What judging said beside its verdicts (a refreshed file, a class adopted), in order.</summary>
    public IReadOnlyList<RunNote> Notes => _notes;

    /// <summary>One subject's cases of one suite, judged against its file as the suite's declaration says.</summary>
    public ConfirmableSuite Judge(ZmqDriver driver, SuiteId suite, IReadOnlyList<AnalyzedCase> cases)
    {
        var declaration = SuiteDeclarations.Of(suite);
        var provenance = ProvenanceOf(driver);
        var fingerprint = new Fingerprint(started, machine, provenance.Fingerprint);
        var load = store.Load(suite, refreshing);
        ConfirmableSuite Ungated(string error) =>
            Gated(suite, driver, cases, load.Shown, error: error, showTables: declaration.HasTables);

        if (load.Error is not null)
            return Ungated(load.Error);

        var file = load.File;
        if (refreshing)
        {
            file = store.Refresh(load, suite, cases, fingerprint);
            _notes.Add(PerfRunNotes.Refreshed(suite, load.Shown, cases.Count));
        }

        if (file is null)
            return Ungated($"{BaselineCommands.Missing(load.Shown)}.");

        var basis = BaselineBasis.Choose(
            file, machine, declaration.TimeOnlyOnTheRecordedVersion ? fingerprint.Subject : null);
        NoteWhatTheBasisLeavesOut(suite, load.Shown, basis, provenance.Version, cases);
        return Gated(suite, driver, cases, load.Shown, measured => declaration.Evaluate(measured, basis, load.Shown),
            basis, showTables: declaration.HasTables);
    }

    /// <summary>
    /// A suite as gated, with what <paramref name="driver"/> says it runs: judged by <paramref name="evaluate"/> (again
    /// on a fresh measurement), or by nothing.
    /// </summary>
    internal static ConfirmableSuite Gated(SuiteId suite, ZmqDriver driver, IReadOnlyList<AnalyzedCase> cases,
        string baseline, Func<IReadOnlyList<AnalyzedCase>, IReadOnlyList<GateResult>>? evaluate = null,
        BaselineBasis? basis = null, string? error = null, bool showTables = true) =>
        new(new(suite.Subject, suite.Suite, driver.Availability.Description, ProvenanceOf(driver).Fingerprint, cases,
            baseline, basis, evaluate?.Invoke(cases) ?? [], error) { ShowTables = showTables }, evaluate);

    /// <summary>
    /// What the suite's judgement leaves out, said as notes: another version recorded, time not judged per case on this
    /// class, baseline cases not measured, measured cases unbaselined by declaration.
    /// </summary>
    private void NoteWhatTheBasisLeavesOut(SuiteId suite, string shown, BaselineBasis basis, string measuredVersion,
        IReadOnlyList<AnalyzedCase> cases)
    {
        var recorded = basis.Class.Fingerprint.Subject.Version;
        if (recorded != measuredVersion)
            _notes.Add(PerfRunNotes.OtherVersion(suite, shown, recorded, measuredVersion));

        if (basis.Why is { } why)
            _notes.Add(PerfRunNotes.TimeNotJudged(suite, shown, why, basis.Class.Key));

        var unmeasured = basis.Class.Cases.Keys.Except(cases.Select(c => c.Case.Id), StringComparer.Ordinal)
            .Order(StringComparer.Ordinal).ToList();
        if (unmeasured.Count > 0)
            _notes.Add(PerfRunNotes.BaselineCasesNotMeasured(suite, shown, unmeasured));

        var unbaselined = cases
            .Where(c => c.Case.Unbaselined is not null && !basis.Class.Cases.ContainsKey(c.Case.Id)).ToList();
        if (unbaselined.Count > 0)
            _notes.Add(PerfRunNotes.Unbaselined(suite, shown, unbaselined.Count, unbaselined[0].Case.Unbaselined!));
    }

    private static DriverProvenance ProvenanceOf(ZmqDriver driver) =>
        driver.Availability.Provenance
        ?? throw new InvalidOperationException($"{driver.Id} is available but does not say what it runs");

    /// <summary>
    /// Every failed time gate judged again on a fresh measurement of its cases (a derived case's two included), taken
    /// last: it fails only if it fails again, judged with <paramref name="onBothPasses"/> on both measurements.
    /// </summary>
    public static List<GatedSuite> Confirm(IReadOnlyList<ConfirmableSuite> suites,
        Func<IReadOnlyList<CaseDefinition>, IReadOnlyList<AnalyzedCase>> measureAgain, bool onBothPasses,
        Action<string> log)
    {
        var flagged = GateConfirmation.CasesToRemeasure(suites.SelectMany(s => s.Run.Gates));
        if (flagged.Count == 0)
            return [.. suites.Select(s => s.Run)];

        var ids = flagged.SelectMany(DerivedSuites.MeasuredCases)
            .Distinct(StringComparer.Ordinal).Select(CaseCatalog.Get).ToList();
        var together = onBothPasses ? ", judged on both passes together" : "";
        log($"measuring again, to confirm {flagged.Count} failed time gate case(s){together}: "
            + string.Join(", ", flagged));
        var again = measureAgain(PerfSelection.WithReferences(ids)).ToList();
        again.AddRange(DerivedSuites.Of(again));

        return [.. suites.Select(s =>
        {
            var fresh = again.Where(c => c.Case.SuiteId == s.Run.SuiteId).ToList();
            return fresh.Count == 0 || s.JudgeAgain is null || !s.Run.Gates.Any(g => g.JudgesTime && g.FailsRun)
                ? s.Run
                : s.Run with { Gates = GateConfirmation.Apply(s.Run.Gates, s.JudgeAgain(fresh), onBothPasses) };
        })];
    }
}
