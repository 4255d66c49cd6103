using System.Globalization;

namespace NetZmqTests.Gating.Running;

/// <summary>How a cell of one size class is sampled (see <see cref="InterleavedSchedule"/>).</summary>
/// <param name="WarmupOperations">Untimed operations of every case on each fresh workload.</param>
public sealed record Sampling(int Blocks, int UnitsPerBlock, int WarmupOperations)
{
    public int OperationsPerCase => Blocks * UnitsPerBlock * 2;

    /// <summary>Paired log-ratios per case and reference: one per unit.</summary>
    public int Pairs => Blocks * UnitsPerBlock;

    /// <summary>One process's share of the blocks: as even as whole blocks allow, at least one each.</summary>
    public Sampling ShareOf(int process, int processes) =>
        this with { Blocks = Math.Max(1, (Blocks / processes) + (process < Blocks % processes ? 1 : 0)) };
}

/// <summary>Which share of the case matrix a run measures: PerfSelection says what each takes.</summary>
public enum ProfileKind
{
    Default,
    Full,
    Quick,
    PullRequest,
}

/// <summary>
/// How much a Perf run measures per cell, one operation per BenchmarkDotNet iteration. Short operations scatter most
/// and cost little; long ones (0.1-1 s) dominate the run's time; a cell of one case is measured for its row only.
/// </summary>
public sealed record MeasurementProfile(
    ProfileKind Kind, Sampling ShortOperations, Sampling LongOperations, Sampling Alone)
{
    /// <summary>The name PERF_PROFILE selects (the pull-request profile: <c>pr</c>).</summary>
    public string Name => Kind == ProfileKind.PullRequest ? "pr" : Kind.ToString().ToLowerInvariant();

    public bool Refreshing { get; init; }

    /// <summary>How many times the profile's blocks a cell gets: PERF_SAMPLING, else 1.</summary>
    public double BlockFactor { get; init; } = 1;

    /// <summary>How the report names the profile; shards must agree on it to be merged.</summary>
    public string Description =>
        (BlockFactor == 1 ? Name : $"{Name}, {BlockFactor.ToString(CultureInfo.InvariantCulture)} × the blocks") +
        (Refreshing ? ", refreshing baselines with twice the blocks" : "");

    /// <summary>
    /// Samples go where the noise is (docs/trust.md): many pairs for short cells, few for long ones, and fresh blocks
    /// where they are cheap, so the interval also sees how one workload differs from the next.
    /// </summary>
    public static MeasurementProfile Default { get; } =
        new(ProfileKind.Default,
            ShortOperations: new Sampling(Blocks: 6, UnitsPerBlock: 6, WarmupOperations: 1),
            LongOperations: new Sampling(Blocks: 6, UnitsPerBlock: 1, WarmupOperations: 0),
            Alone: new Sampling(Blocks: 1, UnitsPerBlock: 2, WarmupOperations: 0));

    public static MeasurementProfile Full { get; } = Default with { Kind = ProfileKind.Full };

    /// <summary>The default's sampling, so its gates mean what a default run's do; fewer cases are gated.</summary>
    public static MeasurementProfile Quick { get; } = Default with { Kind = ProfileKind.Quick };

    /// <summary>
    /// A change against the build it changes (chosen when that build is given and PERF_PROFILE is not): the paired
    /// ratio's error is mostly how one block's pair of workloads differs from the next, so more, shorter blocks; inproc
    /// messages over 4 KiB count as long here too (<c>PerfCases.SampledAsLong</c>), and the buffer strategies stop at
    /// 64 KiB, both to keep the command within its time (docs/measurement.md, where the variance is).
    /// </summary>
    public static MeasurementProfile PullRequest { get; } =
        new(ProfileKind.PullRequest,
            ShortOperations: new Sampling(Blocks: 12, UnitsPerBlock: 3, WarmupOperations: 1),
            LongOperations: new Sampling(Blocks: 3, UnitsPerBlock: 1, WarmupOperations: 0),
            Alone: new Sampling(Blocks: 1, UnitsPerBlock: 2, WarmupOperations: 0));

    public static IReadOnlyList<MeasurementProfile> All { get; } = [Default, Full, Quick, PullRequest];

    /// <summary>
    /// Twice the blocks: the gates carry a baseline's uncertainty (<see cref="Gates.TimeRegressionRule.Slowdown"/>),
    /// so a narrower one lets every later run see a smaller regression.
    /// </summary>
    public MeasurementProfile ForRefresh() => TimesTheBlocks(2) with { Refreshing = true };

    /// <summary>
    /// <paramref name="factor"/> times the blocks of the short and long cells, rounded up: a longer run buys narrower
    /// intervals. A single case's cell keeps its sampling.
    /// </summary>
    public MeasurementProfile WithMoreBlocks(double factor) =>
        factor == 1 ? this : TimesTheBlocks(factor) with { BlockFactor = factor };

    private MeasurementProfile TimesTheBlocks(double factor) => this with
    {
        ShortOperations = ShortOperations with { Blocks = (int)Math.Ceiling(ShortOperations.Blocks * factor) },
        LongOperations = LongOperations with { Blocks = (int)Math.Ceiling(LongOperations.Blocks * factor) },
    };

    /// <summary>What one process of several measures: its share of every cell's blocks.</summary>
    public MeasurementProfile ShareOf(int process, int processes) => processes == 1 ? this : this with
    {
        ShortOperations = ShortOperations.ShareOf(process, processes),
        LongOperations = LongOperations.ShareOf(process, processes),
        Alone = Alone.ShareOf(process, processes),
    };

    public Sampling For(bool longOperations, int cases) =>
        cases == 1 ? Alone : longOperations ? LongOperations : ShortOperations;

    /// <summary>
    /// The profile PERF_PROFILE names, else <paramref name="unset"/>, else the default; with PERF_SAMPLING, a number
    /// from 1 to 10, its blocks multiplied. Anything else is an error naming it.
    /// </summary>
    public static MeasurementProfile FromEnvironment(Func<string, string?> environment,
        MeasurementProfile? unset = null)
    {
        var name = environment("PERF_PROFILE");
        var profile = string.IsNullOrWhiteSpace(name)
            ? unset ?? Default
            : All.FirstOrDefault(p => string.Equals(p.Name, name.Trim(), StringComparison.OrdinalIgnoreCase))
              ?? throw new ArgumentException(
                  $"PERF_PROFILE={name} is not a profile; known: {string.Join(", ", All.Select(p => p.Name))}");
        var text = environment("PERF_SAMPLING");
        return string.IsNullOrWhiteSpace(text) ? profile
            : double.TryParse(text.Trim(), NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture,
                  out var factor) && factor is >= 1 and <= 10
                ? profile.WithMoreBlocks(factor)
                : throw new ArgumentException($"PERF_SAMPLING={text} is not a factor of the profile's blocks: " +
                    "a number from 1 to 10, e.g. 2 or 2.25");
    }
}
