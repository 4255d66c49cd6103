using System.Runtime.Loader;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Correctness.Drivers;

/// <summary>
/// Two builds of Net.Zmq in one process: each build's driver in a context of its own reaches its own Net.Zmq
/// assemblies, nothing of Net.Zmq enters the test process's context, and messages pass between the builds over tcp.
/// libzmq: a build whose file holds other bits than the head's loads its own (a second copy of the library); one of
/// the same bits is served by the head's file. The second build is the base when the build was given one, otherwise
/// a copy of the head's files in another folder (with its libzmq made to differ by bytes past its end, which the
/// loader ignores).
/// </summary>
public sealed class NetZmqBuildIsolationTests
{
    [Fact]
    public void ABuildWithItsOwnLibzmq_ReachesItsOwnFiles_AndMessagesPassBothWays()
    {
        var head = DriverRequirement.Require(DriverId.NetZmq);
        using var copy = new TemporaryBuild(NetZmqBuildFiles.Head, differentLibzmq: true);
        var second = NetZmqBuilds.Load(DriverId.NetZmqBase, copy.Files);

        ExchangeBothWays(head, second);

        var (headContext, secondContext) = (ContextOf(head), ContextOf(second));
        Assert.NotSame(headContext, secondContext);
        Assert.Equal(copy.Files.NativeLibraryPath, secondContext.NativeLibraryPath);
        Assert.NotEqual(headContext.NativeLibraryHandle, secondContext.NativeLibraryHandle);
        AssertReachesItsOwnFiles(headContext);
        AssertReachesItsOwnFiles(secondContext);
    }

    [Fact]
    public void TheBaseOrACopy_WithTheHeadsLibzmqBits_IsServedByTheHeadsFile_AndMessagesPassBothWays()
    {
        var head = DriverRequirement.Require(DriverId.NetZmq);
        using var copy = NetZmqBuildFiles.Base.Files is null ? new TemporaryBuild(NetZmqBuildFiles.Head, differentLibzmq: false) : null;
        var files = copy?.Files ?? NetZmqBuildFiles.Base.Files!;
        Assert.SkipUnless(File.ReadAllBytes(files.NativeLibraryPath).AsSpan().SequenceEqual(File.ReadAllBytes(NetZmqBuildFiles.Head.NativeLibraryPath)),
            $"the base's libzmq ({files.NativeLibraryPath}) holds other bits than the head's: the other test covers that");
        var second = copy is null ? ZmqDrivers.Get(DriverId.NetZmqBase) : NetZmqBuilds.Load(DriverId.NetZmqBase, files);
        Assert.True(second.Availability.IsAvailable, second.Availability.Description);

        ExchangeBothWays(head, second);

        var (headContext, secondContext) = (ContextOf(head), ContextOf(second));
        Assert.NotSame(headContext, secondContext);
        Assert.Equal(headContext.NativeLibraryPath, secondContext.NativeLibraryPath);
        Assert.Equal(headContext.NativeLibraryHandle, secondContext.NativeLibraryHandle);
        AssertReachesItsOwnFiles(secondContext);
    }

    private static void ExchangeBothWays(ZmqDriver one, ZmqDriver other)
    {
        foreach (var (sender, receiver) in new[] { (one, other), (other, one) })
        {
            var shape = new WorkloadShape(Pattern.RouterRouter, Transport.Tcp, ReceiveMode.PureBlocking, BufferStrategy.ReusedBuffer, 64);
            using var workload = MessageWorkload.OpenInterop(sender, receiver, shape, WorkloadOptions.Correctness);
            workload.RunOperation();
        }
    }

    private static void AssertReachesItsOwnFiles(NetZmqBuildContext context)
    {
        foreach (var name in new[] { "Net.Zmq", "Net.Zmq.Core", NetZmqBuildFiles.DriverAssemblyName })
        {
            var assembly = Assert.Single(context.Assemblies, a => a.GetName().Name == name);
            Assert.Equal(context.Files.AssemblyPath(name), assembly.Location);
        }

        Assert.Equal(Path.GetFullPath(context.NativeLibraryPath), NativeLibraries.PathOf(context.NativeLibraryHandle));
        Assert.True(context.NativeResolutions > 0, $"{context.Name}: Net.Zmq.Core's calls never asked this context for libzmq");
        Assert.DoesNotContain(AssemblyLoadContext.Default.Assemblies, a => a.GetName().Name is "Net.Zmq" or "Net.Zmq.Core");
    }

    private static NetZmqBuildContext ContextOf(ZmqDriver driver) =>
        Assert.IsType<NetZmqBuildContext>(AssemblyLoadContext.GetLoadContext(driver.GetType().Assembly));

    /// <summary>
    /// A build's files copied to a temporary folder; its libzmq stays mapped until the process ends (Linux keeps a
    /// deleted file's mapping).
    /// </summary>
    private sealed class TemporaryBuild : IDisposable
    {
        public TemporaryBuild(NetZmqBuildFiles build, bool differentLibzmq)
        {
            var folder = Path.Combine(Path.GetTempPath(), $"netzmq-copy-{Guid.NewGuid():N}");
            Directory.CreateDirectory(folder);
            foreach (var file in Directory.GetFiles(build.Folder))
                File.Copy(file, Path.Combine(folder, Path.GetFileName(file)));

            Files = build with { Name = "copy", Folder = folder };
            if (differentLibzmq)
                File.AppendAllText(Files.NativeLibraryPath, "not the head's bits");
        }

        public NetZmqBuildFiles Files { get; }

        public void Dispose()
        {
            try
            {
                Directory.Delete(Files.Folder, recursive: true);
            }
            catch (IOException)
            {
                // Windows keeps a loaded file: the temporary folder is left behind.
            }
            catch (UnauthorizedAccessException)
            {
            }
        }
    }
}
