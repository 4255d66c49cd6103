using System.Globalization;

namespace NetZmqTests.Scenarios.Catalog;

/// <summary>
/// One measurable case. Its <see cref="Id"/> names every dimension and is the key everywhere (report rows, baselines,
/// filters): changing what a case measures means a new id.
/// </summary>
public sealed record CaseDefinition(
    DriverId Driver,
    Suite Suite,
    Pattern Pattern,
    Transport Transport,
    ReceiveMode Mode,
    BufferStrategy Strategy,
    int MessageSize)
{
    /// <summary>For example <c>NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64KiB</c>.</summary>
    public string Id { get; } =
        string.Join('/', Driver, Suite, Pattern, Transport, Mode, Strategy, FormatSize(MessageSize));

    /// <summary>
    /// The cases measured together in alternating operations (e.g. <c>native/ReceiveModes/RouterRouter/Tcp/64KiB</c>):
    /// Net.Zmq with the floor (their ratio is the binding's overhead), or NetMQ alone, whose allocations and managed
    /// I/O thread would disturb the native drivers beside it. A cell's cases differ only in what a workload can switch.
    /// </summary>
    public string Cell => string.Join('/',
        Driver == DriverId.NetMQ ? "NetMQ" : "native", Suite, Pattern, Transport, FormatSize(MessageSize));

    /// <summary>The id without the driver: the same case of another driver has the same key.</summary>
    public string CrossDriverKey => $"{Suite}/{KeyWithinSuite}";

    /// <summary>The id without the driver and the suite (<c>RouterRouter/Tcp/Poller/ReusedBuffer/64KiB</c>).</summary>
    public string KeyWithinSuite => string.Join('/', Pattern, Transport, Mode, Strategy, FormatSize(MessageSize));

    public CaseDefinition On(DriverId driver) => new(driver, Suite, Pattern, Transport, Mode, Strategy, MessageSize);

    public override string ToString() => Id;

    /// <summary>
    /// The case <paramref name="id"/> names, or null unless it is spelled exactly as <see cref="Id"/> spells one.
    /// Whether the catalog has it is <see cref="CaseCatalog.IsKnownId"/>'s to say.
    /// </summary>
    public static CaseDefinition? Parse(string id)
    {
        if (id.Split('/') is not [var driver, var suite, var pattern, var transport, var mode, var strategy, var size]
            || !Enum.TryParse<DriverId>(driver, out var d) || !Enum.TryParse<Suite>(suite, out var s)
            || !Enum.TryParse<Pattern>(pattern, out var p)
            || !Enum.TryParse<Transport>(transport, out var t) || !Enum.TryParse<ReceiveMode>(mode, out var m)
            || !Enum.TryParse<BufferStrategy>(strategy, out var b) || ParseSize(size) is not { } bytes)
        {
            return null;
        }

        var parsed = new CaseDefinition(d, s, p, t, m, b, bytes);
        return parsed.Id == id ? parsed : null;
    }

    private static int? ParseSize(string size) =>
        size.EndsWith("KiB", StringComparison.Ordinal) && ParseCount(size[..^3]) is { } k ? k * 1024
        : size.EndsWith('B') && ParseCount(size[..^1]) is { } b ? b
        : null;

    private static int? ParseCount(string digits) =>
        int.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out var n) ? n : null;

    /// <summary>64B, 512B, 1KiB, 64KiB: exact, and readable in a table.</summary>
    public static string FormatSize(int bytes) =>
        bytes % 1024 == 0
            ? (bytes / 1024).ToString(CultureInfo.InvariantCulture) + "KiB"
            : bytes.ToString(CultureInfo.InvariantCulture) + "B";
}
