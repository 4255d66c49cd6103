using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>A run split across shards, and the shards' files checked before they are merged into one verdict.</summary>
public sealed class ShardTests : IDisposable
{
    private static readonly RunIdentity Identity = new("abc", "pr", null, null, 2, "pinned", ["NetZmq 0.4.1 sha256:1", "NetZmqBase 0.4.1 sha256:2"]);

    private readonly string _folder = Directory.CreateTempSubdirectory("nzt-shards-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Theory]
    [InlineData("2/4", 2, 4)]
    [InlineData(" 1/1 ", 1, 1)]
    public void FromEnvironment_ReadsKOfN(string text, int index, int count) =>
        Assert.Equal(new Shard(index, count), Shard.FromEnvironment(name => name == Shard.Variable ? text : null));

    [Theory]
    [InlineData("0/4")]
    [InlineData("5/4")]
    [InlineData("2")]
    [InlineData("a/b")]
    public void FromEnvironment_Malformed_IsAnErrorNamingTheVariable(string text) =>
        Assert.Contains(Shard.Variable, Assert.Throws<ArgumentException>(() => Shard.FromEnvironment(_ => text)).Message, StringComparison.Ordinal);

    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(4)]
    public void CellsOf_GiveEveryCellToExactlyOneShard_InAboutEqualTime(int count)
    {
        var cells = Enumerable.Range(0, 40).ToDictionary(i => $"cell{i}", i => 1.0 + (i % 7 * 3.5), StringComparer.Ordinal);

        var shares = Enumerable.Range(1, count).Select(k => new Shard(k, count).CellsOf(cells)).ToList();

        Assert.Equal(cells.Keys.Order(StringComparer.Ordinal), shares.SelectMany(s => s).Order(StringComparer.Ordinal));
        var seconds = shares.Select(s => s.Sum(c => cells[c])).ToList();
        Assert.True(seconds.Max() - seconds.Min() <= cells.Values.Max(), $"shards' seconds: {string.Join(", ", seconds)}");
        Assert.Equal(shares[0], new Shard(1, count).CellsOf(cells.Reverse().ToDictionary(c => c.Key, c => c.Value)));
    }

    [Fact]
    public void Describe_SaysAClassOnce_WhereEveryShardRanOnIt_AndWithEachShardWhereNot()
    {
        static string Seconds(double s) => FormattableString.Invariant($"{s:0} s");
        ShardSummary[] oneClass = [new("1/2", "EPYC, 2 cores", 300), new("2/2", "EPYC, 2 cores", 420)];
        ShardSummary[] twoClasses = [new("1/2", "EPYC, 2 cores", 300), new("2/2", "Xeon, 4 cores", 420)];

        Assert.Equal("all on EPYC, 2 cores: 1/2 300 s, 2/2 420 s", ShardSummary.Describe(oneClass, Seconds));
        Assert.Equal("1/2 on EPYC, 2 cores, 300 s; 2/2 on Xeon, 4 cores, 420 s", ShardSummary.Describe(twoClasses, Seconds));
    }

    private string Write(int index, int count, RunIdentity? identity = null, string? name = null)
    {
        var run = new RunMeasurements(RunMeasurements.CurrentSchema, identity ?? Identity, new Shard(index, count), 60, "cpu", [[]]);
        var path = Path.Combine(_folder, $"artifact-{index}-{Guid.NewGuid():N}", name ?? run.FileName);
        ProcessFiles.Write(path, run);
        return path;
    }

    [Fact]
    public void ReadShards_AllOfOneRun_InShardOrder()
    {
        Write(2, 2);
        Write(1, 2);

        Assert.Equal([1, 2], RunMeasurements.ReadShards(_folder, Identity).Select(s => s.Run.Shard!.Index));
    }

    [Fact]
    public void ReadShards_AMissingShard_IsAnErrorNamingIt()
    {
        Write(1, 3);
        Write(3, 3);

        Assert.Contains("2/3 missing", Assert.Throws<InvalidDataException>(() => RunMeasurements.ReadShards(_folder, Identity)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ReadShards_AShardTwice_IsAnErrorNamingBothFiles()
    {
        var first = Write(1, 2);
        var second = Write(1, 2);
        Write(2, 2);

        var error = Assert.Throws<InvalidDataException>(() => RunMeasurements.ReadShards(_folder, Identity)).Message;

        Assert.Contains(first, error, StringComparison.Ordinal);
        Assert.Contains(second, error, StringComparison.Ordinal);
    }

    [Fact]
    public void ReadShards_AShardOfAnotherCommitOrBase_IsAnErrorNamingTheFileAndTheField()
    {
        Write(1, 2);
        var other = Write(2, 2, Identity with { Commit = "def" });

        var error = Assert.Throws<InvalidDataException>(() => RunMeasurements.ReadShards(_folder, Identity)).Message;
        Assert.Contains(other, error, StringComparison.Ordinal);
        Assert.Contains("commit: 'abc' here, 'def' in the shard", error, StringComparison.Ordinal);

        File.Delete(other);
        Write(2, 2, Identity with { Builds = ["NetZmq 0.4.1 sha256:1", "NetZmqBase 0.4.1 sha256:3"] });
        Assert.Contains("builds:", Assert.Throws<InvalidDataException>(() => RunMeasurements.ReadShards(_folder, Identity)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ReadShards_ShardsOfRunsOfDifferentSizes_AreAnError()
    {
        Write(1, 2);
        Write(2, 3);

        Assert.Contains("is of a run of", Assert.Throws<InvalidDataException>(() => RunMeasurements.ReadShards(_folder, Identity)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ReadShards_NoShardFile_OrAnUnreadableOne_IsAnErrorNamingTheFolderOrFile()
    {
        Assert.Contains(_folder, Assert.Throws<InvalidDataException>(() => RunMeasurements.ReadShards(_folder, Identity)).Message, StringComparison.Ordinal);

        var broken = Path.Combine(_folder, "shard-1-of-1.json");
        File.WriteAllText(broken, "{");
        Assert.Contains(broken, Assert.Throws<InvalidDataException>(() => RunMeasurements.ReadShards(_folder, Identity)).Message, StringComparison.Ordinal);
    }
}
