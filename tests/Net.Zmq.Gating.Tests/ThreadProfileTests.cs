using NetZmqTests.Gating.Counting;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// One thread's profile as the instruction gates read it, on small callgrind texts: a stub's instructions shared among
/// its callers by their calls, a function one function whatever file it came from, system calls by caller, and the
/// runtime's own code in memory bookkeeping.
/// </summary>
public sealed class ThreadProfileTests
{
    private const string Header = "version: 1\nthread: 2\ndesc: Trigger: dump d0\npositions: line\nevents: Ir sysCount\n";

    private static CallgrindFile Profile(string body) => CallgrindFile.Parse("profile", new StringReader(Header + body));

    private static PerfMap Stubs()
    {
        var map = Path.Combine(Path.GetTempPath(), $"perf-{Guid.NewGuid():N}.map");
        File.WriteAllLines(map, ["1000 40 stub ReportStubBlock<VSD_DispatchStub>"]);
        try
        {
            return PerfMap.Read([map]);
        }
        finally
        {
            File.Delete(map);
        }
    }

    [Fact]
    public void AStubsInstructions_GoToItsCallers_ByTheirShareOfItsCalls()
    {
        var profile = ThreadProfile.Of(Profile(
            "ob=(1) ???\nfn=(1) 0x0000000000001000\n1 40\n" +
            "ob=(2) /lib/libsample.so\nfn=(2) first\n1 100\ncob=(1)\ncfn=(1)\ncalls=3 1\n1 30\n" +
            "fn=(3) second\n1 100\ncob=(1)\ncfn=(1)\ncalls=1 1\n1 10\n"), Stubs());

        Assert.Equal(130, profile.Functions["first"]);
        Assert.Equal(110, profile.Functions["second"]);
        Assert.False(profile.Functions.ContainsKey("stub ReportStubBlock<VSD_DispatchStub>"));
        Assert.Equal(240, profile.Own);
    }

    [Fact]
    public void AFunctionOfARenamedLibrary_IsTheSameFunction()
    {
        var before = ThreadProfile.Of(Profile("ob=(1) /lib/libzmq.so\nfn=(1) zmq::msg_t::close()\n1 141\n"), PerfMap.Empty);
        var after = ThreadProfile.Of(Profile("ob=(1) /other/libzmq-renamed.so.5\nfn=(1) zmq::msg_t::close()\n1 141\n"), PerfMap.Empty);

        Assert.Equal(before.Functions, after.Functions);
    }

    /// <summary>
    /// A system call is named by the C library's function that made it and its caller; one callgrind books in a copy
    /// (a signal handler's return, where the signal interrupted it) is not the program's.
    /// </summary>
    [Fact]
    public void SystemCalls_AreNamedByTheCallAndItsCaller_AndNoneIsBookedInACopy()
    {
        var profile = ThreadProfile.Of(Profile(
            "ob=(1) /usr/lib/x86_64-linux-gnu/libc.so.6\nfn=(1) write\n1 5 1\nfn=(2) __memcpy_avx_unaligned_erms\n1 50 1\n" +
            "ob=(2) /lib/libzmq.so\nfn=(3) zmq::signaler_t::send()\n1 20\ncob=(1)\ncfn=(1)\ncalls=1 1\n1 5 1\n"), PerfMap.Empty);

        Assert.Equal(new Dictionary<string, long> { ["write ← zmq::signaler_t::send()"] = 1 }, profile.SystemCalls);
    }

    /// <summary>
    /// Two functions that reach one system call through the same library stub each get the calls they made: booked
    /// whole to one, which one followed callgrind's order, and a system call moved between them in identical builds.
    /// </summary>
    [Fact]
    public void SystemCallsThroughAStub_GoToEachOfItsCallers()
    {
        var profile = ThreadProfile.Of(Profile(
            "ob=(1) /usr/lib/x86_64-linux-gnu/libc.so.6\nfn=(1) epoll_ctl\n1 20 4\n" +
            "ob=(2) ???\nfn=(2) 0x0000000000009000\n1 8\ncob=(1)\ncfn=(1)\ncalls=4 1\n1 20 4\n" +
            "ob=(3) /lib/libzmq.so\nfn=(3) zmq::epoll_t::set_pollout(void*)\n1 30\ncob=(2)\ncfn=(2)\ncalls=1 1\n1 7 1\n" +
            "fn=(4) zmq::epoll_t::reset_pollout(void*)\n1 30\ncob=(2)\ncfn=(2)\ncalls=3 1\n1 21 3\n"), PerfMap.Empty);

        Assert.Equal(new Dictionary<string, long>
        {
            ["epoll_ctl ← zmq::epoll_t::reset_pollout(void*)"] = 3,
            ["epoll_ctl ← zmq::epoll_t::set_pollout(void*)"] = 1,
        }, profile.SystemCalls);
    }

    /// <summary>
    /// The runtime's own native code is memory bookkeeping, with the fills it called; the rest of a fill's work stays
    /// the thread's.
    /// </summary>
    [Fact]
    public void TheRuntimesOwnCode_AndTheFillsItCalls_AreMemoryBookkeeping()
    {
        var profile = ThreadProfile.Of(Profile(
            "ob=(1) /usr/lib/x86_64-linux-gnu/libc.so.6\nfn=(1) __memset_avx2_unaligned_erms\n1 300\n" +
            "ob=(2) /usr/share/dotnet/libcoreclr.so\nfn=(2) 0x0000000000005000\n1 40\ncob=(1)\ncfn=(1)\ncalls=1 1\n1 200\n" +
            "ob=(3) /lib/libsample.so\nfn=(4) user\n1 10\ncob=(2)\ncfn=(2)\ncalls=1 1\n1 240\ncob=(1)\ncfn=(1)\ncalls=1 1\n1 100\n"),
            PerfMap.Empty);

        Assert.Equal(40 + 200, profile.Memory);
        Assert.Equal(new Dictionary<string, long> { ["__memset_avx2_unaligned_erms"] = 100, ["user"] = 10 }, profile.Functions);
    }
}

/// <summary>
/// Precompiled framework code named by the image the counted process loaded: a method the runtime named by its name,
/// any other by its image and offset, code outside every image by nobody.
/// </summary>
public sealed class PrecompiledCodeTests
{
    [Fact]
    public void PrecompiledCode_IsNamedByTheRuntimesName_ElseByItsImageAndOffset()
    {
        var image = typeof(object).Assembly.Location;
        var (starts, _) = PrecompiledCode.Functions(image);
        Assert.SkipWhen(starts.Length < 2, $"{image} holds no precompiled code here");
        var directory = Directory.CreateTempSubdirectory().FullName;
        try
        {
            const ulong Loaded = 0x7000_0000;
            Running.ProcessFiles.Write(Path.Combine(directory, PrecompiledCodeFile.FileName), new PrecompiledCodeFile(
                [new LoadedImage(image, Loaded)], [new PrecompiledName(Loaded + starts[0], "System.Sample::Named()")]));

            var names = PerfMap.Read([], PrecompiledCode.Read(directory));

            Assert.Equal("System.Sample::Named()", names.Describe("???", $"0x{Loaded + starts[0] + 1:x16}"));
            Assert.Equal($"System.Private.CoreLib.dll+0x{starts[1]:x}", names.Describe("???", $"0x{Loaded + starts[1]:x16}"));
            Assert.Equal(PerfMap.Unnamed, names.Describe("???", "0x0000000000000010"));
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }
}
