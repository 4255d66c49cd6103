using System.Text.RegularExpressions;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// Which cases a Perf run measures: the profile's share of the matrix per driver, narrowed by PERF_FILTER. A
/// selected case always brings its group's reference case (its time is judged only as a ratio to it).
/// </summary>
internal static class PerfSelection
{
    /// <summary>
    /// The default profile measures all of Net.Zmq, the subject. The floor and NetMQ run what the comparisons
    /// need: the receive-mode table whole, every pattern and transport in blocking receive (the overhead tables),
    /// and the buffer strategies they share with Net.Zmq's table (NetMQ up to 64 KiB, where its managed copies
    /// already take seconds per operation). <c>full</c> measures every case of every driver.
    /// </summary>
    public static bool InProfile(MeasurementProfile profile, CaseDefinition c) => profile.Name switch
    {
        "full" => true,
        _ => c.Driver switch
        {
            DriverId.NetZmq => true,
            DriverId.LibZmq => c.Suite switch
            {
                Suite.ReceiveModes => true,
                Suite.Patterns => c.Mode == ReceiveMode.PureBlocking,
                _ => c.Strategy is BufferStrategy.ByteArray or BufferStrategy.Message,
            },
            _ => c.Suite switch
            {
                Suite.ReceiveModes => true,
                Suite.Patterns => c.Mode == ReceiveMode.PureBlocking,
                _ => c.Strategy is BufferStrategy.ByteArray or BufferStrategy.Message && c.MessageSize <= 65536,
            },
        },
    };

    /// <summary>The cases of <paramref name="driver"/> this run measures, in catalog order.</summary>
    public static IReadOnlyList<CaseDefinition> Select(DriverId driver, MeasurementProfile profile, string? filter)
    {
        var pattern = filter is null ? null : Glob(filter);
        var cases = CaseCatalog.All.Where(c => c.Driver == driver && InProfile(profile, c)).ToList();
        var chosen = cases.Where(c => pattern is null || pattern.IsMatch(c.Id)).ToList();
        var groups = chosen.Select(c => (c.Suite, PerfCases.Identify(c).Group)).ToHashSet();
        return cases.Where(c => chosen.Contains(c)
                                || (PerfCases.Identify(c).IsReference && groups.Contains((c.Suite, PerfCases.Identify(c).Group))))
            .ToList();
    }

    /// <summary>PERF_FILTER: globs over case ids (<c>*</c> any run of characters, <c>?</c> one), several separated by <c>;</c>.</summary>
    public static string? FilterFromEnvironment() =>
        Environment.GetEnvironmentVariable("PERF_FILTER") is { } value && !string.IsNullOrWhiteSpace(value) ? value.Trim() : null;

    public static Regex Glob(string globs) =>
        new("^(?:" + string.Join('|', globs.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(g => Regex.Escape(g).Replace(@"\*", ".*", StringComparison.Ordinal).Replace(@"\?", ".", StringComparison.Ordinal))) + ")$",
            RegexOptions.CultureInvariant);
}
