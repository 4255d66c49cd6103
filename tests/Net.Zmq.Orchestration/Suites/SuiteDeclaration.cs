using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Orchestration.Claims;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Suites;

/// <summary>
/// What one suite is gated on, declared once: the run, the baseline store and explain read it, and nothing else tells
/// suites apart. Its baseline file is <c>baselines/</c> + <see cref="SuiteId.FileName"/>.
/// </summary>
/// <param name="ReferenceVariant">What each case's time is a ratio to: a variant of its group, or (the binding
/// overhead) another subject's same case.</param>
/// <param name="GatesCpuTimeAlways">CPU-time ratios gated wherever wall-time ones are (else only beside a busy
/// neighbour and for cases that sleep between polls).</param>
/// <param name="NewFilePolicy">The bounds a new baseline file starts with, reviewed by hand from then on.</param>
/// <param name="MadeOf">The subjects measured for it: where one was not, its file is unchecked and a note says.</param>
/// <param name="CatalogCaseOf">The catalog case behind an id its file may hold; null for any other id.</param>
public sealed record SuiteDeclaration(SuiteId Id, string ReferenceVariant, bool GatesCpuTimeAlways, bool GatesAllocation, Policy NewFilePolicy,
    IReadOnlyList<DriverId> MadeOf, Func<string, CaseDefinition?> CatalogCaseOf)
{
    /// <summary>Times judged only on the recorded native version: the floor's (other libzmq, other floor).</summary>
    public bool TimeOnlyOnTheRecordedVersion { get; init; }

    /// <summary>Its cases get tables of their own (false: they are ratios another table shows).</summary>
    public bool HasTables { get; init; } = true;

    /// <summary>Whether its file may hold an entry with this id: a catalog case in some build.</summary>
    public bool MayHold(string id) => CatalogCaseOf(id) is { } c && CaseCatalog.IsKnownId(c.Id);

    /// <summary>The suite's cases judged against its file, with the gates it declares.</summary>
    public IReadOnlyList<GateResult> Evaluate(
        IReadOnlyList<AnalyzedCase> cases, BaselineBasis basis, string baselinePath) =>
        [.. GateEvaluator.Evaluate(cases, basis, baselinePath, gateCpuTime: GatesCpuTimeAlways)
            .Where(g => GatesAllocation || !g.Id.IsAllocation)];

    /// <summary>A driver's suite of the catalog: its own cases, each against its group's reference variant.</summary>
    public static SuiteDeclaration OfCatalog(DriverId driver, Suite suite) => new(
        new SuiteId(driver.ToString(), suite.ToString()),
        PerfCases.ReferenceVariantOf(suite),
        GatesCpuTimeAlways: false,
        GatesAllocation: true,
        suite == Suite.BufferStrategies
            ? new Policy([], [PolicyBounds.ArrayPoolUnder5KB, .. driver == DriverId.NetZmq ? new[] { PolicyBounds.RecvPoolUnder5KB, PolicyBounds.ClaimC4, PolicyBounds.ClaimC5 } : []], [])
            : new Policy([PolicyBounds.PollerNearPureBlocking], [], []),
        [driver],
        id => CaseDefinition.Parse(id) is { } c && c.Driver == driver && c.Suite == suite ? c : null)
    {
        TimeOnlyOnTheRecordedVersion = driver == DriverId.LibZmq,
    };
}

/// <summary>
/// Every suite gated against a baseline file: each driver's three (none for a subject that is only a paired suite's
/// reference: the base build) and each paired suite's that is judged against a file of its own (the binding overhead).
/// </summary>
public static class SuiteDeclarations
{
    public static IReadOnlyList<SuiteDeclaration> All { get; } =
    [
        .. Enum.GetValues<DriverId>().Where(d => DerivedSuites.ReferenceOnly(d) is null)
            .SelectMany(d => Enum.GetValues<Suite>().Select(s => SuiteDeclaration.OfCatalog(d, s))),
        .. DerivedSuites.All.Select(p => p.FileDeclaration).OfType<SuiteDeclaration>(),
    ];

    /// <summary>The suite's declaration; null when no suite has this id (a stray file's name).</summary>
    public static SuiteDeclaration? Find(SuiteId id) => All.FirstOrDefault(d => d.Id == id);

    public static SuiteDeclaration Of(SuiteId id) =>
        Find(id) ?? throw new KeyNotFoundException($"no suite {id.Subject}.{id.Suite} is declared; known: {string.Join(", ", All.Select(d => d.Id.FileName))}");
}

/// <summary>
/// The hand-set bounds, defined once: new baseline files start with them (<see cref="SuiteDeclaration.OfCatalog"/>)
/// and claims that are also gates name them (<see cref="PublishedClaims"/>), so a claim's gate is the gate itself.
/// </summary>
public static class PolicyBounds
{
    public static RatioBound PollerNearPureBlocking { get; } =
        new(nameof(ReceiveMode.Poller), nameof(ReceiveMode.PureBlocking), 1.10, "the product owner's bound");

    public static BytesBound ArrayPoolUnder5KB { get; } =
        new(nameof(BufferStrategy.ArrayPool), 5000, 0, "the product owner's bound: ArrayPool allocates < 5 KB per 10,000-message operation");

    public static BytesBound RecvPoolUnder5KB { get; } =
        new(nameof(BufferStrategy.MessagePoolRecvPool), 5000, 0, "the product owner's bound, as for ArrayPool");

    /// <summary>Net.Zmq's published claim C4 as a bound.</summary>
    public static BytesBound ClaimC4 { get; } =
        new(nameof(BufferStrategy.ArrayPool), 2048, 1024, "Net.Zmq's published claim C4: about 1-2 KB per 10,000 messages at up to 1 KiB");

    /// <summary>Net.Zmq's published claim C5 as a bound.</summary>
    public static BytesBound ClaimC5 { get; } =
        new(nameof(BufferStrategy.MessagePoolRecvPool), 3000, 0, "Net.Zmq's published claim C5: under 3 KB per 10,000 messages at every size");
}
