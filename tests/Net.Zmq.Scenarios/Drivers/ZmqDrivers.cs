using System.Reflection;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers.LibZmq;
using NetZmqTests.Scenarios.Drivers.NetMQ;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>The drivers, in report order (<see cref="DriverId"/>'s); availability is decided once a process.</summary>
public static class ZmqDrivers
{
    /// <summary>
    /// Which Net.Zmq build loads first: code layout can make two copies of the same code run at different speeds, so
    /// the place is drawn from the process's seed (<see cref="RunSeed"/>), and said.
    /// </summary>
    public static DriverId NetZmqLoadedFirst { get; } =
        new Random(RunSeed.For(RunSeed.Process, "loaded first")).Next(2) == 0 ? DriverId.NetZmq : DriverId.NetZmqBase;

    /// <summary>"head" or "base", whichever loaded first, where the base is in the build; empty otherwise.</summary>
    public static string NetZmqLoadedFirstName =>
        !Get(DriverId.NetZmqBase).Availability.IsAvailable ? ""
        : NetZmqLoadedFirst == DriverId.NetZmq ? NetZmqBuildFiles.HeadName
        : NetZmqBuildFiles.BaseName;

    public static IReadOnlyList<ZmqDriver> All { get; } = Load();

    public static ZmqDriver Get(DriverId id) => All[(int)id];

    private static ZmqDriver[] Load()
    {
        // Asking a build's driver whether it is available loads its Net.Zmq and libzmq: so ask in the drawn order.
        var headFirst = NetZmqLoadedFirst == DriverId.NetZmq;
        var first = headFirst ? NetZmqBuilds.Head() : NetZmqBuilds.Base();
        _ = first.Availability;
        var second = headFirst ? NetZmqBuilds.Base() : NetZmqBuilds.Head();
        _ = second.Availability;
        var (head, @base) = headFirst ? (first, second) : (second, first);
        ZmqDriver[] drivers = [head, new LibZmqDriver(), new NetMqDriver(), @base];
        return drivers.Select((d, i) => d.Id == (DriverId)i
            ? d
            : throw new InvalidOperationException($"driver {d.Id} is listed in place {i}")).ToArray();
    }
}

/// <summary>What the build decided about Net.Zmq (build/NetZmq.targets writes it into this assembly).</summary>
public static class NetZmqBuild
{
    public static bool InBuild => Read("NetZmq.Available") == "true";

    public static string Mode => Read("NetZmq.Mode");

    /// <summary>The requested package version (Net.Zmq's assembly version lags it).</summary>
    public static string Version => Read("NetZmq.Version");

    /// <summary>Whether the requested version has MessagePool and the receive-pool Recv.</summary>
    public static bool HasMessagePool =>
        Read("NetZmq.HasMessagePool").Equals("true", StringComparison.OrdinalIgnoreCase);

    /// <summary>One line: where Net.Zmq came from, or why it is absent and how to enable it.</summary>
    public static string Status => Read("NetZmq.Status");

    private static string Read(string key) =>
        typeof(NetZmqBuild).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .SingleOrDefault(a => a.Key == key)?.Value
        ?? throw new InvalidOperationException(
            $"Assembly metadata '{key}' is missing: build/NetZmq.targets did not run.");
}
