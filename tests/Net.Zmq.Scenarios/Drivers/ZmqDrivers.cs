using System.Reflection;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// The drivers, in report order (<see cref="DriverId"/>'s). Availability is decided once per process.
/// </summary>
public static class ZmqDrivers
{
    /// <summary>
    /// Which build of Net.Zmq was loaded first in this process, <see cref="DriverId.NetZmq"/> (the head) or
    /// <see cref="DriverId.NetZmqBase"/>. Two copies of the same code can run at different speeds by where they land
    /// in memory (code layout), so no build always gets the first place: it is drawn from the process's seed
    /// (<see cref="RunSeed"/>), and said.
    /// </summary>
    public static DriverId NetZmqLoadedFirst { get; } =
        new Random(RunSeed.For(RunSeed.Process, "loaded first")).Next(2) == 0 ? DriverId.NetZmq : DriverId.NetZmqBase;

    /// <summary>
    /// "head" or "base", whichever <see cref="NetZmqLoadedFirst"/> is, where the base build is in the build; empty
    /// otherwise.
    /// </summary>
    public static string NetZmqLoadedFirstName =>
        !Get(DriverId.NetZmqBase).Availability.IsAvailable ? "" : NetZmqLoadedFirst == DriverId.NetZmq ? NetZmqBuildFiles.HeadName : NetZmqBuildFiles.BaseName;

    public static IReadOnlyList<ZmqDriver> All { get; } = Load();

    public static ZmqDriver Get(DriverId id) => All[(int)id];

    private static ZmqDriver[] Load()
    {
        // Asking a build's driver whether it is available loads its Net.Zmq and libzmq: so each is asked here, in the
        // drawn order.
        static ZmqDriver Loaded(ZmqDriver driver)
        {
            _ = driver.Availability;
            return driver;
        }

        ZmqDriver head, @base;
        if (NetZmqLoadedFirst == DriverId.NetZmq)
        {
            head = Loaded(NetZmqBuilds.Head());
            @base = Loaded(NetZmqBuilds.Base());
        }
        else
        {
            @base = Loaded(NetZmqBuilds.Base());
            head = Loaded(NetZmqBuilds.Head());
        }

        ZmqDriver[] drivers = [head, new LibZmqDriver(), new NetMqDriver(), @base];
        return drivers.Select((d, i) => d.Id == (DriverId)i ? d : throw new InvalidOperationException($"driver {d.Id} is listed in place {i}")).ToArray();
    }
}

/// <summary>What the build decided about Net.Zmq (build/NetZmq.targets writes it into this assembly).</summary>
public static class NetZmqBuild
{
    public static bool InBuild => Read("NetZmq.Available") == "true";

    /// <summary>auto, required or off.</summary>
    public static string Mode => Read("NetZmq.Mode");

    /// <summary>The requested package version (Net.Zmq's assembly version lags its package version).</summary>
    public static string Version => Read("NetZmq.Version");

    /// <summary>
    /// Whether the requested version has MessagePool and the receive-pool Recv, as build/NetZmq.targets decided
    /// (present or not).
    /// </summary>
    public static bool HasMessagePool => Read("NetZmq.HasMessagePool").Equals("true", StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// The build's one-line verdict: where Net.Zmq came from, or why it is absent and how to enable it.
    /// </summary>
    public static string Status => Read("NetZmq.Status");

    private static string Read(string key) =>
        typeof(NetZmqBuild).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .SingleOrDefault(a => a.Key == key)?.Value
        ?? throw new InvalidOperationException($"Assembly metadata '{key}' is missing: build/NetZmq.targets did not run.");
}
