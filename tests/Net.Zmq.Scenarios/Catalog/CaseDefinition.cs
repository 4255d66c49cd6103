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

    public override string ToString() => Id;

    /// <summary>64B, 512B, 1KiB, 64KiB: exact, and readable in a table.</summary>
    public static string FormatSize(int bytes) =>
        bytes % 1024 == 0
            ? (bytes / 1024).ToString(CultureInfo.InvariantCulture) + "KiB"
            : bytes.ToString(CultureInfo.InvariantCulture) + "B";
}
