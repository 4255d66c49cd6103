using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Payloads;

namespace NetZmqTests.Gating.Tests;

public sealed class CaseCatalogTests
{
    [Fact]
    public void EachDriver_HasTheWholeModeAndPatternMatrix_WithUniqueIds()
    {
        Assert.Equal(CaseCatalog.All.Count, CaseCatalog.All.Select(c => c.Id).Distinct().Count());
        foreach (var driver in Enum.GetValues<DriverId>())
        {
            Assert.Equal(16, CaseCatalog.All.Count(c => c.Driver == driver && c.Suite == Suite.ReceiveModes));
            // Three patterns × two transports × four modes × three sizes, but ROUTER over tcp (the receive-mode suite).
            Assert.Equal(60, CaseCatalog.All.Count(c => c.Driver == driver && c.Suite == Suite.Patterns));
        }
    }

    [Fact]
    public void EveryBufferStrategy_OfEveryDriver_IsMeasuredAtEverySize_OrHasAReason()
    {
        foreach (var driver in Enum.GetValues<DriverId>())
        {
            foreach (var strategy in Enum.GetValues<BufferStrategy>().Where(s => s != BufferStrategy.ReusedBuffer))
            {
                var sizes = CaseCatalog.All.Where(c => c.Driver == driver && c.Strategy == strategy).Select(c => c.MessageSize).ToList();
                var reasons = CaseCatalog.StrategiesNotExpressed.Where(n => n.Driver == driver && n.Strategy == strategy).ToList();
                if (reasons.Count == 0)
                {
                    Assert.Equal(CaseCatalog.BufferStrategySizes, sizes);
                }
                else
                {
                    Assert.Empty(sizes);
                    Assert.False(string.IsNullOrWhiteSpace(Assert.Single(reasons).Reason));
                }
            }
        }

        // Net.Zmq has the pool strategies exactly where its requested version has MessagePool (0.4.x).
        Assert.Equal(NetZmqTests.Scenarios.Drivers.NetZmqBuild.HasMessagePool,
            CaseCatalog.All.Any(c => c.Driver == DriverId.NetZmq && c.Strategy == BufferStrategy.MessagePoolRecvPool));
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

    [Fact]
    public void EveryCaseId_ParsesBackToItsCase_AndNothingElseDoes()
    {
        Assert.All(CaseCatalog.All, c => Assert.Equal(c, CaseDefinition.Parse(c.Id)));
        Assert.Null(CaseDefinition.Parse("NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/1024B"));
        Assert.Null(CaseDefinition.Parse("NetZmq/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer"));
        Assert.Null(CaseDefinition.Parse("Nobody/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64B"));
    }
}
