using System.Globalization;
using System.Runtime.InteropServices;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers.LibZmq;

/// <summary>
/// Chooses the floor's libzmq once per process: with Net.Zmq in the build, the very file its head build loads (so
/// Net.Zmq ÷ LibZmq compares bindings, not builds); otherwise the system's.
/// </summary>
internal static unsafe class LibZmqLibrary
{
    private static readonly Lazy<DriverAvailability> Result = new(Load);

    public static DriverAvailability Availability => Result.Value;

    private static DriverAvailability Load()
    {
        if (OperatingSystem.IsWindows())
        {
            return DriverAvailability.Absent(
                "the LibZmq driver's poll item is laid out for POSIX; it does not run on Windows");
        }

        if (!TryLoadLibzmq(out var handle, out var origin, out var failure))
            return DriverAvailability.Absent(failure);

        var path = NativeLibraries.PathOf(handle);
        // A counting process's floor calls its counter, which forwards to this very file.
        var resolved = NativeCallCounter.InCountingProcess
            ? NativeCallCounter.Load(DriverId.LibZmq, path).Handle
            : handle;
        NativeLibrary.SetDllImportResolver(typeof(LibZmqLibrary).Assembly,
            (name, _, _) => name == LibZmqNative.Library ? resolved : 0);

        int major, minor, patch;
        LibZmqNative.zmq_version(&major, &minor, &patch);

        var version = string.Create(CultureInfo.InvariantCulture, $"{major}.{minor}.{patch}");
        return DriverAvailability.Available(
            $"libzmq {version} from {path} ({origin})",
            new DriverProvenance(version, origin, $"libzmq {version}, {NativeLibraries.IdentityOf(handle)}"));
    }

    private static bool TryLoadLibzmq(out nint handle, out string origin, out string failure)
    {
        if (NetZmqBuild.InBuild)
        {
            // Loaded by the same path as the head build's context does: the same copy of the library in the process.
            var file = NetZmqBuildFiles.Head.NativeLibraryPath;
            origin = "the binary Net.Zmq.Native ships, which Net.Zmq loads";
            failure =
                $"Net.Zmq is in the build, but its native libzmq ({file}) did not load for this OS and architecture";
            return NativeLibrary.TryLoad(file, out handle);
        }

        origin = "the system's, because Net.Zmq is not in the build";
        failure = "";
        var names = OperatingSystem.IsMacOS()
            ? new[] { "libzmq.5.dylib", "libzmq.dylib" }
            : ["libzmq.so.5", "libzmq.so"];
        foreach (var name in names)
        {
            if (NativeLibrary.TryLoad(name, out handle))
                return true;
        }

        handle = 0;
        failure = $"no libzmq could be loaded (tried {string.Join(", ", names)}): install libzmq (Debian/Ubuntu: " +
                  "apt-get install libzmq5), or build with Net.Zmq to use the libzmq it ships";
        return false;
    }
}
