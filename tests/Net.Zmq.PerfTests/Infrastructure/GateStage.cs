using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// From measurements to verdicts: each subject's suites against their baselines (refreshing them first when
/// asked), the binding's overhead as a suite of its own, and the confirmation of failed time gates by measuring again.
/// </summary>
internal sealed class GateStage(BaselineStore store, MachineFingerprint machine, DateTimeOffset started, bool refreshing, List<string> notes)
{
    /// <summary>One subject's cases of one suite, judged against its file.</summary>
    public SubjectRun Judge(ZmqDriver driver, SuiteId suite, IReadOnlyList<AnalyzedCase> cases)
    {
        var subject = suite.Subject;
        var provenance = driver.Availability.Provenance
                         ?? throw new InvalidOperationException($"{subject} is available but does not say what it runs");
        var fingerprint = new Fingerprint(started, machine, new SubjectFingerprint(provenance.Version, provenance.Origin, provenance.NativeLibrary));
        var load = store.Load(suite, refreshing);
        SubjectRun Ungated(string error) =>
            new(subject, suite.Suite, driver.Availability.Description, fingerprint.Subject, cases, load.Shown, null, [], error);

        if (load.Error is not null)
        {
            return Ungated(load.Error);
        }

        var file = load.File;
        if (refreshing)
        {
            file = BaselineStore.Refresh(load, suite, cases, fingerprint);
            notes.Add($"Refreshed {load.Shown}: observed values of {cases.Count} cases on this machine's class; its tolerances, the policy and the file's other classes unchanged.");
        }

        if (file is null)
        {
            return Ungated($"{load.Shown} does not exist. Create it with: dotnet test --filter Category=Perf -- UpdateBaselines=true, then review it.");
        }

        var basis = Basis(suite, file, fingerprint.Subject);
        if (basis.Class.Fingerprint.Subject.Version != provenance.Version)
        {
            notes.Add($"{load.Shown} was recorded with {subject} {basis.Class.Fingerprint.Subject.Version}; this run measured {provenance.Version}. " +
                      "The gates still apply: they say whether this version regressed against that one.");
        }

        if (basis.Why is { } why)
        {
            notes.Add($"{load.Shown}: time regressions per case {why}. Policy and allocation gates apply (against {basis.Class.Key}).");
        }

        var unmeasured = basis.Class.Cases.Keys.Except(cases.Select(c => c.Case.Id), StringComparer.Ordinal).Order(StringComparer.Ordinal).ToList();
        if (unmeasured.Count > 0)
        {
            notes.Add($"{load.Shown}: {unmeasured.Count} baseline case{(unmeasured.Count == 1 ? " was" : "s were")} not measured in this run, so not checked: " +
                      string.Join(", ", unmeasured.Take(8)) + (unmeasured.Count > 8 ? ", …" : "") + ".");
        }

        var unbaselined = cases.Where(c => c.Case.Unbaselined is not null && !basis.Class.Cases.ContainsKey(c.Case.Id)).ToList();
        if (unbaselined.Count > 0)
        {
            notes.Add($"{load.Shown}: {unbaselined.Count} measured case{(unbaselined.Count == 1 ? " is" : "s are")} unbaselined by declaration " +
                      $"({unbaselined[0].Case.Unbaselined}): shown, judged by the policy alone; a refresh under this profile writes their entries.");
        }

        return new SubjectRun(subject, suite.Suite, driver.Availability.Description, fingerprint.Subject, cases, load.Shown, basis,
            SuiteDeclarations.Of(suite).Evaluate(cases, basis, load.Shown));
    }

    /// <summary>
    /// The head build's cases over the base build's, judged with no baseline file (<see cref="HeadAgainstBaseGates"/>):
    /// both were measured together, so nothing of the machine or the process is left to be judged against.
    /// </summary>
    public static SubjectRun JudgeAgainstBase(ZmqDriver head, IReadOnlyList<AnalyzedCase> compared)
    {
        var provenance = head.Availability.Provenance ?? throw new InvalidOperationException("Net.Zmq is available but does not say what it runs");
        return new SubjectRun(HeadAgainstBase.Suite.Subject, HeadAgainstBase.Suite.Suite, head.Availability.Description,
            new SubjectFingerprint(provenance.Version, provenance.Origin, provenance.NativeLibrary), compared, HeadAgainstBaseGates.Source, null,
            HeadAgainstBaseGates.Evaluate(compared, HeadAgainstBaseGates.Default))
        {
            ShowTables = false,
        };
    }

    /// <summary>
    /// The base build's own cases: shown in the tables, judged against no file (the base is what the head is judged
    /// against, in <see cref="JudgeAgainstBase"/>).
    /// </summary>
    public static SubjectRun Shown(ZmqDriver driver, SuiteId suite, IReadOnlyList<AnalyzedCase> cases)
    {
        var provenance = driver.Availability.Provenance ?? throw new InvalidOperationException($"{suite.Subject} is available but does not say what it runs");
        return new SubjectRun(suite.Subject, suite.Suite, driver.Availability.Description,
            new SubjectFingerprint(provenance.Version, provenance.Origin, provenance.NativeLibrary), cases, "none: the base is what the head is judged against", null, []);
    }

    /// <summary>
    /// Every failed time gate is judged again on a fresh measurement of its case and reference (and, for the binding
    /// overhead, of Net.Zmq's and the floor's case), taken after everything else: it fails only if it fails again.
    /// </summary>
    public static List<SubjectRun> Confirm(List<SubjectRun> subjects, Func<IReadOnlyList<CaseDefinition>, IReadOnlyList<AnalyzedCase>> measureAgain, Action<string> log)
    {
        var flagged = GateConfirmation.CasesToRemeasure(subjects.SelectMany(s => s.Gates));
        if (flagged.Count == 0)
        {
            return subjects;
        }

        var ids = flagged.SelectMany(id => HeadAgainstBase.MeasuredCases(id) ?? BindingOverhead.MeasuredCases(id))
            .Distinct(StringComparer.Ordinal).Select(CaseCatalog.Get).ToList();
        log($"measuring again, to confirm {flagged.Count} failed time gate case(s): {string.Join(", ", flagged)}");
        var again = measureAgain(PerfSelection.WithReferences(ids)).ToList();
        again.AddRange(BindingOverhead.Of(again) ?? []);
        again.AddRange(HeadAgainstBase.Of(again) ?? []);

        return subjects.Select(s =>
        {
            var fresh = again.Where(c => c.Case.SuiteId == s.SuiteId).ToList();
            if (fresh.Count == 0 || !s.Gates.Any(g => g.JudgesTime && g.FailsRun))
            {
                return s;
            }

            if (s.SuiteId == HeadAgainstBase.Suite)
            {
                return s with { Gates = GateConfirmation.Apply(s.Gates, HeadAgainstBaseGates.Evaluate(fresh, HeadAgainstBaseGates.Default)) };
            }

            if (s.Basis is null)
            {
                return s;
            }

            return s with { Gates = GateConfirmation.Apply(s.Gates, SuiteDeclarations.Of(s.SuiteId).Evaluate(fresh, s.Basis, s.BaselinePath)) };
        }).ToList();
    }

    /// <summary>
    /// What this suite is judged against: this machine's class of the file, or another (<see cref="BaselineBasis.Choose"/>),
    /// and for a suite whose time holds only on its recorded native library (<see cref="SuiteDeclaration.TimeOnlyOnTheRecordedVersion"/>) that version.
    /// </summary>
    private BaselineBasis Basis(SuiteId suite, BaselineFile file, SubjectFingerprint current) =>
        BaselineBasis.Choose(file, machine, SuiteDeclarations.Of(suite).TimeOnlyOnTheRecordedVersion ? current : null);
}
