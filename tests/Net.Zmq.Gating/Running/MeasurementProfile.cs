namespace NetZmqTests.Gating.Running;

/// <summary>
/// How much BenchmarkDotNet measures per case. Operations here last milliseconds to seconds, so every iteration
/// is exactly one operation (BenchmarkDotNet's Monitoring strategy: no pilot, no overhead evaluation), and the
/// gates judge the per-iteration samples.
/// <para>
/// A case is measured in several rounds, each a separate BenchmarkDotNet run over all of a subject's cases, and
/// its samples are pooled. On a shared two-core machine a case's samples taken in one stretch of a second or so
/// agree with each other far better than with the same case measured a minute later; rounds make every case
/// and its reference sample several such stretches, close together in time.
/// </para>
/// </summary>
/// <param name="Name">The name PERF_PROFILE selects.</param>
/// <param name="Rounds">BenchmarkDotNet runs per subject; every case is measured once in each.</param>
/// <param name="WarmupIterations">Operations run and discarded per case and round, after BenchmarkDotNet's own jitting call.</param>
/// <param name="SmallMessageIterations">Measured operations per case and round for messages up to <see cref="LargeMessageBytes"/>:
/// such operations last milliseconds and scatter widely, so they need many samples.</param>
/// <param name="LargeMessageIterations">Measured operations per case and round for larger messages: each lasts a third
/// of a second or more.</param>
public sealed record MeasurementProfile(string Name, int Rounds, int WarmupIterations, int SmallMessageIterations, int LargeMessageIterations)
{
    public const int LargeMessageBytes = 4096;

    public static MeasurementProfile Default { get; } =
        new("default", Rounds: 4, WarmupIterations: 0, SmallMessageIterations: 6, LargeMessageIterations: 1);

    /// <summary>The same sampling over every case of every driver (the default measures part of the floor's and NetMQ's matrix).</summary>
    public static MeasurementProfile Full { get; } = Default with { Name = "full" };

    /// <summary>
    /// The default's sampling over a smaller share of the matrix (which share is the caller's: the profile only has
    /// the name). Each case it measures is sampled exactly as the baselines and their tolerances were, so its gates
    /// mean what they mean in a default run; only fewer cases are gated.
    /// </summary>
    public static MeasurementProfile Quick { get; } = Default with { Name = "quick" };

    public static IReadOnlyList<MeasurementProfile> All { get; } = [Default, Full, Quick];

    public int IterationsFor(int messageBytes) => messageBytes > LargeMessageBytes ? LargeMessageIterations : SmallMessageIterations;

    /// <summary>Measured operations per case over all rounds.</summary>
    public int SamplesFor(int messageBytes) => Rounds * IterationsFor(messageBytes);
    /// <summary>The profile PERF_PROFILE names (default when unset); an unknown name is an error that lists the known ones.</summary>
    public static MeasurementProfile FromEnvironment(Func<string, string?> environment)
    {
        var name = environment("PERF_PROFILE");
        if (string.IsNullOrWhiteSpace(name))
        {
            return Default;
        }

        return All.FirstOrDefault(p => string.Equals(p.Name, name.Trim(), StringComparison.OrdinalIgnoreCase))
               ?? throw new ArgumentException(
                   $"PERF_PROFILE={name} is not a profile; known: {string.Join(", ", All.Select(p => p.Name))}");
    }
}
