using System.Globalization;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Sequence;

/// <summary>
/// What a run says besides its gates, each a note of its kind (<see cref="NoteKind"/>): tests and tools find notes by
/// kind, readers by text.
/// </summary>
internal static class PerfRunNotes
{
    /// <summary>What the run's settings changed (PERF_FILTER, PERF_INJECT), said before anything is measured.</summary>
    public static List<RunNote> OfSettings(PerfSettings settings)
    {
        var notes = new List<RunNote>();
        if (settings.Filter is not null)
        {
            notes.Add(new RunNote(NoteKind.Filter,
                $"PERF_FILTER={settings.Filter}: only matching cases (and their groups' reference cases) were measured; baseline entries of the others were not checked."));
        }

        if (settings.Injection is not null)
        {
            notes.Add(new RunNote(NoteKind.Injection,
                $"PERF_INJECT={settings.Injection}: deliberate regressions were injected into the matching cases" +
                (settings.InjectedProcesses is { } only ? $", in measuring process {string.Join(" and ", only.Order())} only (PERF_INJECT_PROCESSES)" : "") +
                "; gates failing there are the point."));
        }

        if (!settings.Timing)
        {
            notes.Add(new RunNote(NoteKind.CountedOnly, "PERF_TIMING=off: the cases were counted (native calls, " +
                "instructions), written to measured.json for build/bisect.sh; nothing was timed and no gate was judged."));
        }

        return notes;
    }

    /// <summary>What the run says when other processes took a share of the machine while cells were measured.</summary>
    public static IEnumerable<RunNote> Busy(IReadOnlyList<AnalyzedCase> analyzed)
    {
        var busy = analyzed.Where(c => GateEvaluator.IsBusy(c.Measurement)).ToList();
        if (busy.Count > 0)
        {
            yield return new RunNote(NoteKind.BusyMachine, string.Create(CultureInfo.InvariantCulture,
                $"The machine was busy while {busy.Count} of {analyzed.Count} cases were measured (other processes used up to " +
                $"{busy.Max(c => c.Measurement.NeighbourCpus):0.00} CPUs): their wall-time regressions are shown, not judged, and their CPU-time ratios are gated instead, on slowdowns beyond {GateEvaluator.BusyMachineRatioTolerance:P0}."));
        }
    }

    /// <summary>
    /// Per driver, how many of its blocking calls a signal interrupted during this run, each made again
    /// (<see cref="Interruptions"/>).
    /// </summary>
    public static IEnumerable<RunNote> Interrupted(Dictionary<DriverId, long> before) =>
        before.Select(b => (Driver: b.Key, Count: Interruptions.Count(b.Key) - b.Value))
            .Where(i => i.Count > 0)
            .Select(i => new RunNote(NoteKind.Interrupted,
                $"{i.Driver}: {i.Count} blocking call{(i.Count == 1 ? " was" : "s were")} interrupted by a signal (EINTR) and made again" +
                (i.Driver == DriverId.NetZmq
                    ? "; Net.Zmq throws a ZmqException on EINTR rather than making the call again, so a program that does not retry would have failed there."
                    : ".")));

    /// <summary>
    /// Every baseline file the run did not gate against, or could not read: an unreadable file fails the run (unless a
    /// suite's error or failing gate already names it), and one gated against nothing is said, with why.
    /// </summary>
    public static IEnumerable<RunNote> OfBaselineFiles(BaselineStore store, IReadOnlyList<GatedSuite> subjects, IReadOnlyList<AbsentSubject> absent, PerfSettings settings)
    {
        var unreadable = store.ProblemsInEveryFile()
            .Where(p => !subjects.Any(s => (s.Error is not null && s.BaselinePath == p.Shown) || s.Gates.Any(g => g.FailsRun && g.BaselineFile == p.Shown)))
            .Select(p => new RunNote(NoteKind.InvalidBaseline, $"Unreadable baseline file (fails the run): {p.Problem}") { Suite = p.Suite });
        var scope = $"profile {settings.Profile.Description}{(settings.Filter is null ? "" : $", PERF_FILTER={settings.Filter}")}";
        return [.. unreadable, .. store.Unchecked(subjects.Select(s => s.BaselinePath).ToHashSet(StringComparer.Ordinal), absent, scope)];
    }

    /// <summary>The buffer strategies a driver has no case of, each with the catalog's reason.</summary>
    public static IEnumerable<RunNote> StrategiesNotExpressed() =>
        CaseCatalog.StrategiesNotExpressed.Select(n => new RunNote(NoteKind.StrategyNotExpressed, $"{n.Driver} has no {n.Strategy} case: {n.Reason}."));
}
