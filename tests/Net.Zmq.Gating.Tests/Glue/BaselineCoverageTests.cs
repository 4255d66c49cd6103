using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>
/// Every case a profile measures has its entry in every class of its baseline file, or is declared unbaselined; a
/// baseline file a run gated nothing against is always named, with the reason; and a new file's policy.
/// </summary>
public sealed class BaselineCoverageTests
{
    private static readonly BaselineStore Store = new(SourceLayout.Of(typeof(BaselineCoverageTests).Assembly));

    /// <summary>
    /// The not-checked notes' sentences, after checking each is of its kind and names the file's suite.
    /// </summary>
    private static List<string> Unchecked(IReadOnlyCollection<string> gated, params AbsentSubject[] absent)
    {
        var notes = Store.Unchecked(gated, absent, "profile quick").ToList();
        Assert.All(notes, n => Assert.Equal(NoteKind.NotChecked, n.Kind));
        Assert.All(notes, n => Assert.Contains($"baselines/{n.Suite!.Value.FileName}:", n.Text, StringComparison.Ordinal));
        return [.. notes.Select(n => n.Text)];
    }

    public static TheoryData<string> Profiles => new(MeasurementProfile.All.Select(p => p.Name));

    /// <summary>
    /// What a run of <paramref name="profile"/> gates against a file (the base build is gated against none): each
    /// selected case, and the binding overhead of each Net.Zmq case whose floor case is selected too.
    /// </summary>
    private static IEnumerable<(SuiteId Suite, string Id, string? Unbaselined)> GatedCases(MeasurementProfile profile)
    {
        var selected = Enum.GetValues<DriverId>().Where(d => d != DriverId.NetZmqBase).SelectMany(d => PerfSelection.Select(d, profile, null)).ToHashSet();
        return selected.Select(c => (new SuiteId(c.Driver.ToString(), c.Suite.ToString()), c.Id, PerfSelection.WhyUnbaselined(c)))
            .Concat(selected.Where(c => c.Driver == DriverId.NetZmq && selected.Contains(c.On(DriverId.LibZmq)))
                .Select(c => (BindingOverhead.Suite, BindingOverhead.Paired.IdOf(c), BindingOverhead.WhyUnbaselined(c))));
    }

    [Theory]
    [MemberData(nameof(Profiles))]
    public void EveryCaseOfAProfile_HasItsEntryInEveryClass_OrIsDeclaredUnbaselined(string profile)
    {
        var cases = GatedCases(MeasurementProfile.All.Single(p => p.Name == profile)).ToList();

        var missing = cases.Where(c => c.Unbaselined is null).GroupBy(c => c.Suite).SelectMany(suite =>
        {
            var file = Store.Load(suite.Key, refreshing: false).File;
            return file is null
                ? [$"{suite.Key.FileName} does not exist"]
                : file.Classes.SelectMany(k => suite.Where(c => !k.Cases.ContainsKey(c.Id)).Select(c => $"{suite.Key.FileName}, class {k.Key}: {c.Id}"));
        }).ToList();

        Assert.True(missing.Count == 0, $"{missing.Count} cases of profile {profile} have no entry and are not declared unbaselined:\n" + string.Join("\n", missing.Take(20)));
        Assert.NotEmpty(cases);
    }

    /// <summary>
    /// The declaration is the full profile's alone: the default, quick and pull-request profiles gate every case they
    /// measure.
    /// </summary>
    [Fact]
    public void OnlyTheFullProfile_HasUnbaselinedCases_AmongThemTheFloorsArrayPool()
    {
        var unbaselined = MeasurementProfile.All.ToDictionary(p => p.Name, p => GatedCases(p).Where(c => c.Unbaselined is not null).Select(c => c.Id).ToList());

        Assert.All(unbaselined.Where(p => p.Key != MeasurementProfile.Full.Name), p => Assert.Empty(p.Value));
        Assert.Contains("LibZmq/BufferStrategies/RouterRouter/Tcp/PureBlocking/ArrayPool/64KiB", unbaselined[MeasurementProfile.Full.Name]);
        Assert.Contains(BindingOverhead.Paired.IdOf(CaseDefinition.Parse("NetZmq/Patterns/PushPull/Inproc/Poller/ReusedBuffer/1KiB")!), unbaselined[MeasurementProfile.Full.Name]);
    }

    [Fact]
    public void EveryFileNotGated_IsNamed_WithTheAbsentDriversReason()
    {
        var all = Store.AllFiles().ToList();
        var gated = all.Where(f => f.Contains("/NetMQ.", StringComparison.Ordinal)).ToHashSet();

        var notes = Unchecked(gated, new AbsentSubject("NetZmq", "Net.Zmq 0.4.1 does not restore here"), new AbsentSubject("LibZmq", "no libzmq.so.5"));

        Assert.Equal(all.Count - gated.Count, notes.Count);
        Assert.Contains($"Not checked: baselines/NetZmq.Patterns.json: NetZmq was not measured: Net.Zmq 0.4.1 does not restore here.", notes);
        Assert.Contains($"Not checked: baselines/LibZmq.ReceiveModes.json: LibZmq was not measured: no libzmq.so.5.", notes);
    }

    [Fact]
    public void TheOverheadFile_WithoutTheFloor_SaysTheFloorIsMissing_AndAFileOfAMeasuredDriver_SaysWhatTheRunMeasured()
    {
        var all = Store.AllFiles().ToList();
        var gated = all.Where(f => !f.EndsWith("/NetZmq.BindingOverhead.json", StringComparison.Ordinal)
                                   && !f.EndsWith("/NetMQ.Patterns.json", StringComparison.Ordinal)).ToHashSet();

        var notes = Unchecked(gated, new AbsentSubject("LibZmq", "no libzmq.so.5"));

        Assert.Equal(
        [
            $"Not checked: baselines/NetMQ.Patterns.json: none of its cases was measured in this run (profile quick).",
            $"Not checked: baselines/NetZmq.BindingOverhead.json: it is made of NetZmq and LibZmq cases, and LibZmq was not measured: no libzmq.so.5.",
        ], notes);
    }

    /// <summary>Every file in baselines/ belongs to a declared suite, and every declared suite has its file.</summary>
    [Fact]
    public void EveryBaselineFile_IsADeclaredSuites_AndEverySuiteHasItsFile()
    {
        Assert.Equal(SuiteDeclarations.All.Select(d => $"baselines/{d.Id.FileName}").Order(StringComparer.Ordinal), Store.AllFiles());
    }

    [Fact]
    public void ANewFile_StartsWithTheProductOwnersBounds_AndNetZmqsClaims()
    {
        var netZmqStrategies = SuiteDeclarations.Of(new("NetZmq", "BufferStrategies")).NewFilePolicy;
        var netMqStrategies = SuiteDeclarations.Of(new("NetMQ", "BufferStrategies")).NewFilePolicy;
        var modes = SuiteDeclarations.Of(new("LibZmq", "ReceiveModes")).NewFilePolicy;

        Assert.Equal(4, netZmqStrategies.BytesBounds.Count);
        Assert.Equal(("ArrayPool", 5000.0), (Assert.Single(netMqStrategies.BytesBounds).Variant, netMqStrategies.BytesBounds[0].Max));
        Assert.Equal(("Poller", "PureBlocking", 1.10), (Assert.Single(modes.RatioBounds).Variant, modes.RatioBounds[0].Reference, modes.RatioBounds[0].Max));
        Assert.Equal(NetZmqTests.Gating.Baselines.Policy.None, BindingOverhead.Paired.FileDeclaration!.NewFilePolicy);
    }
}
