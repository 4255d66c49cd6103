using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Correctness;

/// <summary>
/// A test of an absent driver shows as skipped with that driver's own reason; never as a silent pass.
/// </summary>
internal static class DriverRequirement
{
    public static ZmqDriver Require(DriverId id)
    {
        var driver = ZmqDrivers.Get(id);
        Assert.SkipUnless(driver.Availability.IsAvailable, $"{id}: {driver.Availability.Description}");
        return driver;
    }

    /// <summary>
    /// The case's driver, available and able to run it (a base build may lack an API the head has: skipped with the
    /// reason).
    /// </summary>
    public static ZmqDriver Require(CaseDefinition definition)
    {
        var driver = Require(definition.Driver);
        Assert.SkipWhen(driver.CannotRun(definition) is not null, $"{definition.Driver}: {driver.CannotRun(definition)}");
        return driver;
    }
}
