using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Selection;

/// <summary>
/// What one Perf run measures and does: the run controls README documents (PERF_PROFILE, PERF_FILTER, PERF_INJECT,
/// PERF_PLACEMENT, PERF_DRIVERS, UpdateBaselines), where it writes, and the environment it consults for anything else
/// (CI).
/// </summary>
public sealed record PerfSettings(
    MeasurementProfile Profile,
    CaseFilter? Filter,
    InjectionPlan? Injection,
    bool UpdateBaselines,
    string ArtifactsDirectory,
    Func<string, string?> Environment)
{
    /// <summary>Where the measured threads run; pinned unless PERF_PLACEMENT says otherwise.</summary>
    public ThreadPlacement Placement { get; init; } = ThreadPlacement.FromEnvironment(_ => null);

    /// <summary>
    /// Which available drivers are measured; PERF_DRIVERS, or every one (a pull-request run leaves NetMQ out).
    /// </summary>
    public DriverSelection Drivers { get; init; } = DriverSelection.Default;

    /// <summary>
    /// How many processes measure the run (PERF_PROCESSES): with more than one, each in a process of its own with its
    /// own seed and its share of every cell's blocks, and the processes are the top level of the intervals where they
    /// matter (head ÷ base). Default: four where a base build is measured (a state of one process cannot then fail a
    /// merge alone, and each case's process component has three degrees of freedom: with two it had one, and a t of
    /// 12.7 made whole cells' intervals ±90 %), otherwise one, in the test process. Measuring again to confirm a
    /// failed gate always takes fresh processes.
    /// </summary>
    public int Processes { get; init; } = 1;

    /// <summary>
    /// PERF_INJECT_PROCESSES: the measuring processes (from 1) PERF_INJECT applies in, the others measuring the code as
    /// it is; null for every process. What a state of one process looks like, made on purpose: the self-test of the
    /// process level.
    /// </summary>
    public IReadOnlySet<int>? InjectedProcesses { get; init; }

    /// <summary>
    /// PERF_SHARD: this run measures one share of the cells (<see cref="Gating.Running.Shard"/>); null for all of them.
    /// </summary>
    public Shard? Shard { get; init; }

    /// <summary>
    /// PERF_MERGE: a folder of shards' files; the run measures nothing and judges them as one run
    /// (<see cref="RunMeasurements"/>).
    /// </summary>
    public string? MergeDirectory { get; init; }

    /// <summary>
    /// PERF_INSTRUCTIONS: whether the run counts instructions under Valgrind (on, the default) or says why not (off: a
    /// shorter run whose CPU work is not counted, and whose report and notes say so).
    /// </summary>
    public bool CountInstructions { get; init; } = true;

    /// <summary>
    /// PERF_TIMING: whether the run times its cases (on, the default) or only counts them (off: native calls and
    /// instructions, written to the run's measurements file for build/bisect.sh; nothing timed, no gate judged).
    /// </summary>
    public bool Timing { get; init; } = true;

    /// <summary>
    /// The settings of <c>dotnet test --filter Category=Perf</c>: every control from the environment; a malformed one
    /// is an error naming it.
    /// </summary>
    public static PerfSettings FromEnvironment(Func<string, string?> environment, SourceLayout layout)
    {
        var drivers = DriverSelection.FromEnvironment(environment);
        var baseMeasured = ZmqDrivers.Get(DriverId.NetZmqBase).Availability.IsAvailable && drivers.WhyLeftOut(DriverId.NetZmqBase, baseAvailable: true) is null;
        // A run with a base build is a pull request's: its own profile unless PERF_PROFILE names another.
        return new(
            MeasurementProfile.FromEnvironment(environment, baseMeasured ? MeasurementProfile.PullRequest : null),
            CaseFilter.FromEnvironment(environment),
            InjectionPlan.FromEnvironment(environment),
            string.Equals(environment("UpdateBaselines"), "true", StringComparison.OrdinalIgnoreCase),
            layout.PerfArtifactsDirectory,
            environment)
        {
            Placement = ThreadPlacement.FromEnvironment(environment),
            Drivers = drivers,
            Processes = ProcessesFromEnvironment(environment) ?? (baseMeasured ? 4 : 1),
            Shard = Shard.FromEnvironment(environment),
            InjectedProcesses = InjectedProcessesFromEnvironment(environment),
            MergeDirectory = string.IsNullOrWhiteSpace(environment(RunMeasurements.MergeVariable)) ? null : environment(RunMeasurements.MergeVariable)!.Trim(),
            CountInstructions = OnOrOff(environment, "PERF_INSTRUCTIONS"),
            Timing = OnOrOff(environment, "PERF_TIMING"),
        };
    }

    /// <summary>
    /// A switch (PERF_INSTRUCTIONS, PERF_TIMING): <c>on</c> (or unset) or <c>off</c>; anything else an error naming it.
    /// </summary>
    public static bool OnOrOff(Func<string, string?> environment, string variable) =>
        environment(variable)?.Trim().ToLowerInvariant() switch
        {
            null or "" or "on" => true,
            "off" => false,
            var other => throw new ArgumentException($"{variable}={other} is not on or off"),
        };

    /// <summary>
    /// PERF_INJECT_PROCESSES (<c>1</c>, <c>1;3</c>), or null when unset; anything but process numbers from 1 is an
    /// error naming it.
    /// </summary>
    public static IReadOnlySet<int>? InjectedProcessesFromEnvironment(Func<string, string?> environment)
    {
        var text = environment("PERF_INJECT_PROCESSES");
        if (string.IsNullOrWhiteSpace(text))
        {
            return null;
        }

        var numbers = text.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(t => int.TryParse(t, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var n) && n >= 1 ? n : 0)
            .ToHashSet();
        return numbers.Count > 0 && !numbers.Contains(0)
            ? numbers
            : throw new ArgumentException($"PERF_INJECT_PROCESSES={text} is not a list of process numbers: e.g. 1 or 1;3 (from 1)");
    }

    /// <summary>
    /// PERF_PROCESSES, or null when unset; anything but a whole number from 1 to 20 is an error naming it.
    /// </summary>
    public static int? ProcessesFromEnvironment(Func<string, string?> environment)
    {
        var text = environment("PERF_PROCESSES");
        if (string.IsNullOrWhiteSpace(text))
        {
            return null;
        }

        return int.TryParse(text.Trim(), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var n) && n is >= 1 and <= 20
            ? n
            : throw new ArgumentException($"PERF_PROCESSES={text} is not a number of processes: a whole number from 1 to 20");
    }
}
