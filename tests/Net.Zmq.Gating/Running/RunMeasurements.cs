using System.Globalization;
using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// What must be the same for shards to be parts of one run: the commit, the profile, every control that changes what
/// is measured, and what was measured (one line per driver, e.g. <c>Subject 1.2.3 sha256:…</c>). Machines may differ:
/// what depends on the machine is judged per shard against that shard's class.
/// </summary>
public sealed record RunIdentity(
    string Commit, string Profile, string? Filter, string? Injection, int Processes, string Placement,
    IReadOnlyList<string> Builds)
{
    /// <summary>Each field that differs, named, with both values: <c>commit: abc here, def in the shard</c>.</summary>
    public IReadOnlyList<string> DifferencesFrom(RunIdentity shard)
    {
        (string Field, string? Here, string? There)[] fields =
        [
            ("commit", Commit, shard.Commit), ("profile", Profile, shard.Profile),
            ("PERF_FILTER", Filter, shard.Filter), ("PERF_INJECT", Injection, shard.Injection),
            ("PERF_PROCESSES", Processes.ToString(CultureInfo.InvariantCulture),
                shard.Processes.ToString(CultureInfo.InvariantCulture)),
            ("placement", Placement, shard.Placement),
            ("builds", string.Join("; ", Builds), string.Join("; ", shard.Builds)),
        ];
        return [.. fields.Where(f => !string.Equals(f.Here, f.There, StringComparison.Ordinal))
            .Select(f => $"{f.Field}: '{f.Here ?? "(none)"}' here, '{f.There ?? "(none)"}' in the shard")];
    }
}

/// <summary>
/// Everything one run (or shard) measured, per pass (the run's, then any confirmation's), per process: written beside
/// the report, so that shards measured on several machines merge into one verdict (<see cref="ReadShards"/>). The
/// counts and instructions are null in a file written before they were recorded.
/// </summary>
public sealed record RunMeasurements(
    int Schema, RunIdentity Identity, Shard? Shard, double Seconds, string Machine,
    IReadOnlyList<IReadOnlyList<MeasuredProcess>> Passes)
{
    public Counting.RunCounts? Counts { get; init; }

    public Counting.RunInstructions? Instructions { get; init; }

    public const int CurrentSchema = 1;

    /// <summary>Set to a folder of shard files, a Perf run measures nothing and merges them.</summary>
    public const string MergeVariable = "PERF_MERGE";

    public const string UnshardedFileName = "measured.json";

    public string FileName => Shard?.FileName ?? UnshardedFileName;

    /// <summary>
    /// Every shard file under <paramref name="directory"/>, checked to be the N shards of <paramref name="expected"/>'s
    /// run, each once; in shard order. Anything else is an error naming the file and what is wrong.
    /// </summary>
    public static IReadOnlyList<(string Path, RunMeasurements Run)> ReadShards(string directory, RunIdentity expected)
    {
        var shards = ShardFiles(directory).Select(f => (Path: f, Run: ProcessFiles.Read<RunMeasurements>(f))).ToList();
        RequireShardsOf(expected, shards);

        var count = shards[0].Run.Shard!.Count;
        if (shards.FirstOrDefault(s => s.Run.Shard!.Count != count) is { Path: not null } other)
        {
            throw new InvalidDataException($"{other.Path}: shard {other.Run.Shard} is of a run of " +
                                           $"{other.Run.Shard!.Count} shards, {shards[0].Path} of {count}");
        }

        foreach (var twice in shards.GroupBy(s => s.Run.Shard!.Index).Where(g => g.Count() > 1))
        {
            throw new InvalidDataException($"shard {twice.Key}/{count} is there {twice.Count()} times: " +
                                           string.Join(", ", twice.Select(s => s.Path)));
        }

        var missing = Enumerable.Range(1, count).Except(shards.Select(s => s.Run.Shard!.Index)).ToList();
        return missing.Count > 0
            ? throw new InvalidDataException($"{MergeVariable}={directory}: shard{(missing.Count == 1 ? "" : "s")} " +
                $"{string.Join(", ", missing.Select(m => $"{m}/{count}"))} missing (found " +
                $"{string.Join(", ", shards.Select(s => System.IO.Path.GetFileName(s.Path)))})")
            : [.. shards.OrderBy(s => s.Run.Shard!.Index)];
    }

    /// <summary>Every shard file under <paramref name="directory"/>, in ordinal order; an error where none.</summary>
    private static List<string> ShardFiles(string directory)
    {
        if (!Directory.Exists(directory))
            throw new InvalidDataException($"{MergeVariable}={directory}: no such folder");

        var files = Directory.EnumerateFiles(directory, "shard-*-of-*.json", SearchOption.AllDirectories)
            .Order(StringComparer.Ordinal).ToList();
        if (files.Count == 0)
            throw new InvalidDataException($"{MergeVariable}={directory}: no shard file (shard-k-of-N.json) in it");

        return files;
    }

    /// <summary>Refuses any file that is not a shard of this schema and of <paramref name="expected"/>'s run.</summary>
    private static void RequireShardsOf(RunIdentity expected, List<(string Path, RunMeasurements Run)> shards)
    {
        foreach (var (path, run) in shards)
        {
            var problem = run.Schema != CurrentSchema
                ? $"schema {run.Schema}, but this merge reads schema {CurrentSchema}"
                : run.Shard is null ? "field 'shard' is missing: not a shard's file"
                : expected.DifferencesFrom(run.Identity) is { Count: > 0 } differences
                    ? $"shard {run.Shard} is not of this run: {string.Join("; ", differences)}"
                    : null;
            if (problem is not null)
                throw new InvalidDataException($"{path}: {problem}");
        }
    }
}
