using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Scenarios.Perf;

/// <summary>
/// What one Perf run measures and does: the run controls README documents (PERF_PROFILE, PERF_FILTER, PERF_INJECT,
/// PERF_PLACEMENT, PERF_DRIVERS, UpdateBaselines), where it writes, and the environment it consults for anything else (CI).
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

    /// <summary>Which available drivers are measured; PERF_DRIVERS, or every one (a pull-request run leaves NetMQ out).</summary>
    public DriverSelection Drivers { get; init; } = DriverSelection.Default;

    /// <summary>The settings of <c>dotnet test --filter Category=Perf</c>: every control from the environment; a malformed one is an error naming it.</summary>
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
        };
    }
}
