using System.Runtime.InteropServices;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Correctness.Drivers;

/// <summary>
/// The native call counter (build/NativeCounter/zmqcount.c) on a real libzmq: every call forwarded and counted once, by
/// function and by outcome, errno left as the callee set it.
/// </summary>
public sealed unsafe class NativeCallCounterTests
{
    private const int ZmqPull = 7;
    private const int ZmqDontWait = 1;

    [Fact]
    public void EveryCall_IsForwarded_AndCountedOnce_ByFunctionAndOutcome()
    {
        Assert.SkipWhen(NativeCallCounter.Unavailable is not null, $"the counter is not built here: {NativeCallCounter.Unavailable}");
        var real = RealLibzmq();
        Assert.SkipWhen(real is null, "no libzmq here to forward to (install libzmq5, or build with Net.Zmq)");
        var counter = NativeCallCounter.Open($"test-{Guid.NewGuid():N}", real!);
        var h = counter.Handle;
        var version = (delegate* unmanaged<int*, int*, int*, void>)NativeLibrary.GetExport(h, "zmq_version");
        var contextNew = (delegate* unmanaged<nint>)NativeLibrary.GetExport(h, "zmq_ctx_new");
        var socket = (delegate* unmanaged<nint, int, nint>)NativeLibrary.GetExport(h, "zmq_socket");
        var receive = (delegate* unmanaged<nint, byte*, nuint, int, int>)NativeLibrary.GetExport(h, "zmq_recv");
        var errno = (delegate* unmanaged<int>)NativeLibrary.GetExport(h, "zmq_errno");
        var close = (delegate* unmanaged<nint, int>)NativeLibrary.GetExport(h, "zmq_close");
        var terminate = (delegate* unmanaged<nint, int>)NativeLibrary.GetExport(h, "zmq_ctx_term");
        var before = counter.Read();

        int major, minor, patch;
        version(&major, &minor, &patch);
        var context = contextNew();
        var pull = socket(context, ZmqPull);
        var buffer = stackalloc byte[16];
        var received = receive(pull, buffer, 16, ZmqDontWait);
        var error = errno();
        var closed = close(pull);
        var closedNothing = close(0);
        var terminated = terminate(context);

        Assert.Equal(4, major);
        Assert.NotEqual(0, context);
        Assert.NotEqual(0, pull);
        Assert.Equal((-1, 11, 0, -1, 0), (received, error, closed, closedNothing, terminated));
        Assert.Equal(new Dictionary<string, long>
        {
            ["zmq_version:ok"] = 1,
            ["zmq_ctx_new:ok"] = 1,
            ["zmq_socket:ok"] = 1,
            ["zmq_recv:again"] = 1,
            ["zmq_errno:again"] = 1,
            ["zmq_close:ok"] = 1,
            ["zmq_close:error"] = 1,
            ["zmq_ctx_term:ok"] = 1,
        }.OrderBy(p => p.Key, StringComparer.Ordinal), counter.Between(before, counter.Read()).OrderBy(p => p.Key, StringComparer.Ordinal));
    }

    /// <summary>The libzmq file the suite would load: the head build's, or the system's.</summary>
    private static string? RealLibzmq()
    {
        if (File.Exists(NetZmqBuildFiles.Head.NativeLibraryPath))
            return NetZmqBuildFiles.Head.NativeLibraryPath;

        return NativeLibrary.TryLoad("libzmq.so.5", out var handle) ? NativeLibraries.PathOf(handle) : null;
    }
}
