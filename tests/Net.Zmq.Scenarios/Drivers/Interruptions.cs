using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers;

/// <summary>
/// Blocking calls that a signal interrupted (EINTR) and the driver made again, counted per driver for the run's notes.
/// libzmq's blocking calls return EINTR when a signal reaches the waiting thread, and the .NET runtime sends its own
/// (seen under the collections of ByteArray at 64 KiB: twice in about ten runs, once in the floor's zmq_recv and
/// once in Net.Zmq's Recv, and each time the whole Perf run failed on it). The floor makes the call again, as a C
/// caller does. Net.Zmq throws a ZmqException instead (its Socket.Recv and Send treat only EAGAIN specially), so its
/// driver makes the call again as a careful user would, and the report says how often it had to.
/// </summary>
public static class Interruptions
{
    public const int EINTR = 4;

    private static readonly long[] Counts = new long[Enum.GetValues<DriverId>().Length];

    /// <summary>
    /// True, and counted, when <paramref name="errorNumber"/> says the call was interrupted and should be made again.
    /// </summary>
    public static bool Retry(int errorNumber, DriverId driver)
    {
        if (errorNumber != EINTR)
        {
            return false;
        }

        Interlocked.Increment(ref Counts[(int)driver]);
        return true;
    }

    /// <summary>
    /// How many calls of <paramref name="driver"/> were interrupted and made again since the process started.
    /// </summary>
    public static long Count(DriverId driver) => Interlocked.Read(ref Counts[(int)driver]);
}
