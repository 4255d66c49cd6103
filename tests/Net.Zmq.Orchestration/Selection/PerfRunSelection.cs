using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Selection;

/// <summary>
/// What one Perf run measures: the profile's, PERF_FILTER's and PERF_DRIVERS' cases of every available driver, the
/// base build's counterparts of the head's, and for every driver left out, why.
/// </summary>
/// <param name="Cases">Every case to measure, references included.</param>
/// <param name="NotComparable">The head's cases the base build cannot run, each with the reason.</param>
public sealed record PerfRunSelection(
    IReadOnlyList<CaseDefinition> Cases, IReadOnlyList<AbsentSubject> Absent,
    IReadOnlyList<NotComparable> NotComparable)
{
    /// <summary>The selection's notes: a reference not measured, the head's cases the base cannot run.</summary>
    public IReadOnlyList<RunNote> Notes { get; init; } = [];

    public static PerfRunSelection Of(PerfSettings settings, Action<string> log)
    {
        var notes = new List<RunNote>();
        var absent = new List<AbsentSubject>();
        var selected = new List<CaseDefinition>();
        var notComparable = new List<NotComparable>();
        var baseAvailable = DerivedSuites.All.Any(p =>
            p.Judgement.ByTheReference && ZmqDrivers.Get(p.Reference).Availability.IsAvailable);
        foreach (var driver in ZmqDrivers.All)
        {
            var why = !driver.Availability.IsAvailable
                ? driver.Availability.Description : settings.Drivers.WhyLeftOut(driver.Id, baseAvailable);
            if (why is not null)
            {
                absent.Add(new AbsentSubject(driver.Id.ToString(), why));
                log($"{driver.Id}: not measured: {why}");
                continue;
            }

            var cases = DerivedSuites.ReferenceOnly(driver.Id) is { } referenceOf
                ? ReferenceCases(referenceOf, driver, selected, notComparable, notes)
                : PerfSelection.Select(driver.Id, settings.Profile, settings.Filter);
            log(cases.Count == 0 ? $"{driver.Id}: no case matches PERF_FILTER={settings.Filter}"
                : $"{driver.Id}: measuring {cases.Count} cases ({driver.Availability.Description})");
            selected.AddRange(cases);
        }

        return new PerfRunSelection(selected, absent, notComparable) { Notes = notes };
    }

    /// <summary>Only <paramref name="shard"/>'s cells (<see cref="Shard.CellsOf"/>); a cell stays whole.</summary>
    public PerfRunSelection Of(Shard shard, MeasurementProfile profile)
    {
        var mine = shard.CellsOf(PerfCases.CellSeconds(Cases, profile));
        return this with { Cases = [.. Cases.Where(c => mine.Contains(c.Cell))] };
    }

    /// <summary>
    /// A reference-only subject's cases (the base build's): its pair's subject's, but those it cannot run (an API it
    /// lacks), noted.
    /// </summary>
    private static List<CaseDefinition> ReferenceCases(PairedSuite paired, ZmqDriver reference,
        IEnumerable<CaseDefinition> selected, List<NotComparable> notComparableCases, List<RunNote> notes)
    {
        var heads = selected.Where(c => c.Driver == paired.Subject).ToList();
        if (heads.Count == 0)
        {
            notes.Add(PerfRunNotes.ReferenceNotMeasured());
            return [];
        }

        var notComparable = heads.Select(c => (Case: c, Why: reference.CannotRun(c.On(paired.Reference))))
            .Where(c => c.Why is not null).ToList();
        notComparableCases.AddRange(
            notComparable.Select(c => new NotComparable(paired.IdOf(c.Case), c.Why!)));
        foreach (var reason in notComparable.GroupBy(c => c.Why!))
            notes.Add(PerfRunNotes.NotComparable([.. reason.Select(c => c.Case.Id)], reason.Key));

        return PerfSelection.WithReferences(
            heads.Except(notComparable.Select(c => c.Case)).Select(c => c.On(paired.Reference)).ToList());
    }
}
