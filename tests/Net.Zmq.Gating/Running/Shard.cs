using System.Globalization;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// One of several machines (or jobs) a run is split across: <c>PERF_SHARD=k/N</c> (k from 1) measures the k-th of N
/// shares of the run's cells, and a merge combines the N results (<see cref="RunMeasurements"/>). A cell is never
/// split, so every ratio stays paired.
/// </summary>
public sealed record Shard(int Index, int Count)
{
    public const string Variable = "PERF_SHARD";

    public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"{Index}/{Count}");

    /// <summary>The file a shard writes its measurements to: one name per shard, so they can share a folder.</summary>
    public string FileName => string.Create(CultureInfo.InvariantCulture, $"shard-{Index}-of-{Count}.json");

    /// <summary>PERF_SHARD, or null when unset; anything but <c>k/N</c>, 1 ≤ k ≤ N ≤ 64, is an error.</summary>
    public static Shard? FromEnvironment(Func<string, string?> environment)
    {
        var text = environment(Variable);
        if (string.IsNullOrWhiteSpace(text))
            return null;

        var parts = text.Trim().Split('/');
        return parts.Length == 2
               && int.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out var index)
               && int.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out var count)
               && count is >= 1 and <= 64 && index >= 1 && index <= count
            ? new Shard(index, count)
            : throw new ArgumentException(
                $"{Variable}={text} is not a shard: k/N, the k-th of N (1 ≤ k ≤ N ≤ 64), e.g. 2/4");
    }

    /// <summary>
    /// This shard's cells of <paramref name="secondsByCell"/> (every cell of the run, with its estimate). Each cell
    /// goes, longest first (ties by id), to the shard with the least time so far (ties: the lowest): every shard
    /// computes the same assignment, and the shards take about equally long.
    /// </summary>
    public IReadOnlySet<string> CellsOf(IReadOnlyDictionary<string, double> secondsByCell)
    {
        var load = new double[Count];
        var mine = new HashSet<string>(StringComparer.Ordinal);
        var longestFirst = secondsByCell.OrderByDescending(c => c.Value).ThenBy(c => c.Key, StringComparer.Ordinal);
        foreach (var (cell, seconds) in longestFirst)
        {
            var lightest = Array.IndexOf(load, load.Min());
            load[lightest] += seconds;
            if (lightest == Index - 1)
                mine.Add(cell);
        }

        return mine;
    }
}
