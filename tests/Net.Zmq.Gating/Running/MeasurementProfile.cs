using System.Globalization;

namespace NetZmqTests.Gating.Running;

/// <summary>How a cell of one size class is sampled (see <see cref="InterleavedSchedule"/>).</summary>
/// <param name="Blocks">Fresh sets of workloads, one after the other: each samples another thread placement.</param>
/// <param name="UnitsPerBlock">Pairing units per block; a unit runs every case of the cell twice (forward, then
/// reversed).</param>
/// <param name="WarmupOperations">Untimed operations of every case on each fresh workload before the first timed
/// one.</param>
public sealed record Sampling(int Blocks, int UnitsPerBlock, int WarmupOperations)
{
    /// <summary>Timed operations per case.</summary>
    public int OperationsPerCase => Blocks * UnitsPerBlock * 2;

    /// <summary>Paired log-ratios per case and reference: one per unit.</summary>
    public int Pairs => Blocks * UnitsPerBlock;

    /// <summary>
    /// Process <paramref name="process"/>'s share of these blocks when <paramref name="processes"/> measure them: as
    /// even as whole blocks allow, the first processes taking the remainder, and at least one each.
    /// </summary>
    public Sampling ShareOf(int process, int processes) =>
        this with { Blocks = Math.Max(1, (Blocks / processes) + (process < Blocks % processes ? 1 : 0)) };
}

/// <summary>
/// Which share of the case matrix a run measures; what each takes is the selection's to say (PerfSelection).
/// </summary>
public enum ProfileKind
{
    /// <summary>
    /// All of the subject's cases, and of the floor's and the managed peer's those the comparisons need.
    /// </summary>
    Default,

    /// <summary>Every case of every driver.</summary>
    Full,

    /// <summary>Of the default's cases, those at 64 B and 1 KiB (and fewer patterns).</summary>
    Quick,

    /// <summary>
    /// A change measured against the build it changes: the default's cases up to 64 KiB, sampled in more, shorter
    /// blocks (the two builds' workloads differ by how each settled, which only more fresh workloads average out).
    /// </summary>
    PullRequest,
}

/// <summary>
/// How much a Perf run measures per cell. Operations here last milliseconds to seconds, so every BenchmarkDotNet
/// iteration is exactly one operation (the Monitoring strategy: no pilot, no overhead evaluation), and a cell's
/// iterations follow its interleaved schedule.
/// </summary>
/// <param name="Kind">Which share of the matrix: PERF_PROFILE names it.</param>
/// <param name="ShortOperations">Sampling of cells whose operations last milliseconds (which cells those are is the
/// caller's to say): they scatter most, and cost little.</param>
/// <param name="LongOperations">Sampling of cells whose operations last 0.1-1 s: they dominate the run's time.</param>
/// <param name="Alone">Sampling of a cell with a single case: nothing to pair it with, so no ratio is judged; it is
/// measured for its table row and the cross-driver comparison only.</param>
public sealed record MeasurementProfile(ProfileKind Kind, Sampling ShortOperations, Sampling LongOperations, Sampling Alone)
{
    /// <summary>The name PERF_PROFILE selects: the kind, lower-case (the pull-request profile: <c>pr</c>).</summary>
    public string Name => Kind == ProfileKind.PullRequest ? "pr" : Kind.ToString().ToLowerInvariant();

    /// <summary>True for a refresh's sampling (<see cref="ForRefresh"/>).</summary>
    public bool Refreshing { get; init; }

    /// <summary>
    /// How many times the profile's blocks a cell gets (<see cref="WithMoreBlocks"/>); 1 unless PERF_SAMPLING says
    /// more.
    /// </summary>
    public double BlockFactor { get; init; } = 1;

    /// <summary>How the report names the profile; shards must agree on it to be merged.</summary>
    public string Description =>
        (BlockFactor == 1 ? Name : $"{Name}, {BlockFactor.ToString(CultureInfo.InvariantCulture)} × the blocks") +
        (Refreshing ? ", refreshing baselines with twice the blocks" : "");

    /// <summary>
    /// Where the samples go follows where the noise is (docs/trust.md, the variance split): a short operation
    /// scatters most (paired log-ratio sd about 0.07 pinned) and is cheap, so short cells get many pairs; a long one
    /// averages its own noise (sd about 0.02) and costs 20-100 times as much, so long cells get few. Every unit
    /// runs on a fresh block (workloads, connections, threads) of its own where that is cheap, so the interval
    /// also sees how much one workload differs from the next.
    /// </summary>
    public static MeasurementProfile Default { get; } =
        new(ProfileKind.Default,
            ShortOperations: new Sampling(Blocks: 6, UnitsPerBlock: 6, WarmupOperations: 1),
            LongOperations: new Sampling(Blocks: 6, UnitsPerBlock: 1, WarmupOperations: 0),
            Alone: new Sampling(Blocks: 1, UnitsPerBlock: 2, WarmupOperations: 0));

    /// <summary>
    /// The same sampling over every case of every driver (the default measures part of the floor's and the managed
    /// peer's matrix).
    /// </summary>
    public static MeasurementProfile Full { get; } = Default with { Kind = ProfileKind.Full };

    /// <summary>
    /// The default's sampling over a smaller share of the matrix (which share is the caller's: the profile only has
    /// its kind). Each case it measures is sampled exactly as the baselines and their tolerances were, so its gates
    /// mean what they mean in a default run; only fewer cases are gated.
    /// </summary>
    public static MeasurementProfile Quick { get; } = Default with { Kind = ProfileKind.Quick };

    /// <summary>
    /// The run a change is gated with against the build it changes (chosen when that build is given and PERF_PROFILE is
    /// not): the paired ratio compares two workloads, each settled on connections of its own, so its error is mostly
    /// how one block's pair of workloads differs from the next (a regime per connection), not how one operation differs
    /// from the next. So it was on machine B; on machine C one operation against the next dominates, and three units
    /// per block is near the optimum there too (docs/measurement.md, where the variance is). Short cells therefore get
    /// sixteen blocks of three units, long ones three blocks of one; messages over 4 KiB count as long here over inproc
    /// too (<c>PerfCases.SampledAsLong</c>): their cells had taken half the measuring for intervals no better than the
    /// tcp ones', and that time now goes to the short cells, whose intervals it narrows (ten blocks gave ±4-6 % for the
    /// median case on machine C). Sixteen gave ±3.7-4.1 %, and twenty took the whole command to 10 min 21 s there;
    /// twelve since the instruction pass counts CPU work exactly in the same ten minutes (about two of them): the time
    /// gates keep what instructions cannot see, at about √(16/12) = 1.15 × the half-width. The buffer strategies stop
    /// at 64 KiB, whose 128 and 256 KiB cells took two thirds of a 25-minute run on the 2-core machine B.
    /// </summary>
    public static MeasurementProfile PullRequest { get; } =
        new(ProfileKind.PullRequest,
            ShortOperations: new Sampling(Blocks: 12, UnitsPerBlock: 3, WarmupOperations: 1),
            LongOperations: new Sampling(Blocks: 3, UnitsPerBlock: 1, WarmupOperations: 0),
            Alone: new Sampling(Blocks: 1, UnitsPerBlock: 2, WarmupOperations: 0));

    public static IReadOnlyList<MeasurementProfile> All { get; } = [Default, Full, Quick, PullRequest];

    /// <summary>
    /// How a refresh samples: twice the blocks of this profile. A baseline is a measurement too, and the gates carry
    /// its uncertainty (<see cref="Gates.TimeRegressionRule.Slowdown"/>); measured twice as long, its intervals are √2
    /// narrower, and every later run can see a smaller regression against it.
    /// </summary>
    public MeasurementProfile ForRefresh() => TimesTheBlocks(2) with { Refreshing = true };

    /// <summary>
    /// This profile with <paramref name="factor"/> times the blocks of its short and long cells (rounded up): a run
    /// that may take longer buys narrower intervals. Four processes of the pull-request profile give a case of a 1 KiB
    /// cell ±5-7 % on a noisy 2-core machine (docs/trust.md); where blocks are what scatter, the half-width falls with
    /// the square root of the blocks, and where a case's processes differ, only more processes narrow it. A single
    /// case's cell is measured for its table row only, and keeps its sampling.
    /// </summary>
    public MeasurementProfile WithMoreBlocks(double factor) => factor == 1 ? this : TimesTheBlocks(factor) with { BlockFactor = factor };

    /// <summary><paramref name="factor"/> times the blocks of the short and long cells, rounded up.</summary>
    private MeasurementProfile TimesTheBlocks(double factor) => this with
    {
        ShortOperations = ShortOperations with { Blocks = (int)Math.Ceiling(ShortOperations.Blocks * factor) },
        LongOperations = LongOperations with { Blocks = (int)Math.Ceiling(LongOperations.Blocks * factor) },
    };

    /// <summary>
    /// What process <paramref name="process"/> of <paramref name="processes"/> measures: its share of every cell's
    /// blocks (<see cref="Sampling.ShareOf"/>).
    /// </summary>
    public MeasurementProfile ShareOf(int process, int processes) => processes == 1 ? this : this with
    {
        ShortOperations = ShortOperations.ShareOf(process, processes),
        LongOperations = LongOperations.ShareOf(process, processes),
        Alone = Alone.ShareOf(process, processes),
    };

    /// <summary>How a cell of <paramref name="cases"/> cases is sampled, its operations long or short.</summary>
    public Sampling For(bool longOperations, int cases) => cases == 1 ? Alone : longOperations ? LongOperations : ShortOperations;

    /// <summary>
    /// The profile PERF_PROFILE names; when unset, <paramref name="unset"/> (default: the default profile, or the
    /// pull-request profile where a paired build is measured). An unknown name is an error that lists the known ones.
    /// </summary>
    public static MeasurementProfile FromEnvironment(Func<string, string?> environment, MeasurementProfile? unset = null)
    {
        var name = environment("PERF_PROFILE");
        var profile = string.IsNullOrWhiteSpace(name)
            ? unset ?? Default
            : All.FirstOrDefault(p => string.Equals(p.Name, name.Trim(), StringComparison.OrdinalIgnoreCase))
              ?? throw new ArgumentException(
                  $"PERF_PROFILE={name} is not a profile; known: {string.Join(", ", All.Select(p => p.Name))}");
        return profile.WithMoreBlocks(BlockFactorFromEnvironment(environment));
    }

    /// <summary>
    /// PERF_SAMPLING, a number from 1 to 10 (<c>2</c>, <c>2.25</c>), or 1 when unset; anything else is an error naming
    /// it.
    /// </summary>
    public static double BlockFactorFromEnvironment(Func<string, string?> environment)
    {
        var text = environment("PERF_SAMPLING");
        if (string.IsNullOrWhiteSpace(text))
        {
            return 1;
        }

        return double.TryParse(text.Trim(), NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var factor) && factor is >= 1 and <= 10
            ? factor
            : throw new ArgumentException($"PERF_SAMPLING={text} is not a factor of the profile's blocks: a number from 1 to 10, e.g. 2 or 2.25");
    }
}
