using System.Reflection;
using System.Runtime.InteropServices;
using System.Runtime.Loader;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// One build of Net.Zmq as files: its two managed assemblies, its native libzmq and the suite's Net.Zmq driver
/// compiled against it, in one folder beside the test assembly (build/TestRun.targets puts them there).
/// </summary>
/// <param name="Name">Which build: <c>head</c> (the one under test) or <c>base</c> (what it is compared with).</param>
/// <param name="PackageVersion">The package version (Net.Zmq's assembly version lags it).</param>
/// <param name="Origin">Where the packages came from, as the build said.</param>
public sealed record NetZmqBuildFiles(string Name, string Folder, string PackageVersion, string Origin)
{
    /// <summary>The suite's Net.Zmq driver: the only code that references Net.Zmq, loaded once per build.</summary>
    public const string DriverAssemblyName = "Net.Zmq.Driver.NetZmq";

    /// <summary>The build under test as the run, its processes and its report name it.</summary>
    public const string HeadName = "head";

    /// <summary>The build it is compared with, as named.</summary>
    public const string BaseName = "base";

    /// <summary>
    /// The assemblies a build's context loads from its own folder; everything else comes from the test process.
    /// </summary>
    public static IReadOnlySet<string> OwnAssemblies { get; } = new HashSet<string>(StringComparer.Ordinal) { "Net.Zmq", "Net.Zmq.Core", DriverAssemblyName };

    public string AssemblyPath(string name) => Path.Combine(Folder, name + ".dll");

    public string NativeLibraryPath => Path.Combine(Folder,
        OperatingSystem.IsWindows() ? "libzmq.dll" : OperatingSystem.IsMacOS() ? "libzmq.dylib" : "libzmq.so");

    /// <summary>The files missing from <see cref="Folder"/>, by name; empty when the build can be loaded.</summary>
    public IReadOnlyList<string> Missing() =>
        [.. OwnAssemblies.Select(AssemblyPath).Append(NativeLibraryPath).Where(p => !File.Exists(p)).Select(Path.GetFileName).OfType<string>()];

    /// <summary>The build under test: the requested Net.Zmq, in <c>netzmq/head/</c> beside the test assembly.</summary>
    public static NetZmqBuildFiles Head { get; } =
        new(HeadName, Path.Combine(AppContext.BaseDirectory, "netzmq", HeadName), NetZmqBuild.Version, NetZmqBuild.Status.TrimEnd('.'));

    /// <summary>
    /// The base build a change is compared with, in <c>netzmq/base/</c>, or why there is none. build/NetZmqBase.targets
    /// writes the folder's <c>verdict.txt</c>: "available|&lt;origin&gt;" or "absent|&lt;reason&gt;", then the version.
    /// </summary>
    public static (NetZmqBuildFiles? Files, string Status) Base => BaseBuild.Value;

    private static readonly Lazy<(NetZmqBuildFiles?, string)> BaseBuild = new(() => ReadBase(Path.Combine(AppContext.BaseDirectory, "netzmq", BaseName)));

    /// <summary>
    /// The base build in <paramref name="folder"/> as its <c>verdict.txt</c> says; an error naming the file and line
    /// where it says nothing readable.
    /// </summary>
    public static (NetZmqBuildFiles? Files, string Status) ReadBase(string folder)
    {
        var verdict = Path.Combine(folder, "verdict.txt");
        if (!File.Exists(verdict))
        {
            return (null, $"no base build: {verdict} is missing (build/NetZmqBase.targets writes it when a test project is built)");
        }

        var lines = File.ReadAllLines(verdict);
        var (state, text) = lines.Length > 0 && lines[0].IndexOf('|', StringComparison.Ordinal) is var bar and > 0
            ? (lines[0][..bar], lines[0][(bar + 1)..].Trim())
            : ("", "");
        return state switch
        {
            "available" when lines.Length > 1 => (new NetZmqBuildFiles(BaseName, folder, lines[1].Trim(), text.TrimEnd('.')), text),
            "absent" => (null, text),
            _ => throw new InvalidDataException($"{verdict}, line 1: expected \"available|<origin>\" or \"absent|<reason>\" and the version on line 2; found \"{string.Join("\\n", lines)}\""),
        };
    }
}

/// <summary>
/// The <see cref="AssemblyLoadContext"/> of one Net.Zmq build. Net.Zmq, Net.Zmq.Core and the suite's driver come
/// from the build's folder; every other assembly (the suite's libraries, the runtime) from the test process, so the
/// driver speaks the suite's types. Net.Zmq.Core's P/Invokes name "libzmq"; this context answers with the libzmq file
/// it was given (<see cref="NetZmqBuilds.NativeFileFor"/>), loaded by its path: two files are two copies of the
/// library in the process (the loader matches a path by file, not by soname), one file is one copy however often it
/// is loaded.
/// </summary>
public sealed class NetZmqBuildContext : AssemblyLoadContext
{
    private readonly NetZmqBuildFiles _files;
    private readonly Lazy<nint> _libzmq;
    private int _nativeResolutions;

    /// <param name="driver">The driver this build is: in a counting process, its calls go through that driver's
    /// counter.</param>
    /// <param name="nativeLibraryPath">The libzmq file this build's calls reach: its own, or another build's file of
    /// the same bits.</param>
    public NetZmqBuildContext(DriverId driver, NetZmqBuildFiles files, string nativeLibraryPath)
        : base($"Net.Zmq {files.Name}")
    {
        _files = files;
        NativeLibraryPath = nativeLibraryPath;
        _libzmq = new Lazy<nint>(() => NativeCallCounter.InCountingProcess
            ? NativeCallCounter.Load(driver, nativeLibraryPath).Handle
            : NativeLibrary.Load(nativeLibraryPath));
    }

    public NetZmqBuildFiles Files => _files;

    public string NativeLibraryPath { get; }

    /// <summary>The build's libzmq, loaded (once) from <see cref="NativeLibraryPath"/>.</summary>
    public nint NativeLibraryHandle => _libzmq.Value;

    /// <summary>
    /// How often the runtime asked this context for libzmq on behalf of the build's assemblies: proof that their calls
    /// reach this build's file.
    /// </summary>
    public int NativeResolutions => Volatile.Read(ref _nativeResolutions);

    protected override Assembly? Load(AssemblyName assemblyName) =>
        assemblyName.Name is { } name && NetZmqBuildFiles.OwnAssemblies.Contains(name) ? LoadFromAssemblyPath(_files.AssemblyPath(name)) : null;

    protected override nint LoadUnmanagedDll(string unmanagedDllName)
    {
        if (Path.GetFileNameWithoutExtension(unmanagedDllName) is not ("libzmq" or "libzmq.so"))
        {
            return 0;
        }

        Interlocked.Increment(ref _nativeResolutions);
        return _libzmq.Value;
    }
}

/// <summary>Loads a build's driver into its own context: the Net.Zmq driver the rest of the suite sees.</summary>
public static class NetZmqBuilds
{
    /// <summary>
    /// The type in the driver assembly that is the driver; constructed with (<see cref="DriverId"/>,
    /// <see cref="NetZmqBuildContext"/>).
    /// </summary>
    public const string DriverTypeName = "NetZmqTests.Driver.NetZmq.NetZmqDriver";

    /// <summary>
    /// The head build's driver, or the reason it cannot run here (Net.Zmq not in the build, or its files missing).
    /// </summary>
    public static ZmqDriver Head() =>
        !NetZmqBuild.InBuild ? new UnavailableDriver(DriverId.NetZmq, NetZmqBuild.Status) : Load(DriverId.NetZmq, NetZmqBuildFiles.Head);

    /// <summary>
    /// The base build's driver (driver id <see cref="DriverId.NetZmqBase"/>, in a context of its own), or the reason
    /// there is none.
    /// </summary>
    public static ZmqDriver Base() =>
        NetZmqBuildFiles.Base.Files is { } files ? Load(DriverId.NetZmqBase, files) : new UnavailableDriver(DriverId.NetZmqBase, NetZmqBuildFiles.Base.Status);

    /// <summary>
    /// <paramref name="files"/>' driver in a context of its own, as driver <paramref name="id"/>; unavailable, with the
    /// reason, where its files are missing.
    /// </summary>
    public static ZmqDriver Load(DriverId id, NetZmqBuildFiles files)
    {
        var missing = files.Missing();
        if (missing.Count > 0)
        {
            return new UnavailableDriver(id,
                $"Net.Zmq {files.PackageVersion} ({files.Name}) is in the build, but {string.Join(", ", missing)} {(missing.Count == 1 ? "is" : "are")} missing from {files.Folder}: " +
                "build/TestRun.targets copies the build's files there when a test project is built");
        }

        var context = new NetZmqBuildContext(id, files, NativeFileFor(files));
        var driver = context.LoadFromAssemblyPath(files.AssemblyPath(NetZmqBuildFiles.DriverAssemblyName)).GetType(DriverTypeName, throwOnError: true)!;
        return (ZmqDriver)Activator.CreateInstance(driver, id, context)!;
    }

    /// <summary>
    /// The libzmq file <paramref name="files"/>' build loads: the head's file when the two hold the same bits (one
    /// file is one copy of the library in the process, so two builds of the binding are compared over one libzmq),
    /// otherwise its own, loaded by its own path (a second copy, with its own state and threads).
    /// </summary>
    public static string NativeFileFor(NetZmqBuildFiles files)
    {
        var head = NetZmqBuildFiles.Head.NativeLibraryPath;
        var own = files.NativeLibraryPath;
        return own != head && File.Exists(head) && File.ReadAllBytes(own).AsSpan().SequenceEqual(File.ReadAllBytes(head)) ? head : own;
    }
}
