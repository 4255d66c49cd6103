using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Blocking calls interrupted by a signal (EINTR, which the .NET runtime sends itself) and made again, counted per
/// driver for the run's notes. The floor retries as a C caller does; Net.Zmq throws a ZmqException on EINTR, so its
/// driver retries as a careful user would.
/// </summary>
public static class Interruptions
{
    public const int EINTR = 4;

    private static readonly long[] Counts = new long[Enum.GetValues<DriverId>().Length];

    /// <summary>True, and counted, when <paramref name="errorNumber"/> is EINTR.</summary>
    public static bool Retry(int errorNumber, DriverId driver)
    {
        if (errorNumber != EINTR)
            return false;

        Interlocked.Increment(ref Counts[(int)driver]);
        return true;
    }

    /// <summary>Calls of <paramref name="driver"/> interrupted and made again since the process started.</summary>
    public static long Count(DriverId driver) => Interlocked.Read(ref Counts[(int)driver]);
}
