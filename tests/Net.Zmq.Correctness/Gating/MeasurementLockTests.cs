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
}
