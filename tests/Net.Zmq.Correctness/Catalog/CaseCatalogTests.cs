using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Payloads;

namespace NetZmqTests.Correctness.Catalog;

public sealed class CaseCatalogTests
{
    [Fact]
    public void EachDriver_HasTheSixteenReceiveModeCases_WithUniqueIds()
    {
        Assert.Equal(CaseCatalog.All.Count, CaseCatalog.All.Select(c => c.Id).Distinct().Count());
        foreach (var driver in Enum.GetValues<DriverId>())
        {
            Assert.Equal(16, CaseCatalog.All.Count(c => c.Driver == driver && c.Suite == Suite.ReceiveModes));
        }
    }

    [Fact]
    public void CaseId_NamesEveryDimension_InAStableFormat()
    {
        var definition = new CaseDefinition(DriverId.NetZmq, Suite.ReceiveModes, Pattern.RouterRouter, Transport.Tcp,
            ReceiveMode.Poller, BufferStrategy.ReusedBuffer, 65536);

        // Ids are keys in baselines and filters: this string may only change together with them.
        Assert.Equal("NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64KiB", definition.Id);
        Assert.Same(CaseCatalog.Get(definition.Id).Id, CaseCatalog.Get(definition.Id).Id);
        Assert.Equal("512B", CaseDefinition.FormatSize(512));
    }

    [Fact]
    public void AbsentDrivers_AreListedWithTheirReasons()
    {
        foreach (var (driver, reason) in CaseCatalog.AbsentDrivers)
        {
            Assert.False(string.IsNullOrWhiteSpace(reason), $"{driver} is absent without a reason");
            Assert.DoesNotContain(CaseCatalog.Available, c => c.Driver == driver);
        }
    }

    [Fact]
    public void PayloadTemplate_IsDeterministicAndNotAPattern()
    {
        var first = Payload.CreateTemplate(1024);
        var second = Payload.CreateTemplate(1024);

        Assert.Equal(first, second);
        Assert.Equal(Convert.ToHexString(first.AsSpan(8, 8)), Convert.ToHexString(Payload.CreateTemplate(64).AsSpan(8, 8)));
        Assert.True(first.Skip(Payload.SequenceBytes).Distinct().Count() > 200, "the template should use most byte values");
    }
}
