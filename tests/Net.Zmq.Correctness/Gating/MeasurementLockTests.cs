using NetZmqTests.Gating.Running;

namespace NetZmqTests.Correctness.Gating;

/// <summary>
/// Perf never measures beside Correctness: this very test run holds the measurement lock shared (see
/// SharedMachineFixture), so an exclusive request from here must wait, and give up at its deadline.
/// </summary>
public sealed class MeasurementLockTests
{
    [Fact]
    public void Exclusive_WhileCorrectnessRuns_WaitsAndGivesUpAtItsDeadlineSayingWhy()
    {
        var messages = new List<string>();

        var error = Assert.Throws<TimeoutException>(() => MeasurementLock.Acquire(exclusive: true, TimeSpan.FromMilliseconds(600), messages.Add));

        Assert.Contains("waiting for other test runs to finish", Assert.Single(messages), StringComparison.Ordinal);
        Assert.Contains("another test run is still going", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Shared_BesideAnotherCorrectnessRun_IsGrantedAtOnce()
    {
        using var second = MeasurementLock.Acquire(exclusive: false, TimeSpan.FromMilliseconds(600));
    }

    /// <summary>
    /// The fast unit tests' way (BesideNoMeasurement): shared beside shared holders; nothing, at once, beside an
    /// exclusive one.
    /// </summary>
    [Fact]
    public void SharedIfFree_IsGrantedBesideSharedHolders_AndRefusedAtOnceBesideAnExclusiveOne()
    {
        using (var besideCorrectness = MeasurementLock.SharedIfFree())
            Assert.NotNull(besideCorrectness);

        var path = Path.Combine(Path.GetTempPath(), $"nzt-lock-{Guid.NewGuid():N}");
        try
        {
            using (new FileStream(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None))
            {
                var started = DateTime.UtcNow;
                Assert.Null(MeasurementLock.SharedIfFree(path));
                Assert.True(DateTime.UtcNow - started < TimeSpan.FromSeconds(1), "SharedIfFree waited");
            }

            using var free = MeasurementLock.SharedIfFree(path);
            Assert.NotNull(free);
        }
        finally
        {
            File.Delete(path);
        }
    }
}
