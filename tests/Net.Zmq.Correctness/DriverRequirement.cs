using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Correctness;

/// <summary>A test of an absent driver shows as skipped with that driver's own reason; never as a silent pass.</summary>
internal static class DriverRequirement
{
    public static ZmqDriver Require(DriverId id)
    {
        var driver = ZmqDrivers.Get(id);
        Assert.SkipUnless(driver.Availability.IsAvailable, $"{id}: {driver.Availability.Description}");
        return driver;
    }
}
