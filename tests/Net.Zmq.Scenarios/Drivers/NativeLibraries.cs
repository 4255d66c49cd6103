using System.Globalization;
using System.Runtime.InteropServices;
using NetZmqTests.Gating.Platform;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>Which file a loaded native library is, so that reports name the binary that ran.</summary>
public static class NativeLibraries
{
    /// <summary>The file <paramref name="handle"/>'s <paramref name="export"/> lives in, or a note if unseen.</summary>
    public static string PathOf(nint handle, string export = "zmq_version") =>
        MappedFileOf(NativeLibrary.GetExport(handle, export)) ?? "(path not visible on this OS)";

    /// <summary>The loaded file as a fingerprint names it (<see cref="MachinePaths.Identify"/>), or a note.</summary>
    public static string IdentityOf(nint handle) =>
        MappedFileOf(NativeLibrary.GetExport(handle, "zmq_version")) is { } path
            ? MachinePaths.Identify(path)
            : "(file not visible on this OS)";

    /// <summary>The file mapped at <paramref name="address"/> (Linux: /proc/self/maps); null elsewhere.</summary>
    public static string? MappedFileOf(nint address)
    {
        const string maps = "/proc/self/maps";
        if (!File.Exists(maps))
            return null;

        var target = (ulong)address;
        foreach (var line in File.ReadLines(maps))
        {
            // start-end perms offset dev inode path
            var parts = line.Split(' ', 6, StringSplitOptions.RemoveEmptyEntries);
            if (parts.Length < 6)
                continue;

            var range = parts[0].Split('-');
            var start = ulong.Parse(range[0], NumberStyles.HexNumber, CultureInfo.InvariantCulture);
            var end = ulong.Parse(range[1], NumberStyles.HexNumber, CultureInfo.InvariantCulture);
            if (target >= start && target < end)
                return parts[5].Trim();
        }

        return null;
    }
}
