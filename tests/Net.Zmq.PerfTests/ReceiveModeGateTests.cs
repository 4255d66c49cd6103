using NetZmqTests.Gating.Gates;
using NetZmqTests.PerfTests.Infrastructure;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.PerfTests;

/// <summary>
/// The receive-mode suite's gates, one test per driver so that each driver passes, fails or is skipped (with its
/// reason) on its own line. All drivers are measured in one run, so their ratios come from the same conditions.
/// </summary>
[Trait(TestCategories.Key, TestCategories.Perf)]
public sealed class ReceiveModeGateTests
{
    public static TheoryData<DriverId> Drivers => new(Enum.GetValues<DriverId>());

    [Theory]
    [MemberData(nameof(Drivers))]
    public void Driver_MeetsEveryGate(DriverId driver)
    {
        var availability = ZmqDrivers.Get(driver).Availability;
        Assert.SkipUnless(availability.IsAvailable, $"{driver} is not measured here: {availability.Description}");

        var run = PerfSession.Run(TestContext.Current.TestOutputHelper!.WriteLine);
        var subject = Assert.Single(run.Subjects, s => s.Subject == driver.ToString());
        if (subject.Error is not null)
        {
            Assert.Fail($"{driver} could not be gated: {subject.Error}");
        }

        foreach (var accepted in subject.Gates.Where(g => g.Verdict == GateVerdict.KnownViolation))
        {
            TestContext.Current.TestOutputHelper!.WriteLine(accepted.Describe());
        }

        var failures = subject.Gates.Where(g => g.FailsRun).ToList();
        Assert.True(failures.Count == 0,
            $"{failures.Count} of {subject.Gates.Count} {driver} gates fail (report: artifacts/perf/report.md):\n" +
            string.Join("\n", failures.Select(f => f.Describe())));
    }
}
