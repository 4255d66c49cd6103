using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>Which share of the matrix each profile measures (README: run controls), on the real catalog.</summary>
public sealed class PerfSelectionTests
{
    private static List<CaseDefinition> In(MeasurementProfile profile) => [.. CaseCatalog.All.Where(c => PerfSelection.InProfile(profile, c))];

    [Fact]
    public void Full_IsEveryCase_Default_IsPartOfIt_Quick_IsPartOfTheDefault()
    {
        var full = In(MeasurementProfile.Full);
        var standard = In(MeasurementProfile.Default);
        var quick = In(MeasurementProfile.Quick);

        Assert.Equal(CaseCatalog.All.Count, full.Count);
        Assert.Subset(full.ToHashSet(), standard.ToHashSet());
        Assert.Subset(standard.ToHashSet(), quick.ToHashSet());
        Assert.True(quick.Count < standard.Count && standard.Count < full.Count, $"{quick.Count} < {standard.Count} < {full.Count}");
    }

    [Fact]
    public void Default_MeasuresAllOfTheSubject_AndOfTheOthersWhatTheComparisonsNeed()
    {
        var standard = In(MeasurementProfile.Default);

        Assert.Equal(CaseCatalog.All.Count(c => c.Driver == DriverId.NetZmq), standard.Count(c => c.Driver == DriverId.NetZmq));
        // The base build of Net.Zmq runs all of the head's cases; the floor and NetMQ what the comparisons need.
        Assert.Equal(standard.Where(c => c.Driver == DriverId.NetZmq).Select(c => c.On(DriverId.NetZmqBase)), standard.Where(c => c.Driver == DriverId.NetZmqBase));
        Assert.All(standard.Where(c => c.Driver is DriverId.LibZmq or DriverId.NetMQ && c.Suite == Suite.Patterns), c => Assert.Equal(ReceiveMode.PureBlocking, c.Mode));
        Assert.All(standard.Where(c => c.Driver is DriverId.LibZmq or DriverId.NetMQ && c.Suite == Suite.BufferStrategies),
            c => Assert.True(c.Strategy is BufferStrategy.ByteArray or BufferStrategy.Message, c.Id));
        Assert.DoesNotContain(standard, c => c.Driver == DriverId.NetMQ && c.MessageSize > 65536);
        Assert.Contains(standard, c => c.Driver == DriverId.LibZmq && c.MessageSize > 65536);
    }

    [Fact]
    public void Quick_KeepsSmallMessages_AndPerPatternTheBlockingReferenceWithPoller()
    {
        var quick = In(MeasurementProfile.Quick);

        Assert.All(quick, c => Assert.True(c.MessageSize is 64 or 1024, c.Id));
        Assert.All(quick.Where(c => c.Suite == Suite.Patterns), c =>
        {
            Assert.Equal(1024, c.MessageSize);
            Assert.True(c.Mode is ReceiveMode.PureBlocking or ReceiveMode.Poller, c.Id);
        });
        Assert.Contains(quick, c => c.Suite == Suite.BufferStrategies && c.Strategy == BufferStrategy.ArrayPool);
    }

    [Fact]
    public void PullRequest_IsTheDefault_ButTheBufferStrategiesOver64KiB()
    {
        var standard = In(MeasurementProfile.Default);
        var pullRequest = In(MeasurementProfile.PullRequest);

        Assert.Equal(standard.Where(c => !(c.Suite == Suite.BufferStrategies && c.MessageSize > 65536)), pullRequest);
        Assert.Equal("pr", MeasurementProfile.PullRequest.Name);
        Assert.Same(MeasurementProfile.PullRequest, MeasurementProfile.FromEnvironment(name => name == "PERF_PROFILE" ? "pr" : null));
        // Where a base build is measured and PERF_PROFILE is unset, the caller names the pull-request profile as the
        // fallback.
        Assert.Same(MeasurementProfile.PullRequest, MeasurementProfile.FromEnvironment(_ => null, MeasurementProfile.PullRequest));
        Assert.Same(MeasurementProfile.Default, MeasurementProfile.FromEnvironment(name => name == "PERF_PROFILE" ? "default" : null, MeasurementProfile.PullRequest));
    }

    [Fact]
    public void PullRequest_SamplesMessagesOver4KiBAsLongOverInprocToo_TheProfilesWithBaselinesOnlyOverTcp()
    {
        var inproc = CaseCatalog.Get("NetZmq/Patterns/PubSub/Inproc/PureBlocking/ReusedBuffer/64KiB");
        var tcp = CaseCatalog.Get("NetZmq/Patterns/PubSub/Tcp/PureBlocking/ReusedBuffer/64KiB");
        var small = CaseCatalog.Get("NetZmq/Patterns/PubSub/Inproc/PureBlocking/ReusedBuffer/1KiB");

        Assert.True(PerfCases.SampledAsLong(inproc, ProfileKind.PullRequest));
        Assert.All(new[] { ProfileKind.Default, ProfileKind.Full, ProfileKind.Quick }, kind => Assert.False(PerfCases.SampledAsLong(inproc, kind), kind.ToString()));
        Assert.All(Enum.GetValues<ProfileKind>(), kind => Assert.True(PerfCases.SampledAsLong(tcp, kind), kind.ToString()));
        Assert.All(Enum.GetValues<ProfileKind>(), kind => Assert.False(PerfCases.SampledAsLong(small, kind), kind.ToString()));
        // What a run of the pull-request profile spends on the cell follows: three blocks of one unit, not twelve of
        // three.
        var cells = PerfCases.CellSeconds(In(MeasurementProfile.PullRequest), MeasurementProfile.PullRequest);
        var standardCells = PerfCases.CellSeconds(In(MeasurementProfile.Default), MeasurementProfile.Default);
        Assert.True(cells[inproc.Cell] < standardCells[inproc.Cell] / 4, $"{cells[inproc.Cell]:0.0} s against {standardCells[inproc.Cell]:0.0} s");
    }

    [Fact]
    public void PerfSampling_MultipliesTheBlocksOfGatedCells_AndNamesItselfInTheProfile()
    {
        var deeper = MeasurementProfile.FromEnvironment(
            name => name switch { "PERF_PROFILE" => "pr", "PERF_SAMPLING" => "2.25", _ => null });

        Assert.Equal(27, deeper.ShortOperations.Blocks); // 12 × 2.25
        Assert.Equal(7, deeper.LongOperations.Blocks); // 3 × 2.25, rounded up
        Assert.Equal(MeasurementProfile.PullRequest.ShortOperations.UnitsPerBlock, deeper.ShortOperations.UnitsPerBlock);
        Assert.Equal(MeasurementProfile.PullRequest.Alone, deeper.Alone);
        Assert.Equal("pr, 2.25 × the blocks", deeper.Description);
        Assert.Equal(ProfileKind.PullRequest, deeper.Kind);
        // Unset or 1: the profile itself, so a run without it is the run it always was.
        Assert.Same(MeasurementProfile.PullRequest, MeasurementProfile.FromEnvironment(name => name == "PERF_SAMPLING" ? "1" : null, MeasurementProfile.PullRequest));
        var refreshed = MeasurementProfile.PullRequest.WithMoreBlocks(2).ForRefresh();
        Assert.Equal("pr, 2 × the blocks, refreshing baselines with twice the blocks", refreshed.Description);
        Assert.Equal((48, 12), (refreshed.ShortOperations.Blocks, refreshed.LongOperations.Blocks));
        Assert.Equal((24, 6), (MeasurementProfile.PullRequest.ForRefresh().ShortOperations.Blocks, MeasurementProfile.PullRequest.ForRefresh().LongOperations.Blocks));
    }

    [Theory]
    [InlineData("0.5")]
    [InlineData("11")]
    [InlineData("two")]
    [InlineData("-2")]
    public void PerfSampling_OutsideOneToTen_IsAnErrorNamingIt(string text)
    {
        var error = Assert.Throws<ArgumentException>(() => MeasurementProfile.FromEnvironment(name => name == "PERF_SAMPLING" ? text : null));
        Assert.Contains($"PERF_SAMPLING={text}", error.Message);
    }

    [Fact]
    public void ASelectedCase_BringsItsGroupsReference_AndNothingElse()
    {
        var poller = CatalogMeasurements.Case(DriverId.LibZmq, Suite.ReceiveModes, ReceiveMode.Poller, 512);
        var reference = CatalogMeasurements.Case(DriverId.LibZmq, Suite.ReceiveModes, ReceiveMode.PureBlocking, 512);

        var selected = PerfSelection.Select(DriverId.LibZmq, MeasurementProfile.Default, new CaseFilter(poller.Id));

        Assert.Equal([reference, poller], selected);
    }

    [Fact]
    public void AFilterMatchingNothing_SelectsNothing() =>
        Assert.Empty(PerfSelection.Select(DriverId.NetMQ, MeasurementProfile.Quick, new CaseFilter("NetMQ/*/65536KiB")));
}
