using System.Globalization;
using System.Runtime.InteropServices;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Chooses the libzmq binary for the floor, once per process. With Net.Zmq in the build it is the very binary
/// Net.Zmq loads (resolved the way Net.Zmq.Core resolves it), so Net.Zmq ÷ LibZmq compares bindings, not
/// builds. Otherwise it is the system's libzmq (Debian/Ubuntu: libzmq5).
/// </summary>
internal static class LibZmqLibrary
{
    private static readonly Lazy<LoadResult> Result = new(Load);

    public static DriverAvailability Availability => Result.Value.Availability;

    private sealed record LoadResult(DriverAvailability Availability, nint Handle);

    private static LoadResult Load()
    {
        if (OperatingSystem.IsWindows())
        {
            return new LoadResult(DriverAvailability.Absent(
                "the LibZmq driver's poll item is laid out for POSIX; it does not run on Windows"), 0);
        }

        if (!TryLoadLibzmq(out var handle, out var origin, out var failure))
        {
            return new LoadResult(DriverAvailability.Absent(failure), 0);
        }

        NativeLibrary.SetDllImportResolver(typeof(LibZmqLibrary).Assembly,
            (name, _, _) => name == LibZmqNative.Library ? handle : 0);

        int major, minor, patch;
        unsafe
        {
            LibZmqNative.zmq_version(&major, &minor, &patch);
        }

        var path = MappedFileOf(NativeLibrary.GetExport(handle, "zmq_version")) ?? "(path not visible on this OS)";
        var version = string.Create(CultureInfo.InvariantCulture, $"{major}.{minor}.{patch}");
        return new LoadResult(DriverAvailability.Available(
            $"libzmq {version} from {path} ({origin})",
            new DriverProvenance(version, origin, $"libzmq {version} at {path}")), handle);
    }

    private static bool TryLoadLibzmq(out nint handle, out string origin, out string failure)
    {
#if NETZMQ
        // The imports Net.Zmq uses live in Net.Zmq.Core; load "libzmq" as that assembly would.
        var netZmqCore = typeof(Net.Zmq.Core.ZmqException).Assembly;
        origin = "the binary Net.Zmq.Native ships, which Net.Zmq loads";
        failure = "";
        if (NativeLibrary.TryLoad(LibZmqNative.Library, netZmqCore, null, out handle))
        {
            return true;
        }

        failure = "Net.Zmq is in the build, but its native libzmq (from Net.Zmq.Native) did not load for this OS and architecture";
        return false;
#else
        origin = "the system's, because Net.Zmq is not in the build";
        failure = "";
        var names = OperatingSystem.IsMacOS() ? new[] { "libzmq.5.dylib", "libzmq.dylib" } : ["libzmq.so.5", "libzmq.so"];
        foreach (var name in names)
        {
            if (NativeLibrary.TryLoad(name, out handle))
            {
                return true;
            }
        }

        handle = 0;
        failure = $"no libzmq could be loaded (tried {string.Join(", ", names)}): install libzmq (Debian/Ubuntu: " +
                  "apt-get install libzmq5), or build with Net.Zmq to use the libzmq it ships";
        return false;
#endif
    }

    /// <summary>The file mapped at <paramref name="address"/> (Linux: /proc/self/maps), so the report names the binary.</summary>
    private static string? MappedFileOf(nint address)
    {
        const string maps = "/proc/self/maps";
        if (!File.Exists(maps))
        {
            return null;
        }

        var target = (ulong)address;
        foreach (var line in File.ReadLines(maps))
        {
            // start-end perms offset dev inode path
            var parts = line.Split(' ', 6, StringSplitOptions.RemoveEmptyEntries);
            if (parts.Length < 6)
            {
                continue;
            }

            var range = parts[0].Split('-');
            var start = ulong.Parse(range[0], NumberStyles.HexNumber, CultureInfo.InvariantCulture);
            var end = ulong.Parse(range[1], NumberStyles.HexNumber, CultureInfo.InvariantCulture);
            if (target >= start && target < end)
            {
                return parts[5].Trim();
            }
        }

        return null;
    }
}
