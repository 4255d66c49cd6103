using System.Globalization;

namespace NetZmqTests.Gating.Reporting;

/// <summary>Human units for the report: three significant figures, the unit that keeps the number readable.</summary>
public static class Units
{
    public static string Time(double nanoseconds) => nanoseconds switch
    {
        >= 1e9 => F($"{nanoseconds / 1e9:0.000} s"),
        >= 1e6 => F($"{nanoseconds / 1e6:0.000} ms"),
        >= 1e3 => F($"{nanoseconds / 1e3:0.000} μs"),
        _ => F($"{nanoseconds:0.0} ns"),
    };

    public static string Rate(double perSecond) => perSecond switch
    {
        >= 1e6 => F($"{perSecond / 1e6:0.00} M"),
        >= 1e3 => F($"{perSecond / 1e3:0.0} k"),
        _ => F($"{perSecond:0}"),
    };

    /// <summary>Decimal megabytes and gigabytes per second, as network throughput is usually quoted.</summary>
    public static string Throughput(double bytesPerSecond) =>
        bytesPerSecond >= 1e9 ? F($"{bytesPerSecond / 1e9:0.00} GB/s") : F($"{bytesPerSecond / 1e6:0.0} MB/s");

    public static string Bytes(double bytes) => bytes switch
    {
        >= 10 * 1024 * 1024 => F($"{bytes / (1024 * 1024):0.0} MiB"),
        >= 10 * 1024 => F($"{bytes / 1024:0.0} KiB"),
        _ => F($"{bytes:0} B"),
    };

    /// <summary>A message size: whole kibibytes as such (64 KiB), anything else in bytes (64 B, 1000 B).</summary>
    public static string Size(int bytes) =>
        bytes >= 1024 && bytes % 1024 == 0 ? F($"{bytes / 1024} KiB") : F($"{bytes} B");

    public static string Count(double perThousand) => F($"{perThousand:0.0}");

    /// <summary>A slack as a percentage to one decimal (1.5 %, 10 %): a bound's text shows the slack it used.</summary>
    public static string Slack(double fraction) => F($"{fraction * 100:0.#} %");

    /// <summary>Invariant formatting: the report's one home for it.</summary>
    internal static string F(FormattableString value) => value.ToString(CultureInfo.InvariantCulture);
}
