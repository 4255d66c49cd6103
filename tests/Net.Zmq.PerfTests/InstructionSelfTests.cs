using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.PerfTests.Infrastructure;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.PerfTests;

/// <summary>
/// The instruction gates judged on a real instruction pass under Valgrind: a fixed loop injected into one case's
/// receive path (PERF_INJECT's <c>work</c>) fails that case's gate, naming the loop among the functions that grew, and
/// leaves every other case's instruction gate holding. Against the committed baselines (one driver: a pass costs half a
/// minute of Valgrind start-up), and head against base where a base build is measured.
/// </summary>
[Trait(TestCategories.Key, TestCategories.GateSelfTest)]
public sealed class InstructionSelfTests
{
    /// <summary>
    /// Turns of the injected loop per received message: some 200 instructions, a tenth of the receiver's.
    /// </summary>
    private const int Turns = 50;

    private static string Group(DriverId driver) => $"{driver}/ReceiveModes/RouterRouter/Tcp/*/ReusedBuffer/1KiB";

    private static string Target(DriverId driver) => $"{driver}/ReceiveModes/RouterRouter/Tcp/BlockingWithBatch/ReusedBuffer/1KiB";

    [Fact]
    public void WorkInjection_FailsTheInstructionGateAgainstTheBaseline_NamingTheLoop()
    {
        var driver = new[] { DriverId.NetZmq, DriverId.LibZmq, DriverId.NetMQ }.FirstOrDefault(d => ZmqDrivers.Get(d).Availability.IsAvailable);
        // NetMQ is counted only where it is named (PERF_DRIVERS): here it is.
        var run = Measure($"{driver}.instructions", Group(driver), InjectionPlan.Parse($"work:{Turns}@{Target(driver)}"), DriverSelection.Of(driver));
        Assert.SkipWhen(run.Instructions.Skipped is not null, $"instructions are not counted here: {run.Instructions.Skipped}");

        var gates = run.Gates.Where(g => g.Id.Kind == GateKind.InstructionsRegression).ToList();
        var target = Assert.Single(gates, g => g.Case == Target(driver));
        Assert.SkipWhen(target.Verdict == GateVerdict.NotApplied, $"{driver}'s instructions are shown, not judged, here: {target.Note}");
        Assert.Equal(GateVerdict.Fail, target.Verdict);
        Assert.Contains(target.FunctionChanges.Take(3), f => f.Contains("InjectedLoad::Work", StringComparison.Ordinal));
        Assert.DoesNotContain(gates, g => g != target && g.FailsRun);
    }

    [Fact]
    public void WorkInjection_FailsHeadAgainstBase_NamingTheLoop_AndNothingElse()
    {
        var availability = ZmqDrivers.Get(DriverId.NetZmqBase).Availability;
        Assert.SkipUnless(availability.IsAvailable, $"no base build is measured here: {availability.Description}");

        var run = Measure("head-against-base.instructions", Group(DriverId.NetZmq), InjectionPlan.Parse($"work:{Turns}@{Target(DriverId.NetZmq)}"),
            DriverSelection.Of(DriverId.NetZmq, DriverId.NetZmqBase));
        Assert.SkipWhen(run.Instructions.Skipped is not null, $"instructions are not counted here: {run.Instructions.Skipped}");

        var gates = run.Gates.Where(g => g.Id.Kind == GateKind.PairedInstructions).ToList();
        var failed = Assert.Single(gates, g => g.FailsRun);
        Assert.Equal(HeadAgainstBase.Paired.IdOf(CaseCatalog.Get(Target(DriverId.NetZmq))), failed.Case);
        Assert.Contains("receiver", failed.Measured, StringComparison.Ordinal);
        Assert.Contains(failed.FunctionChanges.Take(3), f => f.Contains("InjectedLoad::Work", StringComparison.Ordinal));
        Assert.Equal(gates.Count, run.Instructions.Cases.Count / 2);
    }

    /// <summary>
    /// The steadiness the gates rest on, on a real pass: one tcp group's cases counted in two instruction processes of
    /// their own, each case judged against itself from the other, holds every gate, judges every thread that worked,
    /// and finds each judged part within 0.2 % of itself.
    /// </summary>
    [Fact]
    public async Task TheSameCasesCountedTwice_HoldEveryGate_JudgingEveryThreadWithinATenthOfTheBound()
    {
        var available = new[] { DriverId.NetZmq, DriverId.LibZmq }.Where(d => ZmqDrivers.Get(d).Availability.IsAvailable).ToList();
        Assert.SkipWhen(available.Count == 0, $"no native driver runs here: {ZmqDrivers.Get(DriverId.LibZmq).Availability.Description}");
        var filter = new CaseFilter(Group(available[0]));
        var cases = CaseCatalog.All.Where(c => filter.Matches(c.Id)).ToList();
        var settings = new PerfSettings(MeasurementProfile.Quick, filter, null, UpdateBaselines: false,
            Path.Combine(Perf.Layout.PerfArtifactsDirectory, "self-test", "steadiness"), _ => null);
        // The two counts side by side: Valgrind runs a process's threads one at a time, and nothing is timed.
        var counts = await Task.WhenAll(Enumerable.Range(1, 2).Select(pass => Task.Run(() => Perf.Session.CountInstructions(cases, settings,
            Path.Combine(settings.ArtifactsDirectory, $"pass-{pass}"), TestLines.Output))));
        Assert.SkipWhen(counts[0].Skipped is not null, $"instructions are not counted here: {counts[0].Skipped}");

        var gates = cases.Select(c => InstructionRule.Evaluate(new GateId(GateKind.PairedInstructions, "second", "first"), counts[1].Of(c.Id)!, counts[0].Of(c.Id)!,
            Gating.Baselines.InstructionBaseline.NewFileBounds, "the first count", "self-test")).ToList();

        Assert.All(gates, g => Assert.Equal(GateVerdict.Pass, g.Verdict));
        Assert.All(gates.SelectMany(g => g.Parts), p => Assert.True(p.Judgement is PartJudgement.Steady or PartJudgement.ByFunction, $"{p.Part} {p.Judgement}"));
        Assert.All(gates.SelectMany(g => g.Parts), p => Assert.InRange(p.Growth, -0.002, 0.002));
    }

    private static Gating.Reporting.JudgedRun Measure(string name, string group, InjectionPlan injection, DriverSelection drivers) =>
        Perf.Measure(new PerfSettings(MeasurementProfile.Quick, new CaseFilter(group), injection, UpdateBaselines: false,
            Path.Combine(Perf.Layout.PerfArtifactsDirectory, "self-test", name), _ => null) { Drivers = drivers });
}
