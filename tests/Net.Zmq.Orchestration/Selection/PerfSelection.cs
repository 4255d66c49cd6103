using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Selection;

/// <summary>
/// Which cases a Perf run measures: the profile's share of the matrix per driver, narrowed by PERF_FILTER. A
/// selected case always brings its group's reference case (its time is judged only as a ratio to it).
/// </summary>
public static class PerfSelection
{
    /// <summary>
    /// <c>default</c>: all of Net.Zmq; the floor and NetMQ what comparisons need (receive modes whole, every pattern
    /// and transport blocking, shared buffer strategies, NetMQ's up to 64 KiB). <c>full</c>: everything. <c>quick</c>:
    /// the default's at 64 B and 1 KiB, patterns only blocking and Poller at 1 KiB. <c>pr</c>: the default's but
    /// strategies over 64 KiB. A base build runs exactly the head's cases.
    /// </summary>
    public static bool InProfile(MeasurementProfile profile, CaseDefinition c) => profile.Kind switch
    {
        ProfileKind.Full => true,
        ProfileKind.PullRequest => InProfile(MeasurementProfile.Default, c)
            && !(c.Suite == Suite.BufferStrategies && c.MessageSize > 65536),
        ProfileKind.Quick => InProfile(MeasurementProfile.Default, c) && c.MessageSize is 64 or 1024 && c.Suite switch
        {
            Suite.Patterns => c.MessageSize == 1024 && c.Mode is ReceiveMode.PureBlocking or ReceiveMode.Poller,
            _ => true,
        },
        _ => c.Driver switch
        {
            // The base is measured beside the head, case for case: every case of the head has its base's.
            DriverId.NetZmq or DriverId.NetZmqBase => true,
            _ => c.Suite switch
            {
                Suite.ReceiveModes => true,
                Suite.Patterns => c.Mode == ReceiveMode.PureBlocking,
                _ => c.Strategy is BufferStrategy.ByteArray or BufferStrategy.Message
                    && (c.Driver == DriverId.LibZmq || c.MessageSize <= 65536),
            },
        },
    };

    /// <summary>
    /// Why a case has no baseline entry by design, or null. A refresh measures the default profile, so cases only
    /// <c>full</c> measures are shown unbaselined, gated by policies, until a <c>full</c> refresh writes them.
    /// </summary>
    public static string? WhyUnbaselined(CaseDefinition c) =>
        InProfile(MeasurementProfile.Default, c)
            ? null
            : "the baselines hold the default profile's cases and only the full profile measures this one";

    /// <summary>The cases of <paramref name="driver"/> this run measures, in catalog order.</summary>
    public static IReadOnlyList<CaseDefinition> Select(
        DriverId driver, MeasurementProfile profile, CaseFilter? filter) =>
        WithReferences(CaseCatalog.All
            .Where(c => c.Driver == driver && InProfile(profile, c) && (filter is null || filter.Matches(c.Id)))
            .ToList());

    /// <summary><paramref name="cases"/> with each one's group reference, in catalog order.</summary>
    public static List<CaseDefinition> WithReferences(IReadOnlyCollection<CaseDefinition> cases)
    {
        var groups = cases.Select(c => (c.Driver, c.Suite, PerfCases.Identify(c).Group)).ToHashSet();
        return CaseCatalog.All.Where(c => cases.Contains(c)
                || (PerfCases.Identify(c).IsReference
                    && groups.Contains((c.Driver, c.Suite, PerfCases.Identify(c).Group))))
            .ToList();
    }
}
