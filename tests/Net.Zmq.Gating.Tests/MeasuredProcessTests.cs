using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>A run's processes combined into one measurement per case, and written and read whole.</summary>
public sealed class MeasuredProcessTests
{
    private static readonly CaseIdentity Identity = new("S/Suite/V/64B", "S", "Suite", "64B", "V", "R", "Suite/V/64B");

    private static CaseMeasurement Measured(double nanoseconds, double bytes, int firstUnit) =>
        new(Identity, 10_000, 64, [nanoseconds, nanoseconds, nanoseconds, nanoseconds], bytes, 1, 0, 0)
        {
            PairingUnits = [firstUnit, firstUnit, firstUnit + 1, firstUnit + 1],
            Blocks = [0, 0, 1, 1],
            CpuNanosecondsPerOperation = [1, 2, 3, 4],
        };

    [Fact]
    public void Combine_ConcatenatesEachCasesOperations_WithUnitsAndBlocksOfTheirOwnPerProcess_AndMarksTheirProcess()
    {
        // Both processes numbered their units and blocks from 0: combined, none may be shared (they would pair).
        MeasuredProcess[] processes = [new(0, 11, "head", 1, [Measured(1_000, 100, 0)]), new(1, 22, "base", 1, [Measured(2_000, 300, 0)])];

        var combined = Assert.Single(MeasuredProcess.Combine(processes));

        Assert.Equal([1_000, 1_000, 1_000, 1_000, 2_000, 2_000, 2_000, 2_000], combined.NanosecondsPerOperation);
        Assert.Equal([0, 0, 0, 0, 1, 1, 1, 1], combined.Processes);
        Assert.Empty(combined.PairingUnits.Take(4).Intersect(combined.PairingUnits.Skip(4)));
        Assert.Empty(combined.Blocks.Take(4).Intersect(combined.Blocks.Skip(4)));
        Assert.Equal(200, combined.BytesAllocatedPerOperation);
        Assert.Equal([1, 2, 3, 4, 1, 2, 3, 4], combined.CpuNanosecondsPerOperation);
    }

    /// <summary>
    /// A confirmation of case A joined by the first pass's processes of A (and not of B), every process its own.
    /// </summary>
    [Fact]
    public void WithEarlierPasses_JoinsTheFirstPassesProcessesOfTheConfirmedCases_NumberedApart()
    {
        var other = Measured(3_000, 0, 0) with { Case = Identity with { Id = "S/Suite/W/64B", Variant = "W" } };
        IReadOnlyList<MeasuredProcess> first = [new(0, 1, "", 1, [Measured(1_000, 0, 0), other]), new(1, 2, "", 1, [Measured(1_100, 0, 0), other])];
        IReadOnlyList<MeasuredProcess> again = [new(0, 3, "", 1, [Measured(1_200, 0, 0)]), new(1, 4, "", 1, [Measured(1_300, 0, 0)])];

        var joined = MeasuredProcess.WithEarlierPasses([first, again]);

        Assert.Equal([0, 1, 2, 3], joined.Select(p => p.Process));
        Assert.All(joined, p => Assert.Equal(Identity.Id, Assert.Single(p.Measurements).Case.Id));
        var combined = Assert.Single(MeasuredProcess.Combine(joined));
        Assert.Equal([1_000, 1_100, 1_200, 1_300], combined.NanosecondsPerOperation.Chunk(4).Select(c => c[0]));
        Assert.Equal(4, combined.Processes.Distinct().Count());
    }

    /// <summary>
    /// A first pass of one process: its blocks were the top level, so the confirmation is judged alone.
    /// </summary>
    [Fact]
    public void WithEarlierPasses_AfterOneProcess_IsTheConfirmationAlone()
    {
        IReadOnlyList<MeasuredProcess> again = [new(0, 3, "", 1, [Measured(1_200, 0, 0)])];

        Assert.Same(again, MeasuredProcess.WithEarlierPasses([[new(0, 1, "", 1, [Measured(1_000, 0, 0)])], again]));
        Assert.False(MeasuredProcess.JudgedTogether([new(0, 1, "", 1, [Measured(1_000, 0, 0)])]));
    }

    [Fact]
    public void Combine_OfOneProcess_IsItsMeasurements() =>
        Assert.Same(Measured(1, 1, 0).Case, Assert.Single(MeasuredProcess.Combine([new MeasuredProcess(0, 1, "", 1, [Measured(1, 1, 0)])])).Case);

    [Fact]
    public void RunMeasurements_AreWrittenAndReadWhole()
    {
        var path = Path.Combine(Directory.CreateTempSubdirectory("nzt-process-").FullName, "shard-1-of-2.json");
        var run = new RunMeasurements(RunMeasurements.CurrentSchema, new RunIdentity("c", "pr", null, null, 2, "pinned", ["NetMQ 4"]), new Shard(1, 2), 3, "cpu",
            [[new MeasuredProcess(0, 11, "", 1, [Measured(1_000, 100, 0) with { Processes = [0, 0, 0, 0], NeighbourCpus = 0.2 }])]]);

        ProcessFiles.Write(path, run);
        var read = ProcessFiles.Read<RunMeasurements>(path);

        var measured = read.Passes[0][0].Measurements[0];
        Assert.Equal(run.Identity.Builds, read.Identity.Builds);
        Assert.Equal(run.Shard, read.Shard);
        Assert.Equal(Identity, measured.Case);
        Assert.Equal([0, 0, 1, 1], measured.Blocks);
        Assert.Equal([0, 0, 1, 1], measured.PairingUnits);
        Assert.Equal([1, 2, 3, 4], measured.CpuNanosecondsPerOperation);
        Assert.Equal(0.2, measured.NeighbourCpus);
        Directory.Delete(Path.GetDirectoryName(path)!, recursive: true);
    }

    [Fact]
    public void AFileThatIsNotOne_IsAnErrorNamingIt()
    {
        var path = Path.Combine(Directory.CreateTempSubdirectory("nzt-process-").FullName, "shard-1-of-2.json");
        File.WriteAllText(path, "{ \"schema\": \"one\" }");

        var error = Assert.Throws<InvalidDataException>(() => ProcessFiles.Read<RunMeasurements>(path));

        Assert.Contains(path, error.Message, StringComparison.Ordinal);
        Directory.Delete(Path.GetDirectoryName(path)!, recursive: true);
    }

    [Theory]
    [InlineData(10, 2, 5, 5)]
    [InlineData(3, 2, 2, 1)]
    [InlineData(1, 2, 1, 1)]
    public void ASamplingsBlocks_AreSharedAsEvenlyAsWholeBlocksAllow(int blocks, int processes, int first, int second)
    {
        var sampling = new Sampling(blocks, 3, 1);

        Assert.Equal(first, sampling.ShareOf(0, processes).Blocks);
        Assert.Equal(second, sampling.ShareOf(1, processes).Blocks);
    }
}
