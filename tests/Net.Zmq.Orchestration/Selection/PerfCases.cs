using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Selection;

/// <summary>How catalog cases look to the gating library, which knows nothing of ZeroMQ.</summary>
public static class PerfCases
{
    /// <summary>Receive-mode and pattern times are judged against PureBlocking in the same group.</summary>
    public const ReceiveMode ReferenceMode = ReceiveMode.PureBlocking;

    /// <summary>Buffer-strategy times are judged against ByteArray at the same size, as in Net.Zmq's table.</summary>
    public const BufferStrategy ReferenceStrategy = BufferStrategy.ByteArray;

    /// <summary>Whether operations last long (0.1 s or more), deciding sampling: over 4 KiB over tcp.</summary>
    public static bool HasLongOperations(CaseDefinition definition) =>
        definition.MessageSize > 4096 && definition.Transport == Transport.Tcp;

    /// <summary>
    /// Whether <paramref name="profile"/> samples a cell as long: where operations are long, and in the pull-request
    /// profile every message over 4 KiB, inproc too; the other profiles' baselines were measured short.
    /// </summary>
    public static bool SampledAsLong(CaseDefinition definition, ProfileKind profile) =>
        HasLongOperations(definition) || (profile == ProfileKind.PullRequest && definition.MessageSize > 4096);

    /// <summary>
    /// About how many seconds a cell takes, for the progress lines' time left: a cost per block, plus per operation a
    /// fixed cost and its bytes (tcp dearer than inproc, NetMQ twice); a guide, never a bound.
    /// </summary>
    public static double EstimatedSeconds(CaseDefinition anyCaseOfTheCell, int operations, int blocks)
    {
        var secondsPerByte = anyCaseOfTheCell.Transport == Transport.Tcp ? 0.4e-9 : 0.04e-9;
        var perOperation = 0.005 + (CaseCatalog.MessagesPerOperation * (double)anyCaseOfTheCell.MessageSize * secondsPerByte);
        return (0.2 * blocks) + (operations * perOperation * (anyCaseOfTheCell.Driver == DriverId.NetMQ ? 2 : 1));
    }

    /// <summary>About how long each cell of <paramref name="cases"/> takes with a profile's sampling.</summary>
    public static IReadOnlyDictionary<string, double> CellSeconds(IReadOnlyList<CaseDefinition> cases, MeasurementProfile profile) =>
        cases.GroupBy(c => c.Cell).Select(cell => (Cell: cell, Sampling: SamplingOf(cell.ToList(), profile)))
            .ToDictionary(c => c.Cell.Key, c => EstimatedSeconds(c.Cell.First(),
                c.Sampling.OperationsPerCase * c.Cell.Count(), c.Sampling.Blocks), StringComparer.Ordinal);

    /// <summary>How <paramref name="profile"/> samples the cell whose cases are <paramref name="cellCases"/>.</summary>
    public static Sampling SamplingOf(IReadOnlyList<CaseDefinition> cellCases, MeasurementProfile profile) =>
        profile.For(SampledAsLong(cellCases[0], profile.Kind), cellCases.Count);

    /// <summary>The variant every case of a suite is a ratio to: PureBlocking, or ByteArray for strategies.</summary>
    public static string ReferenceVariantOf(Suite suite) =>
        suite == Suite.BufferStrategies ? ReferenceStrategy.ToString() : ReferenceMode.ToString();

    /// <summary>The case a case's time is a ratio to: itself in the reference variant.</summary>
    public static CaseDefinition ReferenceOf(CaseDefinition c) => c.Suite == Suite.BufferStrategies
        ? new CaseDefinition(c.Driver, c.Suite, c.Pattern, c.Transport, c.Mode, ReferenceStrategy, c.MessageSize)
        : new CaseDefinition(c.Driver, c.Suite, c.Pattern, c.Transport, ReferenceMode, c.Strategy, c.MessageSize);

    /// <summary>
    /// The group a case's time is compared within, and what varies there: receive modes at one size (patterns: at
    /// one pattern, transport and size), strategies at one size.
    /// </summary>
    public static CaseIdentity Identify(CaseDefinition definition)
    {
        var size = CaseDefinition.FormatSize(definition.MessageSize);
        var (group, variant) = definition.Suite switch
        {
            Suite.ReceiveModes => (size, definition.Mode.ToString()),
            Suite.Patterns => ($"{definition.Pattern}/{definition.Transport}/{size}", definition.Mode.ToString()),
            _ => (size, definition.Strategy.ToString()),
        };
        return new CaseIdentity(definition.Id, definition.Driver.ToString(), definition.Suite.ToString(), group, variant,
            ReferenceVariantOf(definition.Suite), definition.CrossDriverKey)
        {
            // NonBlocking sleeps 1 ms whenever nothing is ready: at small sizes the machine decides its time.
            SleepBound = definition.Mode == ReceiveMode.NonBlocking,
            Unbaselined = PerfSelection.WhyUnbaselined(definition),
        };
    }
}
