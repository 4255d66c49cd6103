using System.Reflection;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>The three drivers, in report order. Availability is decided once per process.</summary>
public static class ZmqDrivers
{
    public static IReadOnlyList<ZmqDriver> All { get; } =
    [
        NetZmqBuilds.Head(),
        new LibZmqDriver(),
        new NetMqDriver(),
    ];

    public static ZmqDriver Get(DriverId id) => All.Single(d => d.Id == id);
}

/// <summary>What the build decided about Net.Zmq (build/NetZmq.targets writes it into this assembly).</summary>
public static class NetZmqBuild
{
    public static bool InBuild => Read("NetZmq.Available") == "true";

    /// <summary>auto, required or off.</summary>
    public static string Mode => Read("NetZmq.Mode");

    /// <summary>The requested package version (Net.Zmq's assembly version lags its package version).</summary>
    public static string Version => Read("NetZmq.Version");

    /// <summary>MessagePool and the receive-pool Recv exist only in Net.Zmq 0.4.0 and 0.4.1 (the requested version decides, present or not).</summary>
    public static bool HasMessagePool => Version.StartsWith("0.4.", StringComparison.Ordinal);

    /// <summary>The build's one-line verdict: where Net.Zmq came from, or why it is absent and how to enable it.</summary>
    public static string Status => Read("NetZmq.Status");

    private static string Read(string key) =>
        typeof(NetZmqBuild).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .SingleOrDefault(a => a.Key == key)?.Value
        ?? throw new InvalidOperationException($"Assembly metadata '{key}' is missing: build/NetZmq.targets did not run.");
}
