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

    /// <summary>
    /// Whether a case's operations last long (0.1 s or more), which decides how its cell is sampled: messages over
    /// 4 KiB over tcp. Inproc moves even 64 KiB messages in 15-40 ms per operation, as fast as tcp moves 1 KiB ones.
    /// </summary>
    public static bool HasLongOperations(CaseDefinition definition) =>
        definition.MessageSize > 4096 && definition.Transport == Transport.Tcp;

    /// <summary>
    /// Whether <paramref name="profile"/> samples a case's cell as one of long operations: where they are long, and in
    /// the pull-request profile every message over 4 KiB, inproc too. On machine C inproc moved 64 KiB in 90-240 ms per
    /// operation, and its three 64 KiB cells, sampled as short, took 43-50 % of a pull-request run's measuring for
    /// head ÷ base intervals of ±9-19 % (median case), bounded by how one block differs from the next, not by units.
    /// The other profiles keep them short: their baselines and tolerances were measured so.
    /// </summary>
    public static bool SampledAsLong(CaseDefinition definition, ProfileKind profile) =>
        HasLongOperations(definition) || (profile == ProfileKind.PullRequest && definition.MessageSize > 4096);

    /// <summary>
    /// About how many seconds a cell of <paramref name="operations"/> operations in <paramref name="blocks"/> blocks
    /// takes, for the progress lines' time left: 0.2 s per block (fresh workloads, settling, warming) and per
    /// operation 5 ms plus its bytes at 0.4 ns a byte over tcp and a tenth of that over inproc, twice that for
    /// NetMQ's cells. Fitted on one default run with all three drivers on the 2-core machine (each cell's time within
    /// a factor of 2 of it); a guide, never a bound.
    /// </summary>
    public static double EstimatedSeconds(CaseDefinition anyCaseOfTheCell, int operations, int blocks)
    {
        var secondsPerByte = anyCaseOfTheCell.Transport == Transport.Tcp ? 0.4e-9 : 0.04e-9;
        var perOperation = 0.005 + (CaseCatalog.MessagesPerOperation * (double)anyCaseOfTheCell.MessageSize * secondsPerByte);
        return (0.2 * blocks) + (operations * perOperation * (anyCaseOfTheCell.Driver == DriverId.NetMQ ? 2 : 1));
    }

    /// <summary>
    /// About how long each cell of <paramref name="cases"/> takes with <paramref name="profile"/>'s sampling, by cell.
    /// </summary>
    public static IReadOnlyDictionary<string, double> CellSeconds(IReadOnlyList<CaseDefinition> cases, MeasurementProfile profile) =>
        cases.GroupBy(c => c.Cell).ToDictionary(cell => cell.Key, cell =>
        {
            var sampling = SamplingOf(cell.ToList(), profile);
            return EstimatedSeconds(cell.First(), sampling.OperationsPerCase * cell.Count(), sampling.Blocks);
        }, StringComparer.Ordinal);

    /// <summary>How <paramref name="profile"/> samples the cell whose cases are <paramref name="cellCases"/>.</summary>
    public static Sampling SamplingOf(IReadOnlyList<CaseDefinition> cellCases, MeasurementProfile profile) =>
        profile.For(SampledAsLong(cellCases[0], profile.Kind), cellCases.Count);

    /// <summary>
    /// The variant every case of <paramref name="suite"/> is a ratio to: PureBlocking, or ByteArray for the strategies.
    /// </summary>
    public static string ReferenceVariantOf(Suite suite) =>
        suite == Suite.BufferStrategies ? ReferenceStrategy.ToString() : ReferenceMode.ToString();

    /// <summary>
    /// The case <paramref name="c"/>'s time is a ratio to: the same case in the reference variant (itself, when it is
    /// the reference).
    /// </summary>
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
        var (group, variant, reference) = definition.Suite switch
        {
            Suite.ReceiveModes => (size, definition.Mode.ToString(), ReferenceVariantOf(definition.Suite)),
            Suite.Patterns => ($"{definition.Pattern}/{definition.Transport}/{size}", definition.Mode.ToString(), ReferenceVariantOf(definition.Suite)),
            _ => (size, definition.Strategy.ToString(), ReferenceVariantOf(definition.Suite)),
        };
        return new CaseIdentity(definition.Id, definition.Driver.ToString(), definition.Suite.ToString(), group, variant, reference,
            definition.CrossDriverKey)
        {
            // NonBlocking sleeps 1 ms whenever nothing is ready: at small sizes most of its operation is that sleep,
            // whose length the machine decides (seen: 64 B at 2.0 and at 3.1 × PureBlocking in unchanged runs, CPU time
            // the same in both).
            SleepBound = definition.Mode == ReceiveMode.NonBlocking,
            Unbaselined = PerfSelection.WhyUnbaselined(definition),
        };
    }
}
