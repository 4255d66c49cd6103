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

    /// <summary>
    /// The sizes of Net.Zmq's published buffer-strategy table, up to where large-object-heap arrays start.
    /// </summary>
    public static IReadOnlyList<int> BufferStrategySizes { get; } = [64, 512, 1024, 65536, 131072, 262144];

    /// <summary>
    /// Buffer strategies a driver does not run, each with the reason: the catalog says so rather than fake one. (Before
    /// <see cref="All"/>, which reads it.)
    /// </summary>
    public static IReadOnlyList<(DriverId Driver, BufferStrategy Strategy, string Reason)> StrategiesNotExpressed { get; } =
    [
        // The base runs the head's driver code, so it has the head's cases; a base that lacks an API the head has is
        // the base driver's to say, case by case (ZmqDriver.CannotRun), and the comparison reports it.
        .. NetZmqBuild.HasMessagePool
            ? []
            : new[] { DriverId.NetZmq, DriverId.NetZmqBase }.SelectMany(build => new[]
            {
                (build, BufferStrategy.MessagePool, $"not in {NetZmqBuild.Version}: MessagePool exists only in Net.Zmq 0.4.0 and 0.4.1"),
                (build, BufferStrategy.MessagePoolRecvPool, $"not in {NetZmqBuild.Version}: MessagePool exists only in Net.Zmq 0.4.0 and 0.4.1"),
            }),
        (DriverId.LibZmq, BufferStrategy.MessagePool, "libzmq's C API has no message pool"),
        (DriverId.LibZmq, BufferStrategy.MessagePoolRecvPool, "libzmq's C API has no message pool"),
        (DriverId.NetMQ, BufferStrategy.ArrayPool,
            "NetMQ receives only into its own Msg or a new array; renting an array to copy into would measure a copy, not a NetMQ receive path"),
        (DriverId.NetMQ, BufferStrategy.MessageZeroCopy, "NetMQ is managed: there is no native memory to hand over"),
        (DriverId.NetMQ, BufferStrategy.MessagePool, "NetMQ has no separate message pool: its Msg is already pooled (the Message case)"),
        (DriverId.NetMQ, BufferStrategy.MessagePoolRecvPool, "NetMQ has no separate message pool: its Msg is already pooled (the Message case)"),
    ];

    public static IReadOnlyList<CaseDefinition> All { get; } = BuildAll(everyNetZmqVersion: false);

    /// <summary>
    /// Every id a case has in some build: <see cref="All"/>, and Net.Zmq's pool cases when this build's Net.Zmq
    /// lacks MessagePool (a baseline recorded with 0.4.1 rightly has them). Anything else in a baseline is a mistake.
    /// </summary>
    private static readonly HashSet<string> KnownIds = BuildAll(everyNetZmqVersion: true).Select(c => c.Id).ToHashSet(StringComparer.Ordinal);

    /// <summary>True when some build of this suite defines a case with this id (see <see cref="KnownIds"/>).</summary>
    public static bool IsKnownId(string id) => KnownIds.Contains(id);

    /// <summary>The cases whose driver is available in this build on this machine.</summary>
    public static IEnumerable<CaseDefinition> Available =>
        All.Where(c => ZmqDrivers.Get(c.Driver).Availability.IsAvailable);

    /// <summary>Each driver that is not available, with its own reason.</summary>
    public static IEnumerable<(DriverId Driver, string Reason)> AbsentDrivers =>
        ZmqDrivers.All.Where(d => !d.Availability.IsAvailable).Select(d => (d.Id, d.Availability.Description));

    public static CaseDefinition Get(string id) => All[IndexOf(id)];

    /// <summary>
    /// Where a case stands in <see cref="All"/>: the order the report lists cases in. Baseline files list them by id,
    /// ordinally (BaselineWriter), so that a refresh's diff never depends on how the catalog is built.
    /// </summary>
    public static int IndexOf(string id) =>
        Positions.TryGetValue(id, out var index) ? index : throw new KeyNotFoundException($"No case has the id '{id}'.");

    private static readonly Dictionary<string, int> Positions = All.Select((c, i) => (c.Id, i)).ToDictionary(p => p.Id, p => p.i, StringComparer.Ordinal);

    private static List<CaseDefinition> BuildAll(bool everyNetZmqVersion)
    {
        var cases = new List<CaseDefinition>();
        foreach (var driver in Enum.GetValues<DriverId>())
        {
            foreach (var mode in Enum.GetValues<ReceiveMode>())
            {
                foreach (var size in ReceiveModeSizes)
                {
                    cases.Add(new CaseDefinition(driver, Suite.ReceiveModes, Pattern.RouterRouter, Transport.Tcp, mode, BufferStrategy.ReusedBuffer, size));
                }
            }

            foreach (var (pattern, transport) in PatternTransports)
            {
                foreach (var mode in Enum.GetValues<ReceiveMode>())
                {
                    foreach (var size in PatternSizes)
                    {
                        cases.Add(new CaseDefinition(driver, Suite.Patterns, pattern, transport, mode, BufferStrategy.ReusedBuffer, size));
                    }
                }
            }

            foreach (var strategy in Enum.GetValues<BufferStrategy>().Where(s => s != BufferStrategy.ReusedBuffer))
            {
                if (StrategiesNotExpressed.Any(n => n.Driver == driver && n.Strategy == strategy) && !(everyNetZmqVersion && driver is DriverId.NetZmq or DriverId.NetZmqBase))
                {
                    continue;
                }

                foreach (var size in BufferStrategySizes)
                {
                    cases.Add(new CaseDefinition(driver, Suite.BufferStrategies, Pattern.RouterRouter, Transport.Tcp, ReceiveMode.PureBlocking, strategy, size));
                }
            }
        }

        return cases;
    }

    /// <summary>
    /// The pattern suite's pattern and transport pairs: all six but ROUTER over tcp, which is the receive-mode suite.
    /// </summary>
    private static IEnumerable<(Pattern, Transport)> PatternTransports =>
        from pattern in Enum.GetValues<Pattern>()
        from transport in Enum.GetValues<Transport>()
        where !(pattern == Pattern.RouterRouter && transport == Transport.Tcp)
        select (pattern, transport);
}
