using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Scenarios.Catalog;

/// <summary>Every case the suite defines, for every driver, whether or not the driver is available here.</summary>
public static class CaseCatalog
{
    /// <summary>One operation: this many messages from the concurrent sender to the measured receiver.</summary>
    public const int MessagesPerOperation = 10_000;

    /// <summary>The sizes of Net.Zmq's published receive-mode table.</summary>
    public static IReadOnlyList<int> ReceiveModeSizes { get; } = [64, 512, 1024, 65536];

    /// <summary>Small, medium and large: the pattern suite's sizes.</summary>
    public static IReadOnlyList<int> PatternSizes { get; } = [64, 1024, 65536];

    /// <summary>Net.Zmq's published buffer-strategy table, up to where large-object-heap arrays start.</summary>
    public static IReadOnlyList<int> BufferStrategySizes { get; } = [64, 512, 1024, 65536, 131072, 262144];

    private const string NetMqMsgIsPooled =
        "NetMQ has no separate message pool: its Msg is already pooled (the Message case)";

    private static string NoMessagePool =>
        $"not in {NetZmqBuild.Version}: MessagePool exists only in Net.Zmq 0.4.0 and 0.4.1";

    /// <summary>Strategies a driver does not run, with the reason, rather than a fake (before <see cref="All"/>).
    /// </summary>
    public static IReadOnlyList<(DriverId Driver, BufferStrategy Strategy, string Reason)>
        StrategiesNotExpressed { get; } =
    [
        // A base lacking an API the head has says so per case (ZmqDriver.CannotRun); the comparison reports it.
        .. NetZmqBuild.HasMessagePool
            ? []
            : new[] { DriverId.NetZmq, DriverId.NetZmqBase }.SelectMany(build => new[]
            {
                (build, BufferStrategy.MessagePool, NoMessagePool),
                (build, BufferStrategy.MessagePoolRecvPool, NoMessagePool),
            }),
        (DriverId.LibZmq, BufferStrategy.MessagePool, "libzmq's C API has no message pool"),
        (DriverId.LibZmq, BufferStrategy.MessagePoolRecvPool, "libzmq's C API has no message pool"),
        (DriverId.NetMQ, BufferStrategy.ArrayPool,
            "NetMQ receives only into its own Msg or a new array; " +
            "renting an array to copy into would measure a copy, not a NetMQ receive path"),
        (DriverId.NetMQ, BufferStrategy.MessageZeroCopy, "NetMQ is managed: there is no native memory to hand over"),
        (DriverId.NetMQ, BufferStrategy.MessagePool, NetMqMsgIsPooled),
        (DriverId.NetMQ, BufferStrategy.MessagePoolRecvPool, NetMqMsgIsPooled),
    ];

    public static IReadOnlyList<CaseDefinition> All { get; } = BuildAll(everyNetZmqVersion: false);

    /// <summary>
    /// Every id a case has in some build: <see cref="All"/> plus the pool cases a Net.Zmq without MessagePool lacks (a
    /// baseline recorded with 0.4.1 rightly has them). Anything else in a baseline is a mistake.
    /// </summary>
    private static readonly HashSet<string> KnownIds =
        BuildAll(everyNetZmqVersion: true).Select(c => c.Id).ToHashSet(StringComparer.Ordinal);

    public static bool IsKnownId(string id) => KnownIds.Contains(id);

    public static IEnumerable<CaseDefinition> Available =>
        All.Where(c => ZmqDrivers.Get(c.Driver).Availability.IsAvailable);

    public static IEnumerable<(DriverId Driver, string Reason)> AbsentDrivers =>
        ZmqDrivers.All.Where(d => !d.Availability.IsAvailable).Select(d => (d.Id, d.Availability.Description));

    public static CaseDefinition Get(string id) => All[IndexOf(id)];

    /// <summary>
    /// A case's place in <see cref="All"/>, the report's order. Baseline files list cases by id, ordinally, so a
    /// refresh's diff never depends on how the catalog is built.
    /// </summary>
    public static int IndexOf(string id) =>
        Positions.TryGetValue(id, out var index)
            ? index
            : throw new KeyNotFoundException($"No case has the id '{id}'.");

    private static readonly Dictionary<string, int> Positions =
        All.Select((c, i) => (c.Id, i)).ToDictionary(p => p.Id, p => p.i, StringComparer.Ordinal);

    private static List<CaseDefinition> BuildAll(bool everyNetZmqVersion) =>
        [.. Enum.GetValues<DriverId>().SelectMany(driver => CasesOf(driver, everyNetZmqVersion))];

    /// <summary>
    /// Suite by suite, in the report's order: the receive-mode table ROUTER over tcp and the pattern suite every other
    /// pattern and transport pair, both in every mode with a reused buffer; the buffer-strategy table ROUTER over tcp,
    /// blocking, in every other strategy the driver expresses.
    /// </summary>
    private static IEnumerable<CaseDefinition> CasesOf(DriverId driver, bool everyNetZmqVersion) =>
        from suite in Enum.GetValues<Suite>()
        from pattern in Enum.GetValues<Pattern>()
        from transport in Enum.GetValues<Transport>()
        where (suite == Suite.Patterns) != (pattern == Pattern.RouterRouter && transport == Transport.Tcp)
        from mode in Enum.GetValues<ReceiveMode>()
        where suite != Suite.BufferStrategies || mode == ReceiveMode.PureBlocking
        from strategy in Enum.GetValues<BufferStrategy>()
        where (suite == Suite.BufferStrategies) == (strategy != BufferStrategy.ReusedBuffer)
            && (!StrategiesNotExpressed.Any(n => n.Driver == driver && n.Strategy == strategy)
                || (everyNetZmqVersion && driver is DriverId.NetZmq or DriverId.NetZmqBase))
        from size in suite switch
        {
            Suite.ReceiveModes => ReceiveModeSizes,
            Suite.Patterns => PatternSizes,
            _ => BufferStrategySizes,
        }
        select new CaseDefinition(driver, suite, pattern, transport, mode, strategy, size);
}
