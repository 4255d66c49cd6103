using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.PerfTests.Infrastructure;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.PerfTests;

/// <summary>
/// Every suite's gates, one test per driver so that each driver passes, fails or is skipped (with its reason) on
/// its own line. All drivers are measured in one run, so their ratios come from the same conditions.
/// </summary>
[Trait(TestCategories.Key, TestCategories.Perf)]
public sealed class GateTests
{
    public static TheoryData<DriverId> Drivers => new(Enum.GetValues<DriverId>());

    /// <summary>
    /// Every checked-in baseline file reads, its driver measured here or not: a corrupt file (empty, truncated, of the
    /// wrong type, not UTF-8) of a driver this machine lacks would otherwise pass here and fail wherever it is
    /// measured. Reading changes nothing; the message names each file and field.
    /// </summary>
    [Fact]
    public void EveryBaselineFile_Reads()
    {
        var problems = new BaselineStore(Perf.Layout).ProblemsInEveryFile();

        Assert.True(problems.Count == 0, $"{problems.Count} baseline file{(problems.Count == 1 ? "" : "s")} cannot be read (left as they are):\n" +
            string.Join("\n", problems.Select(p => p.Problem)));
    }

    [Theory]
    [MemberData(nameof(Drivers))]
    public void Driver_MeetsEveryGate(DriverId driver)
    {
        var availability = ZmqDrivers.Get(driver).Availability;
        var referenceOf = DerivedSuites.ReferenceOnly(driver);
        Assert.SkipUnless(availability.IsAvailable, referenceOf is not null
            ? $"no base build of Net.Zmq here, so no head ÷ base was gated: {availability.Description}"
            : $"{driver} is not measured here, so its baselines (baselines/{driver}.*.json) were not checked: {availability.Description}");

        var run = Perf.Run();
        var countedOnly = run.Notes.FirstOrDefault(n => n.Kind == NoteKind.CountedOnly);
        Assert.SkipWhen(countedOnly is not null, countedOnly?.Text ?? "");
        foreach (var note in run.Notes.Where(n => n.Kind == NoteKind.NotChecked && n.Suite?.Subject == driver.ToString()))
            TestContext.Current.TestOutputHelper!.WriteLine(note.Text);

        // The base build is judged only through the head's cases over its own (head ÷ base), which are its row here;
        // the head's row has the head's own suites.
        var suites = run.Subjects.Where(s => referenceOf is not null
            ? s.SuiteId == referenceOf.Suite
            : s.Subject == driver.ToString() && DerivedSuites.Find(s.SuiteId) is not { Judgement.ByTheReference: true })
            .ToList();
        Assert.SkipWhen(suites.Count == 0, run.Absent.FirstOrDefault(a => a.Subject == driver.ToString()) is { } absent
            ? $"{driver} was not measured: {absent.Reason}"
            : run.Notes.Any(n => n.Kind == NoteKind.Shard)
                ? $"{driver}: no case of this shard ({Shard.Variable}); the merge judges the whole run"
                : $"{driver}: no case matches PERF_FILTER in this run");
        var errors = suites.Where(s => s.Error is not null).Select(s => $"{s.Suite}: {s.Error}").ToList();
        Assert.True(errors.Count == 0, $"{driver} could not be gated:\n" + string.Join("\n", errors));

        var gates = suites.SelectMany(s => s.Gates).ToList();
        foreach (var accepted in gates.Where(g => g.Verdict == GateVerdict.KnownViolation))
            TestContext.Current.TestOutputHelper!.WriteLine(accepted.Describe());

        var failures = gates.Where(g => g.FailsRun).ToList();
        Assert.True(failures.Count == 0,
            $"{failures.Count} of {gates.Count} {driver} gates fail (report: artifacts/perf/report.md):\n" +
            string.Join("\n", failures.Select(f => f.Describe())));
    }
}
