using System.Runtime.Loader;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Correctness.Drivers;

/// <summary>
/// One test per driver: it runs where the driver is available and is skipped with the driver's reason where not.
/// </summary>
public sealed class DriverAvailabilityTests
{
    [Fact]
    public void EveryDriver_SaysWhatRunsOrWhyNot()
    {
        foreach (var driver in ZmqDrivers.All)
        {
            var availability = driver.Availability;
            Assert.False(string.IsNullOrWhiteSpace(availability.Description), $"{driver} gives no description");
            // Shown with --logger "console;verbosity=detailed": what this run could measure, in one place.
            TestContext.Current.TestOutputHelper?.WriteLine(
                $"{driver.Id,-7} {(availability.IsAvailable ? "available" : "ABSENT   ")} {availability.Description}");
        }

        var (baseFiles, baseStatus) = NetZmqBuildFiles.Base;
        TestContext.Current.TestOutputHelper?.WriteLine($"{"base",-7} {(baseFiles is null ? "ABSENT   " : "available")} {baseStatus}");
    }

    [Fact]
    public void NetZmq_IsInTheBuild_AndDescribesItsOrigin()
    {
        var driver = DriverRequirement.Require(DriverId.NetZmq);

        Assert.True(NetZmqBuild.InBuild);
        Assert.Contains($"Net.Zmq {NetZmqBuild.Version} restored from", driver.Availability.Description, StringComparison.Ordinal);
        Assert.Contains("libzmq 4.", driver.Availability.Description, StringComparison.Ordinal);
    }

    [Fact]
    public void NetZmq_WhenAbsent_TheBuildSaidWhyAndHowToEnableIt()
    {
        Assert.SkipWhen(NetZmqBuild.InBuild, "Net.Zmq is in this build.");

        var driver = ZmqDrivers.Get(DriverId.NetZmq);
        Assert.False(driver.Availability.IsAvailable);
        Assert.Equal(NetZmqBuild.Status, driver.Availability.Description);
        if (NetZmqBuild.Mode != "off")
        {
            Assert.Contains($"Net.Zmq {NetZmqBuild.Version} is not restorable", NetZmqBuild.Status, StringComparison.Ordinal);
            Assert.Contains("-p:NetZmqSource=", NetZmqBuild.Status, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void LibZmq_LoadsALibzmqAndNamesFileAndVersion()
    {
        var driver = DriverRequirement.Require(DriverId.LibZmq);

        Assert.Matches(@"^libzmq 4\.\d+\.\d+ from \S+", driver.Availability.Description);
    }

    [Fact]
    public void LibZmq_WithNetZmqInTheBuild_LoadsTheBinaryNetZmqShips()
    {
        var libZmq = DriverRequirement.Require(DriverId.LibZmq);
        Assert.SkipUnless(NetZmqBuild.InBuild, $"the floor uses the system's libzmq here: {NetZmqBuild.Status}");

        Assert.Contains("the binary Net.Zmq.Native ships", libZmq.Availability.Description, StringComparison.Ordinal);
        Assert.Contains(AppContext.BaseDirectory.TrimEnd('/'), libZmq.Availability.Description, StringComparison.Ordinal);
        // One file, loaded by one path, is one copy of the library in the process: the head build's context and
        // the floor must name the same file (other tests may load further builds' copies beside it).
        var head = Assert.IsType<NetZmqBuildContext>(AssemblyLoadContext.GetLoadContext(ZmqDrivers.Get(DriverId.NetZmq).GetType().Assembly));
        var headFile = NativeLibraries.PathOf(head.NativeLibraryHandle);
        Assert.Equal(Path.GetFullPath(NetZmqBuildFiles.Head.NativeLibraryPath), headFile);
        Assert.Contains($" from {headFile} (", libZmq.Availability.Description, StringComparison.Ordinal);
    }

    /// <summary>
    /// What baselines record of an available driver names what was loaded, not where it lay: the native library by its
    /// file's name and hash, a package folder given as a path as "a local folder".
    /// </summary>
    [Fact]
    public void EveryAvailableDriversFingerprint_NamesNoPathOfThisMachine()
    {
        foreach (var driver in ZmqDrivers.All.Where(d => d.Availability.IsAvailable))
        {
            var fingerprint = driver.Availability.Provenance!.Fingerprint;

            Assert.Empty(MachinePaths.In($"{fingerprint.Version} {fingerprint.Origin} {fingerprint.NativeLibrary}"));
            Assert.Matches(driver.Id == DriverId.NetMQ ? "^none" : @"^libzmq 4\.\d+\.\d+, libzmq\.so[.\d]* sha256 [0-9a-f]{12}$", fingerprint.NativeLibrary);
        }
    }

    [Fact]
    public void NetMQ_IsAlwaysAvailable()
    {
        var driver = ZmqDrivers.Get(DriverId.NetMQ);

        Assert.True(driver.Availability.IsAvailable);
        Assert.StartsWith("NetMQ 4.0.4.5", driver.Availability.Description, StringComparison.Ordinal);
    }
}
