using System.Globalization;
using System.Runtime.InteropServices;
using NetZmqTests.Gating.Platform;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>Which file a loaded native library is, so that reports name the binary that ran.</summary>
public static class NativeLibraries
{
    /// <summary>The file <paramref name="handle"/>'s zmq_version lives in, or a note if unseen.</summary>
    public static string PathOf(nint handle) => MappedFileOf(handle) ?? "(path not visible on this OS)";

    /// <summary>The loaded file as a fingerprint names it (<see cref="MachinePaths.Identify"/>), or a note.</summary>
    public static string IdentityOf(nint handle) =>
        MappedFileOf(handle) is { } path ? MachinePaths.Identify(path) : "(file not visible on this OS)";

    /// <summary>The file mapped where <paramref name="handle"/>'s zmq_version is (Linux: /proc/self/maps), or null.
    /// </summary>
    private static string? MappedFileOf(nint handle)
    {
        var target = (ulong)NativeLibrary.GetExport(handle, "zmq_version");
        const string maps = "/proc/self/maps";
        if (!File.Exists(maps))
            return null;

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
