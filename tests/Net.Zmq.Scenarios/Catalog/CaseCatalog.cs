using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Scenarios.Catalog;

/// <summary>Every case the suite defines, for every driver, whether or not the driver is available here.</summary>
public static class CaseCatalog
{
    /// <summary>One operation: this many messages from the concurrent sender to the measured receiver.</summary>
    public const int MessagesPerOperation = 10_000;

    /// <summary>The sizes of Net.Zmq's published receive-mode table.</summary>
    public static IReadOnlyList<int> ReceiveModeSizes { get; } = [64, 512, 1024, 65536];

    public static IReadOnlyList<CaseDefinition> All { get; } = BuildAll();

    /// <summary>The cases whose driver is available in this build on this machine.</summary>
    public static IEnumerable<CaseDefinition> Available =>
        All.Where(c => ZmqDrivers.Get(c.Driver).Availability.IsAvailable);

    /// <summary>Each driver that is not available, with its own reason.</summary>
    public static IEnumerable<(DriverId Driver, string Reason)> AbsentDrivers =>
        ZmqDrivers.All.Where(d => !d.Availability.IsAvailable).Select(d => (d.Id, d.Availability.Description));

    public static CaseDefinition Get(string id) =>
        All.FirstOrDefault(c => c.Id == id) ?? throw new KeyNotFoundException($"No case has the id '{id}'.");

    private static List<CaseDefinition> BuildAll()
    {
        var cases = new List<CaseDefinition>();
        foreach (var driver in Enum.GetValues<DriverId>())
        {
            foreach (var mode in Enum.GetValues<ReceiveMode>())
            {
                foreach (var size in ReceiveModeSizes)
                {
                    cases.Add(new CaseDefinition(
                        driver, Suite.ReceiveModes, Pattern.RouterRouter, Transport.Tcp, mode, BufferStrategy.ReusedBuffer, size));
                }
            }
        }

        return cases;
    }
}
