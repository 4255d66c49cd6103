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

    public override string ToString() => Id;

    /// <summary>64B, 512B, 1KiB, 64KiB: exact, and readable in a table.</summary>
    public static string FormatSize(int bytes) =>
        bytes % 1024 == 0
            ? (bytes / 1024).ToString(CultureInfo.InvariantCulture) + "KiB"
            : bytes.ToString(CultureInfo.InvariantCulture) + "B";
}
