using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Selection;

/// <summary>
/// Which available drivers a Perf run measures (PERF_DRIVERS, <c>;</c>-separated ids). Unset: every one, but a
/// pull-request run (a base build present) leaves NetMQ out unless named: it would double the run's time without
/// telling whether the change is slower than its base.
/// </summary>
/// <param name="named">The drivers named; null for <see cref="Default"/>.</param>
public sealed class DriverSelection(IReadOnlySet<DriverId>? named)
{
    public const string Variable = "PERF_DRIVERS";

    /// <summary>Every available driver (with the pull-request rule above).</summary>
    public static DriverSelection Default { get; } = new(null);

    /// <summary>Exactly these drivers, where available.</summary>
    public static DriverSelection Of(params DriverId[] drivers) => new(drivers.ToHashSet());

    /// <summary>PERF_DRIVERS' selection; unset or blank is <see cref="Default"/>; an unknown id is an error.</summary>
    public static DriverSelection FromEnvironment(Func<string, string?> environment)
    {
        var value = environment(Variable);
        return string.IsNullOrWhiteSpace(value) ? Default : new DriverSelection(value
            .Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(part => Enum.TryParse<DriverId>(part, ignoreCase: false, out var id) && Enum.IsDefined(id)
                ? id
                : throw new ArgumentException($"{Variable}={value}: '{part}' is not a driver; " +
                    $"known: {string.Join(", ", Enum.GetNames<DriverId>())}"))
            .ToHashSet());
    }

    /// <summary>Why an available <paramref name="driver"/> is not measured in this run, or null when it is.</summary>
    /// <param name="baseAvailable">Whether the base build of Net.Zmq is available (a pull-request run).</param>
    public string? WhyLeftOut(DriverId driver, bool baseAvailable) => named switch
    {
        { } names when !names.Contains(driver) => $"left out: {Variable}={string.Join(';', names.Order())} does not name it",
        null when driver == DriverId.NetMQ && baseAvailable =>
            $"left out: a base build of Net.Zmq was given, so this is a pull-request run (the head, its base and the floor); " +
            $"{Variable}={string.Join(';', Enum.GetValues<DriverId>())} measures NetMQ too",
        _ => null,
    };

    /// <summary>Whether PERF_DRIVERS names <paramref name="driver"/> (the default names none).</summary>
    public bool Names(DriverId driver) => named?.Contains(driver) == true;

    public override string ToString() => named is null ? "default" : string.Join(';', named.Order());
}
