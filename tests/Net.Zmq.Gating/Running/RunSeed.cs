using System.Globalization;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// The seed one measuring process draws for everything that orders its work (schedules, which build loads first,
/// which workloads open first). Each process draws its own, since a seed fixed across runs repeats one setup and never
/// averages out its lean; <c>PERF_SEED</c> replays one process exactly.
/// </summary>
public static class RunSeed
{
    public const string Variable = "PERF_SEED";

    /// <summary>This process's seed: <c>PERF_SEED</c>, or drawn once when first asked.</summary>
    public static int Process { get; } = FromEnvironment(Environment.GetEnvironmentVariable) ?? Draw();

    /// <summary>The seed <c>PERF_SEED</c> names; null when unset. A malformed one is an error naming it.</summary>
    public static int? FromEnvironment(Func<string, string?> environment)
    {
        var text = environment(Variable);
        return string.IsNullOrWhiteSpace(text) ? null
            : int.TryParse(text.Trim(), NumberStyles.Integer, CultureInfo.InvariantCulture, out var seed) && seed >= 0
                ? seed
                : throw new ArgumentException(
                    $"{Variable}={text} is not a seed: a whole number from 0 to {int.MaxValue}");
    }

    /// <summary>A fresh seed: what a child process is handed.</summary>
    public static int Draw() => Random.Shared.Next(0, int.MaxValue);

    /// <summary>
    /// A seed of its own for one <paramref name="purpose"/> (a cell's id, a block), stable across processes and
    /// runtimes, unlike string.GetHashCode.
    /// </summary>
    public static int For(int seed, string purpose) =>
        seed ^ purpose.Aggregate(17, (hash, c) => unchecked((hash * 31) + c));
}
