using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Counting;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>
/// The run's sequence end to end (select, measure, judge, measure again, report) with a fake measurer in place of
/// BenchmarkDotNet, on a copy of the baselines: NetMQ's receive modes at 1 KiB, its file made by a refresh.
/// </summary>
public sealed class PerfRunSequenceTests : IDisposable
{
    private const string Group = "NetMQ/ReceiveModes/RouterRouter/Tcp/*/ReusedBuffer/1KiB";
    private const string Target = "NetMQ/ReceiveModes/RouterRouter/Tcp/BlockingWithBatch/ReusedBuffer/1KiB";
    private const string Reference = "NetMQ/ReceiveModes/RouterRouter/Tcp/PureBlocking/ReusedBuffer/1KiB";
    private static readonly SuiteId Suite = new("NetMQ", "ReceiveModes");

    private readonly string _root = Directory.CreateTempSubdirectory("nzt-sequence-").FullName;
    private readonly SourceLayout _layout;

    public PerfRunSequenceTests()
    {
        _layout = new SourceLayout(_root, _root);
        var checkedIn = SourceLayout.Of(typeof(PerfRunSequenceTests).Assembly).BaselinesDirectory;
        Directory.CreateDirectory(_layout.BaselinesDirectory);
        foreach (var file in Directory.EnumerateFiles(checkedIn, "*.json").Where(f => Path.GetFileName(f) != Suite.FileName))
            File.Copy(file, Path.Combine(_layout.BaselinesDirectory, Path.GetFileName(file)));
    }

    private string SuiteFile => Path.Combine(_layout.BaselinesDirectory, Suite.FileName);

    [Fact]
    public void ARefresh_WritesTheFile_ThenAnUnchangedRun_JudgesEveryCase_PassesAndSaysWhatItDidNotCheck()
    {
        var refresh = Run(new FakeMeasurer((_, _) => 1.0), refresh: true);
        Assert.True(File.Exists(SuiteFile));
        Assert.Contains(refresh.Notes, n => n.Kind == NoteKind.Refreshed && n.Suite == Suite);
        MarkSwingMeasured();

        var measurer = new FakeMeasurer((_, _) => 1.0);
        var run = Run(measurer);

        Assert.Single(measurer.Calls);
        Assert.Equal(4, measurer.Calls[0].Count);
        var time = Assert.Single(run.Gates, g => g.Case == Target && g.Id.Kind == GateKind.TimeRegression);
        Assert.Equal(GateVerdict.Pass, time.Verdict);
        Assert.Contains(run.Gates, g => g.Id.Kind == GateKind.RatioPolicy);
        Assert.DoesNotContain(run.Gates, g => g.FailsRun);
        Assert.Contains(run.Notes, n => n.Kind == NoteKind.Filter);
        Assert.Contains(run.Notes, n => n.Kind == NoteKind.NotChecked && n.Suite == new SuiteId("NetMQ", "Patterns"));
        Assert.DoesNotContain(run.Notes, n => n.Kind == NoteKind.NotChecked && n.Suite == Suite);
        Assert.DoesNotContain(run.Notes, n => n.Kind == NoteKind.InvalidBaseline);
        Assert.Equal(ReportRenderer.Render(run), File.ReadAllText(Path.Combine(_root, "artifacts", ReportFiles.ReportName)));
    }

    /// <summary>
    /// A PERF_INJECT entry that matches no measured case (here a mistyped suite) stops the run before anything is
    /// measured, naming the entry: a deliberate regression that was never injected must not pass as "caught nothing".
    /// </summary>
    [Fact]
    public void AnInjectionMatchingNoMeasuredCase_StopsTheRun_NamingTheEntry()
    {
        var measurer = new FakeMeasurer((_, _) => 1.0);
        var plan = InjectionPlan.Parse($"delay:10%@{Target};alloc:64@NetMQ/BindingOverhead/*");

        var error = Assert.Throws<InvalidOperationException>(() => Run(measurer, injection: plan));

        Assert.Contains("'@NetMQ/BindingOverhead/*' matches none of the 4 cases this run measures", error.Message,
            StringComparison.Ordinal);
        Assert.DoesNotContain($"'@{Target}'", error.Message, StringComparison.Ordinal);
        Assert.Empty(measurer.Calls);
    }

    /// <summary>
    /// A time gate failed on the first pass is measured again, its case with its reference only, and fails only if it
    /// fails again.
    /// </summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void AFailedTimeGate_IsMeasuredAgain_AndFailsOnlyIfTheSlowdownReproduces(bool reproduces)
    {
        Run(new FakeMeasurer((_, _) => 1.0), refresh: true);
        MarkSwingMeasured();
        var measurer = new FakeMeasurer((id, call) => id == Target && (call == 0 || reproduces) ? 1.3 : 1.0);

        var run = Run(measurer);

        Assert.Equal(2, measurer.Calls.Count);
        Assert.Equal([Target, Reference], measurer.Calls[1].Order(StringComparer.Ordinal));
        var time = Assert.Single(run.Gates, g => g.Case == Target && g.Id.Kind == GateKind.TimeRegression);
        Assert.Equal(reproduces, time.FailsRun);
        Assert.Contains(reproduces ? "reproduced when measured again: first measured" : "not reproduced when measured again", time.Note, StringComparison.Ordinal);
        Assert.All(run.Gates.Where(g => g.Case != Target && g.Id.Kind != GateKind.Aggregate), g => Assert.False(g.FailsRun, g.Describe()));
    }

    [Fact]
    public void ARefreshUnderCi_IsRefusedBeforeAnythingIsMeasured()
    {
        var measurer = new FakeMeasurer((_, _) => 1.0);

        var refusal = Assert.Throws<InvalidOperationException>(() => Run(measurer, refresh: true, name => name == "CI" ? "true" : null));

        Assert.Contains("UpdateBaselines=true is refused because CI is set", refusal.Message, StringComparison.Ordinal);
        Assert.Empty(measurer.Calls);
        Assert.False(File.Exists(SuiteFile));
    }

    /// <summary>
    /// A baseline file the run could not read is named once, as its suite's error, not again among the notes; a corrupt
    /// file of a suite not measured fails the report's verdict as well, listed with the failing gates and not also as
    /// unchecked.
    /// </summary>
    [Fact]
    public void ACorruptFileOfAMeasuredSuite_IsItsSuitesError_AndAnotherOne_FailsTheVerdictOnce()
    {
        File.WriteAllText(SuiteFile, "");
        File.WriteAllText(Path.Combine(_layout.BaselinesDirectory, "NetMQ.Patterns.json"), "{");

        var run = Run(new FakeMeasurer((_, _) => 1.0));

        var suite = Assert.Single(run.Subjects, s => s.SuiteId == Suite);
        Assert.Contains("the file is empty", suite.Error, StringComparison.Ordinal);
        var invalid = Assert.Single(run.Notes, n => n.Kind == NoteKind.InvalidBaseline);
        Assert.Equal(new SuiteId("NetMQ", "Patterns"), invalid.Suite);
        Assert.DoesNotContain(run.Notes, n => n.Kind == NoteKind.NotChecked && n.Suite == invalid.Suite);
        var report = ReportRenderer.Render(run);
        Assert.Contains("1 baseline file is unreadable", report, StringComparison.Ordinal);
        Assert.Single(report.Split('\n'), l => l.Contains("baselines/NetMQ.Patterns.json", StringComparison.Ordinal));
    }

    /// <summary>
    /// Native call counts against the suite's call baseline: a refresh writes it; unchanged counts pass; one call more
    /// per message in one case fails that case alone, naming the function; a corrupt file fails the run naming it,
    /// untouched.
    /// </summary>
    [Fact]
    public void CallCounts_ARefreshWritesTheCallBaseline_AnExtraCallPerMessageFails_ACorruptFileFailsNamingIt()
    {
        static RunCounts Counter(IReadOnlyList<CaseDefinition> cases, long extra) => new(
            [.. cases.Select(c => new CountedCase(c.Id, 1000, [.. Enumerable.Range(0, 3).Select(r => (IReadOnlyDictionary<string, long>)new Dictionary<string, long>
            {
                ["lib_recv:ok"] = 1000,
                ["lib_poll:ok"] = 40 + r,
                ["lib_getopt:ok"] = c.Id == Target ? extra : 0,
            }.Where(p => p.Value > 0).ToDictionary(p => p.Key, p => p.Value, StringComparer.Ordinal))]))], null);
        Run(new FakeMeasurer((_, _) => 1.0), refresh: true, counter: cases => Counter(cases, 0));
        var callFile = CallBaseline.PathOf(_layout.BaselinesDirectory, Suite.Subject, Suite.Suite);
        Assert.True(File.Exists(callFile));
        MarkSwingMeasured();

        var unchanged = Run(new FakeMeasurer((_, _) => 1.0), counter: cases => Counter(cases, 0));
        var slower = Run(new FakeMeasurer((_, _) => 1.0), counter: cases => Counter(cases, 1000));
        File.WriteAllText(callFile, "{");
        var corrupt = Run(new FakeMeasurer((_, _) => 1.0), counter: cases => Counter(cases, 0));

        Assert.Equal(4, unchanged.Gates.Count(g => g.Id.Kind == GateKind.CallsRegression && g.Verdict == GateVerdict.Pass));
        Assert.DoesNotContain(unchanged.Gates, g => g.FailsRun);
        var failed = Assert.Single(slower.Gates, g => g.FailsRun);
        Assert.Equal((GateKind.CallsRegression, Target), (failed.Id.Kind, failed.Case));
        Assert.Contains("lib_getopt:ok 0 → 1 per message", failed.Measured, StringComparison.Ordinal);
        var broken = Assert.Single(corrupt.Gates, g => g.FailsRun);
        Assert.Contains("baselines/calls/NetMQ.ReceiveModes.json", broken.Describe(), StringComparison.Ordinal);
        Assert.Contains("$", broken.Bound, StringComparison.Ordinal);
        Assert.Equal("{", File.ReadAllText(callFile));
    }

    /// <summary>
    /// Instructions against the suite's instruction baseline, through the same store: a refresh writes it; unchanged
    /// counts pass; 1 % more on one case's receiver fails that case alone, naming the function that grew; a corrupt
    /// file fails the run naming it and the field, untouched.
    /// </summary>
    [Fact]
    public void Instructions_ARefreshWritesTheBaseline_OnePercentMoreFails_ACorruptFileFailsNamingIt()
    {
        static RunInstructions Counter(IReadOnlyList<CaseDefinition> cases, double growth) =>
            new([.. cases.Select(c => SyntheticInstructions.Case(c.Id,
                receiver: [SyntheticInstructions.Work.Steady("Ns.Receiver::Loop()", 500 + (c.Id == Target ? 2000 * growth : 0)),
                    SyntheticInstructions.Work.Steady("zmq_msg_recv", 1500)]))], null);

        Run(new FakeMeasurer((_, _) => 1.0), refresh: true, instructions: cases => Counter(cases, 0));
        var file = CountBaselineKinds.Instructions.PathOf(_layout.BaselinesDirectory, Suite);
        Assert.True(File.Exists(file));
        MarkSwingMeasured();

        var unchanged = Run(new FakeMeasurer((_, _) => 1.0), instructions: cases => Counter(cases, 0));
        var grown = Run(new FakeMeasurer((_, _) => 1.0), instructions: cases => Counter(cases, 0.01));
        File.WriteAllText(file, "{\"schemaVersion\": 1}");
        var corrupt = Run(new FakeMeasurer((_, _) => 1.0), instructions: cases => Counter(cases, 0));

        Assert.Equal(4, unchanged.Gates.Count(g => g.Id.Kind == GateKind.InstructionsRegression && g.Verdict == GateVerdict.Pass));
        Assert.DoesNotContain(unchanged.Gates, g => g.FailsRun);
        var failed = Assert.Single(grown.Gates, g => g.FailsRun);
        Assert.Equal((GateKind.InstructionsRegression, Target), (failed.Id.Kind, failed.Case));
        Assert.StartsWith("receiver: Ns.Receiver::Loop(): +20 per message", failed.FunctionChanges[0], StringComparison.Ordinal);
        Assert.Contains("Why " + Target, ReportRenderer.Render(grown), StringComparison.Ordinal);
        var broken = Assert.Single(corrupt.Gates, g => g.FailsRun);
        Assert.Contains("baselines/instructions/NetMQ.ReceiveModes.json", broken.Describe(), StringComparison.Ordinal);
        Assert.Contains("$.schemaVersion: schema version 1 is not supported", broken.Bound, StringComparison.Ordinal);
        Assert.Equal("{\"schemaVersion\": 1}", File.ReadAllText(file));
    }

    /// <summary>
    /// PERF_TIMING=off (what build/bisect.sh probes with): the counters run, nothing is timed or judged, the report
    /// says so, and the run's measurements file holds the counts a later run's are compared with.
    /// </summary>
    [Fact]
    public void ARunThatOnlyCounts_TimesNothing_JudgesNothing_AndWritesTheCounts()
    {
        var measurer = new FakeMeasurer((_, _) => 1.0);

        var run = Run(measurer, timing: false, instructions: cases => new([.. cases.Select(c => SyntheticInstructions.Case(c.Id))], null));

        Assert.Empty(measurer.Calls);
        Assert.Empty(run.Gates);
        Assert.Contains(run.Notes, n => n.Kind == NoteKind.CountedOnly);
        Assert.Contains("**Counted only** (PERF_TIMING=off)", ReportRenderer.Render(run), StringComparison.Ordinal);
        var counted = CountMovement.Read(Path.Combine(_root, "artifacts", RunMeasurements.UnshardedFileName));
        Assert.Equal(4, counted.Instructions!.Cases.Count);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private JudgedRun Run(FakeMeasurer measurer, bool refresh = false, Func<string, string?>? environment = null, string filter = Group,
        Shard? shard = null, string? merge = null, string artifacts = "artifacts", CaseCounter? counter = null, InstructionCounter? instructions = null,
        bool timing = true, InjectionPlan? injection = null) =>
        PerfRunSequence.Run(
            new PerfSettings(MeasurementProfile.Quick, new CaseFilter(filter), injection, refresh, Path.Combine(_root, artifacts), environment ?? (_ => null))
            {
                Drivers = DriverSelection.Of(DriverId.NetMQ),
                Shard = shard,
                MergeDirectory = merge,
                Timing = timing,
            },
            _layout, measurer.Measure, counter ?? (_ => RunCounts.None("not counted in this test")), _ => { },
            instructions ?? (_ => RunInstructions.None("not counted in this test")));

    /// <summary>
    /// NetMQ's receive modes over tcp at every size the quick profile measures: cells enough for two shards.
    /// </summary>
    private const string Cells = "NetMQ/ReceiveModes/RouterRouter/Tcp/*";

    [Fact]
    public void TwoShardsMerged_GiveTheWholeRunsGates_AndASlowdownInOneShard_FailsTheMerge()
    {
        Run(new FakeMeasurer((_, _) => 1.0), refresh: true, filter: Cells);
        MarkSwingMeasured();
        var whole = Run(new FakeMeasurer((_, _) => 1.0), filter: Cells);

        var merged = Merge(_ => 1.0);

        Assert.Equal(Keys(whole), Keys(merged));
        Assert.DoesNotContain(merged.Gates, g => g.FailsRun);
        Assert.Equal(["1/2", "2/2"], merged.Shards.Select(s => s.Shard));
        Assert.Contains(merged.Notes, n => n.Kind == NoteKind.Merged);

        var slowed = Merge(id => id == Target ? 1.3 : 1.0);

        var time = Assert.Single(slowed.Gates, g => g.Case == Target && g.Id.Kind == GateKind.TimeRegression);
        Assert.True(time.FailsRun, time.Describe());
        Assert.Contains("reproduced", time.Note, StringComparison.Ordinal);
    }

    [Fact]
    public void AMergeOfShardsOfAnotherFilter_IsAnErrorNamingTheShardAndTheField_AndMeasuresNothing()
    {
        Run(new FakeMeasurer((_, _) => 1.0), refresh: true, filter: Cells);
        var folder = MeasureShards(_ => 1.0);
        var measurer = new FakeMeasurer((_, _) => 1.0);

        var error = Assert.Throws<InvalidDataException>(() => Run(measurer, filter: Group, merge: folder));

        Assert.Contains("shard-1-of-2.json", error.Message, StringComparison.Ordinal);
        Assert.Contains($"PERF_FILTER: '{Group}' here, '{Cells}' in the shard", error.Message, StringComparison.Ordinal);
        Assert.Empty(measurer.Calls);
    }

    private static IReadOnlyList<string> Keys(JudgedRun run) =>
        [.. run.Gates.Select(g => $"{g.Id.Name} | {g.Case} | {g.Verdict}").Order(StringComparer.Ordinal)];

    /// <summary>
    /// Shards 1/2 and 2/2 measured apart (each into its own artifacts), their files gathered in one folder, merged.
    /// </summary>
    private JudgedRun Merge(Func<string, double> slowdown) =>
        Run(new FakeMeasurer((_, _) => throw new InvalidOperationException("a merge measures nothing")), filter: Cells, merge: MeasureShards(slowdown));

    private string MeasureShards(Func<string, double> slowdown)
    {
        var folder = Directory.CreateDirectory(Path.Combine(_root, $"merge-{Guid.NewGuid():N}")).FullName;
        for (var k = 1; k <= 2; k++)
        {
            var artifacts = $"shard-{Guid.NewGuid():N}";
            var shard = new Shard(k, 2);
            Run(new FakeMeasurer((id, _) => slowdown(id)), filter: Cells, shard: shard, artifacts: artifacts);
            File.Copy(Path.Combine(_root, artifacts, shard.FileName), Path.Combine(folder, shard.FileName));
        }

        return folder;
    }

    /// <summary>
    /// What adopting the machine does to the refreshed file's class: its run-to-run swing counts as measured, so
    /// per-case time is judged.
    /// </summary>
    private void MarkSwingMeasured()
    {
        var file = BaselineReader.Read(SuiteFile);
        BaselineWriter.WriteAtomically(file with { Classes = [.. file.Classes.Select(c => c with { Runs = new BaselineRuns(5, 5) })] }, SuiteFile);
    }

    /// <summary>
    /// Measurements made up for the cases asked: 24 operations of 2 ms each (in 3 blocks), times the case's slowdown
    /// on that call, with a small spread that differs by case, so that every ratio has an interval.
    /// </summary>
    private sealed class FakeMeasurer(Func<string, int, double> slowdown)
    {
        private const int Operations = 24;
        private int _nextUnit;

        /// <summary>The case ids of each call, in order.</summary>
        public List<IReadOnlyList<string>> Calls { get; } = [];

        public IReadOnlyList<MeasuredProcess> Measure(IReadOnlyList<CaseDefinition> cases, MeasurementProfile sampling, int pass) =>
            [new MeasuredProcess(0, Seed: 7, LoadedFirst: "", Seconds: 1, MeasureCases(cases))];

        private IReadOnlyList<CaseMeasurement> MeasureCases(IReadOnlyList<CaseDefinition> cases)
        {
            var call = Calls.Count;
            Calls.Add([.. cases.Select(c => c.Id)]);
            var first = _nextUnit;
            _nextUnit += Operations;
            return [.. cases.Select((c, k) => new CaseMeasurement(PerfCases.Identify(c), CaseCatalog.MessagesPerOperation, c.MessageSize,
                [.. Enumerable.Range(0, Operations).Select(i => 2_000_000 * slowdown(c.Id, call) * (1 + (0.004 * ((((i + k) * 7) % 10) - 4.5) / 4.5)))],
                1000, 0.5, 0, 0)
            {
                PairingUnits = [.. Enumerable.Range(first, Operations)],
                Blocks = [.. Enumerable.Range(0, Operations).Select(i => i / 8)],
            })];
        }
    }
}
