using System.Reflection;
using System.Runtime.InteropServices;
using System.Runtime.Loader;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// One build of Net.Zmq as files: its two assemblies, its libzmq and the suite's driver compiled against it, in one
/// folder beside the test assembly (build/TestRun.targets puts them there). The package version leads the assembly's.
/// </summary>
public sealed record NetZmqBuildFiles(string Name, string Folder, string PackageVersion, string Origin)
{
    /// <summary>The suite's Net.Zmq driver: the only code that references Net.Zmq, loaded once per build.</summary>
    public const string DriverAssemblyName = "Net.Zmq.Driver.NetZmq";

    public const string HeadName = "head";

    public const string BaseName = "base";

    /// <summary>Assemblies a build's context loads from its own folder; the rest come from the test process.</summary>
    public static IReadOnlySet<string> OwnAssemblies { get; } =
        new HashSet<string>(StringComparer.Ordinal) { "Net.Zmq", "Net.Zmq.Core", DriverAssemblyName };

    public string AssemblyPath(string name) => Path.Combine(Folder, name + ".dll");

    public string NativeLibraryPath => Path.Combine(Folder,
        OperatingSystem.IsWindows() ? "libzmq.dll" : OperatingSystem.IsMacOS() ? "libzmq.dylib" : "libzmq.so");

    /// <summary>The files missing from <see cref="Folder"/>, by name; empty when the build can be loaded.</summary>
    public IReadOnlyList<string> Missing() =>
    [
        .. OwnAssemblies.Select(AssemblyPath).Append(NativeLibraryPath)
            .Where(p => !File.Exists(p)).Select(Path.GetFileName).OfType<string>(),
    ];

    public static NetZmqBuildFiles Head { get; } = new(HeadName,
        Path.Combine(AppContext.BaseDirectory, "netzmq", HeadName),
        NetZmqBuild.Version, NetZmqBuild.Status.TrimEnd('.'));

    /// <summary>
    /// The base build in <c>netzmq/base/</c>, or why there is none. build/NetZmqBase.targets writes its
    /// <c>verdict.txt</c>: "available|&lt;origin&gt;" or "absent|&lt;reason&gt;", then the version.
    /// </summary>
    public static (NetZmqBuildFiles? Files, string Status) Base => BaseBuild.Value;

    private static readonly Lazy<(NetZmqBuildFiles?, string)> BaseBuild =
        new(() => ReadBase(Path.Combine(AppContext.BaseDirectory, "netzmq", BaseName)));

    /// <summary>Reads <paramref name="folder"/>'s <c>verdict.txt</c>; throws naming the file if unreadable.</summary>
    public static (NetZmqBuildFiles? Files, string Status) ReadBase(string folder)
    {
        var verdict = Path.Combine(folder, "verdict.txt");
        if (!File.Exists(verdict))
        {
            return (null,
                $"no base build: {verdict} is missing " +
                "(build/NetZmqBase.targets writes it when a test project is built)");
        }

        var lines = File.ReadAllLines(verdict);
        var (state, text) = lines.Length > 0 && lines[0].IndexOf('|', StringComparison.Ordinal) is var bar and > 0
            ? (lines[0][..bar], lines[0][(bar + 1)..].Trim())
            : ("", "");
        return state switch
        {
            "available" when lines.Length > 1 =>
                (new NetZmqBuildFiles(BaseName, folder, lines[1].Trim(), text.TrimEnd('.')), text),
            "absent" => (null, text),
            _ => throw new InvalidDataException($"{verdict}, line 1: expected \"available|<origin>\" or " +
                $"\"absent|<reason>\" and the version on line 2; found \"{string.Join("\\n", lines)}\""),
        };
    }
}

/// <summary>
/// The <see cref="AssemblyLoadContext"/> of one Net.Zmq build: its own assemblies from its folder, the rest from the
/// test process so the driver speaks the suite's types. "libzmq" resolves to the file it was given, loaded by path:
/// the loader matches by file, not soname, so two files are two copies of the library in the process.
/// </summary>
/// <param name="driver">In a counting process, the build's calls go through this driver's counter.</param>
/// <param name="nativeLibraryPath">Its own libzmq, or another build's file of the same bits.</param>
public sealed class NetZmqBuildContext(DriverId driver, NetZmqBuildFiles files, string nativeLibraryPath)
    : AssemblyLoadContext($"Net.Zmq {files.Name}")
{
    private readonly Lazy<nint> _libzmq = new(() => NativeCallCounter.InCountingProcess
        ? NativeCallCounter.Load(driver, nativeLibraryPath).Handle
        : NativeLibrary.Load(nativeLibraryPath));

    private int _nativeResolutions;

    public NetZmqBuildFiles Files { get; } = files;

    public string NativeLibraryPath { get; } = nativeLibraryPath;

    public nint NativeLibraryHandle => _libzmq.Value;

    /// <summary>How often the runtime asked this context for libzmq: proof the build's calls reach its file.</summary>
    public int NativeResolutions => Volatile.Read(ref _nativeResolutions);

    protected override Assembly? Load(AssemblyName assemblyName) =>
        assemblyName.Name is { } name && NetZmqBuildFiles.OwnAssemblies.Contains(name)
            ? LoadFromAssemblyPath(Files.AssemblyPath(name))
            : null;

    protected override nint LoadUnmanagedDll(string unmanagedDllName)
    {
        if (Path.GetFileNameWithoutExtension(unmanagedDllName) is not ("libzmq" or "libzmq.so"))
            return 0;

        Interlocked.Increment(ref _nativeResolutions);
        return _libzmq.Value;
    }
}

/// <summary>Loads a build's driver into its own context: the Net.Zmq driver the rest of the suite sees.</summary>
public static class NetZmqBuilds
{
    public static ZmqDriver Head() => !NetZmqBuild.InBuild
        ? new UnavailableDriver(DriverId.NetZmq, NetZmqBuild.Status)
        : Load(DriverId.NetZmq, NetZmqBuildFiles.Head);

    public static ZmqDriver Base() => NetZmqBuildFiles.Base.Files is { } files
        ? Load(DriverId.NetZmqBase, files)
        : new UnavailableDriver(DriverId.NetZmqBase, NetZmqBuildFiles.Base.Status);

    /// <summary>The build's driver in a context of its own, or unavailable (saying why) if files are missing.</summary>
    public static ZmqDriver Load(DriverId id, NetZmqBuildFiles files)
    {
        var missing = files.Missing();
        if (missing.Count > 0)
        {
            return new UnavailableDriver(id,
                $"Net.Zmq {files.PackageVersion} ({files.Name}) is in the build, but {string.Join(", ", missing)} " +
                $"{(missing.Count == 1 ? "is" : "are")} missing from {files.Folder}: " +
                "build/TestRun.targets copies the build's files there when a test project is built");
        }

        var context = new NetZmqBuildContext(id, files, NativeFileFor(files));
        var driver = context.LoadFromAssemblyPath(files.AssemblyPath(NetZmqBuildFiles.DriverAssemblyName))
            .GetType("NetZmqTests.Driver.NetZmq.NetZmqDriver", throwOnError: true)!;
        return (ZmqDriver)Activator.CreateInstance(driver, id, context)!;
    }

    /// <summary>
    /// The head's libzmq file when <paramref name="files"/>' holds the same bits (both builds then run over one copy of
    /// the library), otherwise its own (a second copy, with its own state and threads).
    /// </summary>
    public static string NativeFileFor(NetZmqBuildFiles files)
    {
        var head = NetZmqBuildFiles.Head.NativeLibraryPath;
        var own = files.NativeLibraryPath;
        var same = own != head && File.Exists(head)
            && File.ReadAllBytes(own).AsSpan().SequenceEqual(File.ReadAllBytes(head));
        return same ? head : own;
    }
}
