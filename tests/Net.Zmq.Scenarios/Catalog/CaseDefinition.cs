using System.Globalization;

namespace NetZmqTests.Scenarios.Catalog;

/// <summary>
/// One measurable case. Its <see cref="Id"/> names every dimension and is the key everywhere: report rows,
/// baseline entries, filters. Changing what a case measures means a new id, never a reused one.
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
    public string Id { get; } = string.Join('/', Driver, Suite, Pattern, Transport, Mode, Strategy, FormatSize(MessageSize));

    /// <summary>
    /// The cases measured together, in alternating operations: one suite, pattern, transport and size, with every
    /// receive mode or strategy, of Net.Zmq and the floor together (their ratio is the binding's overhead), or of
    /// NetMQ alone (for example <c>native/ReceiveModes/RouterRouter/Tcp/64KiB</c>). NetMQ gets cells of its own: its
    /// operations allocate megabytes and collect several times each, and its I/O thread is managed, which would
    /// disturb the native drivers' operations beside them. One driver's cases of a cell differ only in what a shared
    /// workload can switch per operation.
    /// </summary>
    public string Cell => string.Join('/', Driver == DriverId.NetMQ ? "NetMQ" : "native", Suite, Pattern, Transport, FormatSize(MessageSize));

    /// <summary>
    /// The id without the driver (<c>ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64KiB</c>): the same case of
    /// another driver has the same key.
    /// </summary>
    public string CrossDriverKey => $"{Suite}/{KeyWithinSuite}";

    /// <summary>The id without the driver and the suite (<c>RouterRouter/Tcp/Poller/ReusedBuffer/64KiB</c>).</summary>
    public string KeyWithinSuite => string.Join('/', Pattern, Transport, Mode, Strategy, FormatSize(MessageSize));

    /// <summary>The same case run by <paramref name="driver"/>.</summary>
    public CaseDefinition On(DriverId driver) => new(driver, Suite, Pattern, Transport, Mode, Strategy, MessageSize);

    public override string ToString() => Id;

    /// <summary>
    /// The case <paramref name="id"/> names, read back from its seven parts; null unless every part is one of its
    /// dimension's values and the id is spelled exactly as <see cref="Id"/> spells it. Whether the catalog has the
    /// case is <see cref="CaseCatalog.IsKnownId"/>'s to say.
    /// </summary>
    public static CaseDefinition? Parse(string id)
    {
        if (id.Split('/') is not [var driver, var suite, var pattern, var transport, var mode, var strategy, var size]
            || !Enum.TryParse<DriverId>(driver, out var d) || !Enum.TryParse<Suite>(suite, out var s) || !Enum.TryParse<Pattern>(pattern, out var p)
            || !Enum.TryParse<Transport>(transport, out var t) || !Enum.TryParse<ReceiveMode>(mode, out var m)
            || !Enum.TryParse<BufferStrategy>(strategy, out var b) || ParseSize(size) is not { } bytes)
        {
            return null;
        }

        var parsed = new CaseDefinition(d, s, p, t, m, b, bytes);
        return parsed.Id == id ? parsed : null;
    }

    private static int? ParseSize(string size) =>
        size.EndsWith("KiB", StringComparison.Ordinal) && int.TryParse(size[..^3], NumberStyles.None, CultureInfo.InvariantCulture, out var k) ? k * 1024
        : size.EndsWith('B') && int.TryParse(size[..^1], NumberStyles.None, CultureInfo.InvariantCulture, out var b) ? b
        : null;

    /// <summary>64B, 512B, 1KiB, 64KiB: exact, and readable in a table.</summary>
    public static string FormatSize(int bytes) =>
        bytes % 1024 == 0
            ? (bytes / 1024).ToString(CultureInfo.InvariantCulture) + "KiB"
            : bytes.ToString(CultureInfo.InvariantCulture) + "B";
}
