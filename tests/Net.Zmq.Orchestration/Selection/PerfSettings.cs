using System.Globalization;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Selection;

/// <summary>One Perf run's controls (README's), where it writes, and the environment it consults (CI).</summary>
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

    /// <summary>PERF_DRIVERS, or every available driver (a pull-request run leaves NetMQ out).</summary>
    public DriverSelection Drivers { get; init; } = DriverSelection.Default;

    /// <summary>
    /// PERF_PROCESSES: with more than one, each measures with its own seed and share of every cell's blocks, and the
    /// processes are the top level of the head ÷ base intervals. Default four where a base build is measured (one
    /// process's state cannot fail a merge alone), else one. A confirmation always takes fresh processes.
    /// </summary>
    public int Processes { get; init; } = 1;

    /// <summary>PERF_INJECT_PROCESSES: processes (from 1) PERF_INJECT applies in; null for all.</summary>
    public IReadOnlySet<int>? InjectedProcesses { get; init; }

    /// <summary>PERF_SHARD: this run measures one share of the cells (<see cref="Gating.Running.Shard"/>).</summary>
    public Shard? Shard { get; init; }

    /// <summary>PERF_MERGE: a folder of shards' files, judged as one run (<see cref="RunMeasurements"/>).</summary>
    public string? MergeDirectory { get; init; }

    /// <summary>PERF_INSTRUCTIONS: count instructions under Valgrind (on, default); off is reported.</summary>
    public bool CountInstructions { get; init; } = true;

    /// <summary>PERF_TIMING: time cases (on, default), or only count them for build/bisect.sh (off).</summary>
    public bool Timing { get; init; } = true;

    /// <summary>A Perf run's settings from the environment; a malformed control is an error naming it.</summary>
    public static PerfSettings FromEnvironment(Func<string, string?> environment, SourceLayout layout)
    {
        var drivers = DriverSelection.FromEnvironment(environment);
        var baseMeasured = ZmqDrivers.Get(DriverId.NetZmqBase).Availability.IsAvailable
            && drivers.WhyLeftOut(DriverId.NetZmqBase, baseAvailable: true) is null;
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
            MergeDirectory = environment(RunMeasurements.MergeVariable)?.Trim() is { Length: > 0 } merge ? merge : null,
            CountInstructions = OnOrOff(environment, "PERF_INSTRUCTIONS"),
            Timing = OnOrOff(environment, "PERF_TIMING"),
        };
    }

    /// <summary>A switch: <c>on</c> (or unset) or <c>off</c>; anything else is an error naming it.</summary>
    public static bool OnOrOff(Func<string, string?> environment, string variable) =>
        environment(variable)?.Trim().ToLowerInvariant() switch
        {
            null or "" or "on" => true,
            "off" => false,
            var other => throw new ArgumentException($"{variable}={other} is not on or off"),
        };

    /// <summary>PERF_INJECT_PROCESSES (<c>1</c>, <c>1;3</c>), or null when unset; malformed is an error.</summary>
    public static IReadOnlySet<int>? InjectedProcessesFromEnvironment(Func<string, string?> environment) =>
        environment("PERF_INJECT_PROCESSES") is not { } text || string.IsNullOrWhiteSpace(text) ? null
        : text.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(t => int.TryParse(t, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n >= 1 ? n : 0)
            .ToHashSet() is { Count: > 0 } numbers && !numbers.Contains(0)
            ? numbers
            : throw new ArgumentException(
                $"PERF_INJECT_PROCESSES={text} is not a list of process numbers: e.g. 1 or 1;3 (from 1)");

    /// <summary>PERF_PROCESSES (1 to 20), or null when unset; anything else is an error naming it.</summary>
    public static int? ProcessesFromEnvironment(Func<string, string?> environment) =>
        environment("PERF_PROCESSES") is not { } text || string.IsNullOrWhiteSpace(text) ? null
        : int.TryParse(text.Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n is >= 1 and <= 20
            ? n
        : throw new ArgumentException(
            $"PERF_PROCESSES={text} is not a number of processes: a whole number from 1 to 20");
}
