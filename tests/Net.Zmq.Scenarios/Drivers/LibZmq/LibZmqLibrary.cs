using System.Globalization;
using System.Runtime.InteropServices;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Chooses the libzmq binary for the floor, once per process. With Net.Zmq in the build it is the very file the
/// head build of Net.Zmq loads (<see cref="NetZmqBuildContext"/>), so Net.Zmq ÷ LibZmq compares bindings, not
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

        var path = NativeLibraries.PathOf(handle);
        // A counting process's floor calls its counter, which forwards to this very file.
        var resolved = NativeCallCounter.InCountingProcess ? NativeCallCounter.Load(DriverId.LibZmq, path).Handle : handle;
        NativeLibrary.SetDllImportResolver(typeof(LibZmqLibrary).Assembly,
            (name, _, _) => name == LibZmqNative.Library ? resolved : 0);

        int major, minor, patch;
        unsafe
        {
            LibZmqNative.zmq_version(&major, &minor, &patch);
        }

        var version = string.Create(CultureInfo.InvariantCulture, $"{major}.{minor}.{patch}");
        return new LoadResult(DriverAvailability.Available(
            $"libzmq {version} from {path} ({origin})",
            new DriverProvenance(version, origin, $"libzmq {version}, {NativeLibraries.IdentityOf(handle)}")), handle);
    }

    private static bool TryLoadLibzmq(out nint handle, out string origin, out string failure)
    {
        if (NetZmqBuild.InBuild)
        {
            // The very file the head build's context loads for Net.Zmq.Core: loaded by the same path, it is the same
            // copy of the library in this process.
            var file = NetZmqBuildFiles.Head.NativeLibraryPath;
            origin = "the binary Net.Zmq.Native ships, which Net.Zmq loads";
            failure = $"Net.Zmq is in the build, but its native libzmq ({file}) did not load for this OS and architecture";
            return NativeLibrary.TryLoad(file, out handle);
        }

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
    }
}
