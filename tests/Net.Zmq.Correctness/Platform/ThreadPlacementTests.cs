using NetZmqTests.Gating.Platform;

namespace NetZmqTests.Correctness.Platform;

/// <summary>PERF_PLACEMENT and what pinning does to the process's threads; the process CPU clock beside it.</summary>
public sealed class ThreadPlacementTests
{
    [Fact]
    public void UnknownPlacement_IsAnErrorNamingIt()
    {
        var error = Assert.Throws<ArgumentException>(() => ThreadPlacement.FromEnvironment(name => name == "PERF_PLACEMENT" ? "sideways" : null));

        Assert.Equal("PERF_PLACEMENT=sideways is not a placement; known: pinned, free", error.Message);
    }

    [Fact]
    public void FreePlacement_PinsNothing_AndSaysSo()
    {
        var free = ThreadPlacement.FromEnvironment(name => name == "PERF_PLACEMENT" ? "free" : null);

        Assert.False(free.IsPinned);
        Assert.StartsWith("free:", free.Description, StringComparison.Ordinal);
        using var nothing = free.Pin(new HashSet<int>());
    }

    /// <summary>
    /// A sender thread goes to one CPU, every other thread (this one too) to another, and all get their CPUs back
    /// afterwards.
    /// </summary>
    [Fact]
    public void Pinned_SendersOnOneCpu_EverythingElseOnAnother_UntilReleased()
    {
        var placement = ThreadPlacement.FromEnvironment(_ => null);
        Assert.SkipUnless(placement.IsPinned, $"threads are not pinned here: {placement.Description}");
        var original = AllowedCpus(ThreadPlacement.CurrentThreadId());
        using var release = new ManualResetEventSlim();
        var senderId = 0;
        var sender = new Thread(() =>
        {
            senderId = ThreadPlacement.CurrentThreadId();
            release.Wait(TimeSpan.FromSeconds(10));
        });
        sender.Start();
        SpinWait.SpinUntil(() => Volatile.Read(ref senderId) != 0, TimeSpan.FromSeconds(10));

        string pinnedSender, pinnedHere;
        using (placement.Pin(new HashSet<int> { senderId }))
        {
            pinnedSender = AllowedCpus(senderId);
            pinnedHere = AllowedCpus(ThreadPlacement.CurrentThreadId());
        }

        var restoredSender = AllowedCpus(senderId);
        release.Set();
        sender.Join();

        Assert.Matches(@"^\d+$", pinnedSender);
        Assert.Matches(@"^\d+$", pinnedHere);
        Assert.NotEqual(pinnedSender, pinnedHere);
        Assert.Contains($"senders on CPU {pinnedSender}", placement.Description, StringComparison.Ordinal);
        Assert.Contains($"every other thread on CPU {pinnedHere}", placement.Description, StringComparison.Ordinal);
        Assert.Equal(original, AllowedCpus(ThreadPlacement.CurrentThreadId()));
        Assert.Equal(original, restoredSender);
    }

    [Fact]
    public void ProcessCpuClock_AdvancesWithWork()
    {
        Assert.SkipUnless(CpuClock.IsAvailable, "the process CPU clock is read on Linux only");
        var before = CpuClock.ProcessNanoseconds();
        var started = DateTime.UtcNow;
        var spins = 0L;
        while (DateTime.UtcNow - started < TimeSpan.FromMilliseconds(20))
            spins++;

        Assert.True(CpuClock.ProcessNanoseconds() > before, $"no CPU time counted over {spins} spins");
    }

    /// <summary>The kernel's view of a thread's CPUs, e.g. "0-1" or "1".</summary>
    private static string AllowedCpus(int thread) =>
        File.ReadLines($"/proc/self/task/{thread}/status").Single(l => l.StartsWith("Cpus_allowed_list:", StringComparison.Ordinal))
            .Split(':')[1].Trim();
}
