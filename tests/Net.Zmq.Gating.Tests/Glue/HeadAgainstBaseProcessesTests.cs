using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;
using static NetZmqTests.Gating.Tests.Glue.CatalogMeasurements;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>
/// Head ÷ base of a run measured in several processes: a state of one process widens the interval and does not fail
/// alone; the same slowdown in every process fails; one process is judged over its blocks, as before.
/// </summary>
public sealed class HeadAgainstBaseProcessesTests
{
    private static readonly ReceiveMode[] Modes = [ReceiveMode.PureBlocking, ReceiveMode.BlockingWithBatch, ReceiveMode.Poller];

    /// <summary>
    /// Every mode of one cell, head and base, in <paramref name="slowdownByProcess"/>'s processes of five blocks of
    /// three units each: the head slower by the process's factor, a block spread of ±1 % and a unit spread of ±0.5 %.
    /// </summary>
    private static List<AnalyzedCase> Compared(params double[] slowdownByProcess) => Compared([1024], slowdownByProcess);

    private static List<AnalyzedCase> Compared(int[] sizes, double[] slowdownByProcess)
    {
        var measured = new List<CaseMeasurement>();
        foreach (var (size, mode, m) in sizes.SelectMany(size => Modes.Select((mode, m) => (size, mode, m))))
        {
            var head = Case(DriverId.NetZmq, Suite.ReceiveModes, mode, size);
            foreach (var (definition, slower) in new[] { (head, true), (head.On(DriverId.NetZmqBase), false) })
            {
                var (times, units, blocks, processes) = (new List<double>(), new List<int>(), new List<int>(), new List<int>());
                for (var p = 0; p < slowdownByProcess.Length; p++)
                {
                    for (var b = 0; b < 5; b++)
                    {
                        for (var u = 0; u < 3; u++)
                        {
                            var block = 1 + (0.01 * (((b * 3) + m + p) % 5 - 2) / 2);
                            var unit = 1 + (0.005 * ((u + b + (slower ? 1 : 0)) % 3 - 1));
                            times.Add(5e6 * block * unit * (slower ? slowdownByProcess[p] : 1));
                            units.Add((p * 100) + (b * 3) + u);
                            blocks.Add((p * 10) + b);
                            processes.Add(p);
                        }
                    }
                }

                measured.Add(Measured(definition, 0) with
                {
                    NanosecondsPerOperation = times,
                    PairingUnits = units,
                    Blocks = blocks,
                    Processes = processes,
                });
            }
        }

        return HeadAgainstBase.Paired.Of(measured.GroupBy(c => c.Case.SuiteId).SelectMany(s => SuiteAnalysis.Analyze([.. s])).ToList())!;
    }

    private static IReadOnlyList<GateResult> TimeGates(List<AnalyzedCase> compared) =>
        [.. PairedGates.Evaluate(compared, HeadAgainstBase.Paired.Pairing, PairedGates.Default).Where(g => g.Id.Kind == GateKind.PairedTime)];

    [Fact]
    public void AStateOfOneProcess_DoesNotFailAlone_AndShowsInEachCasesProcessRatios()
    {
        var compared = Compared(1.10, 1.0);

        Assert.All(TimeGates(compared), g => Assert.NotEqual(GateVerdict.Fail, g.Verdict));
        Assert.All(compared, c => Assert.Equal(2, c.ProcessRatios!.Count));
        Assert.All(TimeGates(compared), g => Assert.Contains("per process 1.1", g.Note, StringComparison.Ordinal));
    }

    [Fact]
    public void TheSameSlowdownInEveryProcess_Fails()
    {
        var gates = TimeGates(Compared(1.05, 1.05));

        Assert.All(gates, g => Assert.Equal(GateVerdict.Fail, g.Verdict));
    }

    [Fact]
    public void OneProcess_IsJudgedOverItsBlocks_AsBefore()
    {
        var compared = Compared(1.05);

        Assert.All(TimeGates(compared), g => Assert.Equal(GateVerdict.Fail, g.Verdict));
        Assert.All(compared, c => Assert.Null(c.ProcessRatios));
    }

    /// <summary>
    /// A confirmation judged on both passes together (<see cref="MeasuredProcess.WithEarlierPasses"/>: eight processes,
    /// the first pass's four and the fresh four): a first pass whose four processes agreed on +7 % by chance (as one
    /// A/A run's did) clears when the fresh four do not; a real +5 % in all eight fails, narrower than either pass
    /// alone.
    /// </summary>
    [Fact]
    public void AConfirmationOnBothPasses_ClearsAFirstPassThatAgreedByChance_AndKeepsARealSlowdown()
    {
        Assert.All(TimeGates(Compared(1.07, 1.07, 1.07, 1.07)), g => Assert.Equal(GateVerdict.Fail, g.Verdict));

        Assert.All(TimeGates(Compared(1.07, 1.07, 1.07, 1.07, 1.04, 0.95, 1.0, 0.98)), g => Assert.Equal(GateVerdict.Pass, g.Verdict));
        Assert.All(TimeGates(Compared(1.05, 1.05, 1.05, 1.05, 1.05, 1.05, 1.05, 1.05)), g => Assert.Equal(GateVerdict.Fail, g.Verdict));
    }

    /// <summary>Three cells: enough for the mean over every case.</summary>
    private static readonly int[] ThreeSizes = [64, 1024, 65536];

    private static GateResult Mean(List<AnalyzedCase> compared) =>
        Assert.Single(PairedGates.Evaluate(compared, HeadAgainstBase.Paired.Pairing, PairedGates.Default), g => g.Id.Kind == GateKind.PairedAggregate);

    [Fact]
    public void TheMean_OfAStateOfOneProcessInEveryCase_DoesNotFailAlone()
    {
        var mean = Mean(Compared(ThreeSizes, [1.05, 1.0, 1.0, 1.0]));

        Assert.NotEqual(GateVerdict.Fail, mean.Verdict);
    }

    [Fact]
    public void TheMean_OfASmallSlowdownInEveryProcess_Fails()
    {
        var mean = Mean(Compared(ThreeSizes, [1.03, 1.03, 1.03, 1.03]));

        Assert.Equal(GateVerdict.Fail, mean.Verdict);
    }
}
