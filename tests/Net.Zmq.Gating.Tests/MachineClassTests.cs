using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;
using static NetZmqTests.Gating.Tests.SampleMeasurements;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// What a run does with baselines of other kinds of machine: policy and allocation always, per-case time only on its
/// own class, suite means across classes where the file says they carry.
/// </summary>
public sealed class MachineClassTests
{
    private static GateResult Only(IEnumerable<GateResult> results, GateKind kind) =>
        Assert.Single(results, r => r.Id.Kind == kind && r.Case.Contains("/Poller/", StringComparison.Ordinal));

    [Fact]
    public void SameCpuKernelCoresGcAndPlacement_TimeIsJudgedOnTheOwnClass()
    {
        var here = SampleFingerprint.Machine with { OperatingSystem = "another distribution", Runtime = ".NET 10.0.99" };

        var basis = BaselineBasis.Choose(Baseline(), here);

        Assert.Equal(TimeJudgement.OwnClass, basis.Time);
        Assert.Null(basis.Why);
    }

    private static MachineFingerprint Differing(string differs)
    {
        var here = SampleFingerprint.Machine;
        return differs switch
        {
            "cpu" => here with { Cpu = "Another CPU" },
            "cores" => here with { Cores = 4 },
            "generation" => here with { CpuSignature = "family 25 model 1 stepping 1" },
            "kernel" => here with { Kernel = "Linux 6.1.0-27-cloud-amd64" },
            "gc" => here with { GarbageCollector = "Server, concurrent, latency Batch" },
            _ => here with { Placement = "free: every thread left to the scheduler" },
        };
    }

    [Theory]
    [InlineData("cpu")]
    [InlineData("cores")]
    [InlineData("generation")]
    [InlineData("kernel")]
    [InlineData("gc")]
    [InlineData("placement")]
    public void AnotherClassOfMachine_IsJudgedAcrossClasses_SayingWhichClassEach(string differs)
    {
        var there = Differing(differs);

        var basis = BaselineBasis.Choose(Baseline(), there);

        Assert.Equal(TimeJudgement.AcrossClasses, basis.Time);
        Assert.Equal(SampleFingerprint.Machine.Class, basis.Class.Key);
        Assert.Contains(there.Class, basis.Why, StringComparison.Ordinal);
        Assert.Contains(SampleFingerprint.Machine.Class, basis.Why, StringComparison.Ordinal);
    }

    /// <summary>
    /// A class recorded before the CPU generation and the kernel were keeps its name, and no machine of today is of it:
    /// the same model name on another VM platform ran 2-5 × slower and moved ratios beyond their gates.
    /// </summary>
    [Fact]
    public void AClassRecordedWithoutGenerationAndKernel_MatchesNoMachineThatHasThem()
    {
        var legacy = SampleFingerprint.Machine with { CpuSignature = null, Kernel = null };
        var file = Baseline().WithClass(c => c with { Fingerprint = c.Fingerprint with { Machine = legacy } });

        Assert.Equal("Sample CPU, 2 cores, Workstation GC, pinned threads", legacy.Class);
        Assert.Equal(TimeJudgement.AcrossClasses, BaselineBasis.Choose(file, SampleFingerprint.Machine).Time);
        Assert.Equal(TimeJudgement.OwnClass, BaselineBasis.Choose(file, legacy).Time);
    }

    /// <summary>A file with two measured classes judges each machine on its own, whichever comes first.</summary>
    [Fact]
    public void AFileWithTwoClasses_JudgesEachMachineOnItsOwn()
    {
        var other = Differing("cpu");
        var file = Baseline();
        file = file with { Classes = [.. file.Classes, file.Classes[0] with { Fingerprint = SampleFingerprint with { Machine = other } }] };

        Assert.Equal((TimeJudgement.OwnClass, SampleFingerprint.Machine.Class), Judged(BaselineBasis.Choose(file, SampleFingerprint.Machine)));
        Assert.Equal((TimeJudgement.OwnClass, other.Class), Judged(BaselineBasis.Choose(file, other)));
        Assert.Equal((TimeJudgement.AcrossClasses, SampleFingerprint.Machine.Class), Judged(BaselineBasis.Choose(file, Differing("cores"))));
    }

    private static (TimeJudgement, string) Judged(BaselineBasis basis) => (basis.Time, basis.Class.Key);

    /// <summary>
    /// A class one refresh added has no measured swing: its machine is judged across classes, against the first class
    /// with one, until it is adopted; with no measured class at all, against its own values, across.
    /// </summary>
    [Fact]
    public void AClassFromASingleRefresh_IsJudgedAcrossClasses_UntilAdopted()
    {
        var other = Differing("cpu");
        var refreshed = BaselineRefresh.Apply(Baseline(), Subject, Suite, Group(5e6, 5e6), SampleFingerprint with { Machine = other },
            new NewFileDefaults(new(0.05, 0.005, 1024), Policy.None, CrossClassRule.NotDeclared));

        var basis = BaselineBasis.Choose(refreshed, other);
        Assert.Equal((TimeJudgement.AcrossClasses, SampleFingerprint.Machine.Class), Judged(basis));
        Assert.Contains("from a single refresh", basis.Why, StringComparison.Ordinal);

        var unmeasured = Baseline().WithClass(c => c with { Runs = BaselineRuns.SingleRefresh });
        var alone = BaselineBasis.Choose(unmeasured, SampleFingerprint.Machine);
        Assert.Equal((TimeJudgement.AcrossClasses, SampleFingerprint.Machine.Class), Judged(alone));
        Assert.Contains("no class of this file has a measured run-to-run swing", alone.Why, StringComparison.Ordinal);
    }

    /// <summary>
    /// A case added since the adopted class was measured, refreshed on a machine judged across classes: its entry is in
    /// that machine's own class only, and it is judged against that entry (allocations; time shown, not applied),
    /// not failed for want of one. Without the refresh it still fails for want of an entry.
    /// </summary>
    [Fact]
    public void ACaseOnlyThisMachinesOwnClassHas_IsJudgedAgainstThatEntry_NotFailedForWantOfOne()
    {
        var other = Differing("cpu");
        var withoutPoller = Baseline().WithClass(c => c with
        {
            Cases = c.Cases.Where(e => !e.Key.Contains("/Poller/", StringComparison.Ordinal)).ToDictionary(e => e.Key, e => e.Value),
        });
        var refreshed = BaselineRefresh.Apply(withoutPoller, Subject, Suite, Group(5e6, 5e6), SampleFingerprint with { Machine = other },
            new NewFileDefaults(new(0.05, 0.005, 1024), Policy.None, CrossClassRule.NotDeclared));

        var judged = GateEvaluator.Evaluate(Group(5e6, 6e6, pollerBytes: 321_000), BaselineBasis.Choose(refreshed, other), BaselinePath);

        Assert.DoesNotContain(judged, r => r.Id.Kind == GateKind.BaselineEntry);
        Assert.Equal(GateVerdict.NotApplied, Only(judged, GateKind.TimeRegression).Verdict);
        Assert.Equal(GateVerdict.Fail, Only(judged, GateKind.AllocationRegression).Verdict);

        var unrefreshed = GateEvaluator.Evaluate(Group(5e6, 5e6), BaselineBasis.Choose(withoutPoller, other), BaselinePath);
        Assert.Equal(GateVerdict.Fail, Only(unrefreshed, GateKind.BaselineEntry).Verdict);
    }

    [Fact]
    public void TheFloorOnAnotherVersionOfItsLibrary_IsNotTimeGated_SayingWhichVersions()
    {
        var recorded = SampleFingerprint.Subject with { Version = "4.3.5" };
        var file = Baseline().WithClass(c => c with { Fingerprint = c.Fingerprint with { Subject = recorded } });

        Assert.Equal(TimeJudgement.OwnClass, BaselineBasis.Choose(file, SampleFingerprint.Machine, recorded with { Origin = "another folder" }).Time);
        var basis = BaselineBasis.Choose(file, SampleFingerprint.Machine, recorded with { Version = "4.3.4" });
        Assert.Equal(TimeJudgement.NotJudged, basis.Time);
        Assert.Equal("not applied: the baseline's time ratios were recorded on version 4.3.5 of the library; this run loads 4.3.4", basis.Why);
    }

    /// <summary>
    /// Poller 20 % slower and allocating 320 KB more: its time gates are shown but not applied, the rest fail as
    /// anywhere.
    /// </summary>
    [Fact]
    public void AgainstAnotherClass_TimeRegressionsAreShownNotApplied_PolicyAndAllocationStillFail()
    {
        var basis = BaselineBasis.Choose(Baseline(pollerRatio: 1.0), Differing("cores"));

        var results = GateEvaluator.Evaluate(Group(5e6, 6e6, pollerBytes: 321_000), basis, BaselinePath);

        var time = Only(results, GateKind.TimeRegression);
        Assert.Equal(GateVerdict.NotApplied, time.Verdict);
        Assert.False(time.FailsRun);
        Assert.StartsWith("not applied: the baseline has no values of this machine's class", time.Note, StringComparison.Ordinal);
        Assert.Contains("is not applied", time.Describe(), StringComparison.Ordinal);
        Assert.Equal(GateVerdict.Fail, Only(results, GateKind.RatioPolicy).Verdict);
        Assert.Equal(GateVerdict.Fail, Only(results, GateKind.AllocationRegression).Verdict);
    }

    /// <summary>
    /// Across classes an allocation bound widens by how far the case's bytes differ between the file's classes
    /// (timing-dependent allocation moves with the machine); on a machine's own class it does not.
    /// </summary>
    [Fact]
    public void AcrossClasses_AnAllocationBoundWidensByTheMoveBetweenTheFilesClasses_OnItsOwnClassItDoesNot()
    {
        var poller = Identity(Subject, "Poller").Id;
        var first = Baseline(pollerBytes: 1_000_000, tolerances: new Tolerances(0.10, BytesRelative: 0.01, BytesAbsolute: 0));
        var second = first.Classes[0] with
        {
            Fingerprint = first.Classes[0].Fingerprint with { Machine = Differing("cores") },
            Cases = new Dictionary<string, BaselineCase>(first.Classes[0].Cases) { [poller] = first.Classes[0].Cases[poller] with { BytesPerOperation = 1_030_000 } },
        };
        var file = first.WithClass(second);
        var measured = Group(5e6, 5e6, pollerBytes: 1_035_000);

        var across = Only(GateEvaluator.Evaluate(measured, BaselineBasis.Choose(file, Differing("gc")), BaselinePath), GateKind.AllocationRegression);
        var own = Only(GateEvaluator.Evaluate(measured, BaselineBasis.Choose(file, SampleFingerprint.Machine), BaselinePath), GateKind.AllocationRegression);

        Assert.Equal(GateVerdict.Pass, across.Verdict);
        Assert.Contains("+ 3.0 % between classes", across.Bound, StringComparison.Ordinal);
        Assert.Equal(GateVerdict.Fail, own.Verdict);
        Assert.DoesNotContain("between classes", own.Bound, StringComparison.Ordinal);
    }

    private static readonly string[] Sizes = ["64B", "512B", "1KiB", "64KiB"];

    private static IReadOnlyList<AnalyzedCase> FourGroups(double pollerRatio) =>
        SuiteAnalysis.Analyze([.. Sizes.SelectMany(g => new[]
        {
            Case("PureBlocking", 5e6, group: g), Case("Poller", 5e6 * pollerRatio, group: g),
        })]);

    private static BaselineFile FourGroupBaseline(CrossClassRule rule) =>
        BaselineFor(Subject, ("64B", 1.0), ("512B", 1.0), ("1KiB", 1.0), ("64KiB", 1.0)) with { CrossClass = rule };

    /// <summary>
    /// Across classes, a suite's mean is judged where the file says it carries, with the file's wider tolerance: a
    /// machine that moves the suite by 10 % passes a 15 % rule, a 25 % slowdown of the whole suite fails it, and a
    /// suite whose mean does not carry is shown, not applied, with the file's reason. No case is judged on its own.
    /// </summary>
    [Theory]
    [InlineData(1.10, 0.15, GateVerdict.Pass)]
    [InlineData(1.25, 0.15, GateVerdict.Fail)]
    [InlineData(1.25, null, GateVerdict.NotApplied)]
    public void AcrossClasses_TheSuiteMeanIsJudgedWithTheFilesRule_NoCaseOnItsOwn(double slower, double? tolerance, GateVerdict expected)
    {
        var file = FourGroupBaseline(new CrossClassRule(tolerance, "buffer copies cost differently per CPU"));
        var basis = BaselineBasis.Choose(file, Differing("cpu"));

        var results = GateEvaluator.Evaluate(FourGroups(slower), basis, BaselinePath);

        var aggregate = Assert.Single(results, r => r.Id.Kind == GateKind.Aggregate);
        Assert.Equal(expected, aggregate.Verdict);
        Assert.Contains(tolerance is null ? "—" : $"(crossClass 15 %, against the class {SampleFingerprint.Machine.Class})", aggregate.Bound, StringComparison.Ordinal);
        if (tolerance is null)
            Assert.Equal("not applied across machine classes: buffer copies cost differently per CPU", aggregate.Note);

        Assert.All(results.Where(r => r.Id.Kind == GateKind.TimeRegression), r => Assert.Equal(GateVerdict.NotApplied, r.Verdict));
    }

    /// <summary>
    /// Which gates a run has never depends on the machine: on its own class and on another, the same gates, only
    /// verdicts and bounds differ.
    /// </summary>
    [Fact]
    public void OnItsOwnClassAndOnAnother_ARunHasTheSameGates()
    {
        var file = FourGroupBaseline(new CrossClassRule(0.15, "measured"));

        var own = GateEvaluator.Evaluate(FourGroups(1.0), BaselineBasis.Choose(file, SampleFingerprint.Machine), BaselinePath);
        var across = GateEvaluator.Evaluate(FourGroups(1.0), BaselineBasis.Choose(file, Differing("cpu")), BaselinePath);

        Assert.Equal(own.Select(g => (g.Id, g.Gate, g.Case)), across.Select(g => (g.Id, g.Gate, g.Case)));
    }

    /// <summary>
    /// Beside a busy neighbour (one CPU taken by another process) the wall-time ratio moved 20 % and the CPU-time ratio
    /// did not: wall time is shown, not judged, and CPU time is gated instead, beyond the busy machine's coarser
    /// tolerance (a 20 % CPU-time slowdown passes there; 30 % fails).
    /// </summary>
    [Theory]
    [InlineData(7e6, GateVerdict.Pass)]
    [InlineData(8.4e6, GateVerdict.Pass)]
    [InlineData(9.1e6, GateVerdict.Fail)]
    public void OnABusyMachine_WallTimeIsShown_CpuTimeIsGated(double pollerCpu, GateVerdict cpuVerdict)
    {
        var cases = SuiteAnalysis.Analyze([
            Case("PureBlocking", 5e6) with { CpuNanosecondsPerOperation = Around(7e6), NeighbourCpus = 1.0 },
            Case("Poller", 6e6) with { CpuNanosecondsPerOperation = Around(pollerCpu), NeighbourCpus = 1.0 }]);
        var results = GateEvaluator.Evaluate(cases, BaselineBasis.OwnClassOf(BaselineWithPollerCpuRatio()), BaselinePath);

        var wall = Only(results, GateKind.TimeRegression);
        Assert.Equal(GateVerdict.NotApplied, wall.Verdict);
        Assert.StartsWith("not applied: the machine was busy (other processes used 1.00 CPUs while this cell was measured), so wall time is not judged and CPU time is",
            wall.Note, StringComparison.Ordinal);
        Assert.Equal(cpuVerdict, Only(results, GateKind.CpuTimeRegression).Verdict);
    }

    /// <summary>
    /// A case that sleeps between polls (NonBlocking) is judged in CPU time on a quiet machine too, at the normal
    /// tolerance: its wall time tripling with the system timer fails nothing (seen in an unchanged run: 2.0 → 3.1 ×
    /// PureBlocking, CPU time the same), a 30 % CPU-time slowdown of its own code fails, and it is not in the
    /// suite's wall-time aggregate.
    /// </summary>
    [Theory]
    [InlineData(7e6, GateVerdict.Pass)]
    [InlineData(9.1e6, GateVerdict.Fail)]
    public void SleepBoundCase_WallTimeIsShown_CpuTimeIsGated(double pollerCpu, GateVerdict cpuVerdict)
    {
        var cases = SuiteAnalysis.Analyze([
            Case("PureBlocking", 5e6) with { CpuNanosecondsPerOperation = Around(7e6) },
            Case("Poller", 15e6) with { CpuNanosecondsPerOperation = Around(pollerCpu), Case = Identity(Subject, "Poller") with { SleepBound = true } }]);
        var results = GateEvaluator.Evaluate(cases, BaselineBasis.OwnClassOf(BaselineWithPollerCpuRatio()), BaselinePath);

        var wall = Only(results, GateKind.TimeRegression);
        Assert.Equal(GateVerdict.NotApplied, wall.Verdict);
        Assert.StartsWith("not applied: this case sleeps between polls", wall.Note, StringComparison.Ordinal);
        Assert.Equal(cpuVerdict, Only(results, GateKind.CpuTimeRegression).Verdict);
    }

    /// <summary>The sample baseline, with Poller's CPU-time ratio recorded as 1.0 [0.98, 1.02].</summary>
    private static BaselineFile BaselineWithPollerCpuRatio()
    {
        var baseline = Baseline(pollerRatio: 1.0);
        var poller = Identity(Subject, "Poller").Id;
        return baseline.WithCase(poller, c => c with { CpuRatio = new RatioEstimate(1.0, 0.98, 1.02) });
    }

    [Fact]
    public void OnAQuietMachine_WallTimeIsJudged_AndCpuTimeOnlyWhereAsked()
    {
        var cases = SuiteAnalysis.Analyze([
            Case("PureBlocking", 5e6) with { CpuNanosecondsPerOperation = Around(7e6), NeighbourCpus = 0.02 },
            Case("Poller", 6e6) with { CpuNanosecondsPerOperation = Around(7e6), NeighbourCpus = 0.02 }]);

        var results = GateEvaluator.Evaluate(cases, BaselineBasis.OwnClassOf(Baseline(pollerRatio: 1.0)), BaselinePath);

        Assert.Equal(GateVerdict.Fail, Only(results, GateKind.TimeRegression).Verdict);
        // Shown, not judged: the same gates in a quiet run and a busy one, only the verdicts differ.
        Assert.Equal(GateVerdict.NotApplied, Only(results, GateKind.CpuTimeRegression).Verdict);
    }
}
