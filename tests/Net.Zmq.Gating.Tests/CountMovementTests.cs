using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// Two runs' counts compared with the count gates' rules (what build/bisect.sh judges each commit by): unchanged counts
/// hold, a receiver grown past its bound or one more native call a message fails naming what moved, and a file with no
/// counts is an error naming it.
/// </summary>
public sealed class CountMovementTests : IDisposable
{
    private readonly DirectoryInfo _scratch = Directory.CreateTempSubdirectory("netzmq-count-movement-");

    public void Dispose() => _scratch.Delete(recursive: true);

    [Fact]
    public void UnchangedCounts_Hold()
    {
        var gates = CountMovement.Compare(Run(receive: 1200, calls: 1), Run(receive: 1200, calls: 1), "the earlier run", "earlier.json");

        Assert.Equal(2, gates.Count);
        Assert.All(gates, g => Assert.Equal(GateVerdict.Pass, g.Verdict));
    }

    [Fact]
    public void AReceiverGrownPastItsBound_Fails_NamingTheFunction()
    {
        // 1200 → 1230 a message in zmq_msg_recv: +30 of 1800 on the receiver, 1.7 %, over the 0.5 % bound.
        var gates = CountMovement.Compare(Run(receive: 1200, calls: 1), Run(receive: 1230, calls: 1), "the earlier run", "earlier.json");

        var moved = Assert.Single(gates, g => g.FailsRun);
        Assert.Equal(GateKind.InstructionsRegression, moved.Id.Kind);
        Assert.StartsWith("receiver: zmq_msg_recv: +30 per message", moved.FunctionChanges[0], StringComparison.Ordinal);
    }

    [Fact]
    public void OneMoreNativeCallAMessage_Fails()
    {
        var gates = CountMovement.Compare(Run(receive: 1200, calls: 1), Run(receive: 1200, calls: 2), "the earlier run", "earlier.json");

        var moved = Assert.Single(gates, g => g.FailsRun);
        Assert.Equal(GateKind.CallsRegression, moved.Id.Kind);
        Assert.Contains("zmq_msg_recv:ok 1 → 2 per message", moved.Measured, StringComparison.Ordinal);
    }

    [Fact]
    public void AFileWithNoCounts_IsAnErrorNamingIt()
    {
        var path = Path.Combine(_scratch.FullName, "measured.json");
        ProcessFiles.Write(path, Run(receive: 1200, calls: 1) with { Counts = null, Instructions = null });

        var error = Assert.Throws<InvalidDataException>(() => CountMovement.Read(path));

        Assert.StartsWith($"{path}: no counted case", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AFileWithCounts_ReadsBackWhole()
    {
        var path = Path.Combine(_scratch.FullName, "measured.json");
        ProcessFiles.Write(path, Run(receive: 1200, calls: 1));

        var gates = CountMovement.Compare(CountMovement.Read(path), Run(receive: 1230, calls: 1), "the earlier run", path);

        Assert.Single(gates, g => g.FailsRun);
    }

    /// <summary>A run that counted one case: its receiver's zmq_msg_recv instructions and calls a message.</summary>
    private static RunMeasurements Run(double receive, int calls) =>
        new(RunMeasurements.CurrentSchema, new RunIdentity("c", "default", null, null, 1, "pinned", ["NetZmq 0.4.1"]), null, 60, "cpu", [])
        {
            Instructions = new RunInstructions([SyntheticInstructions.Case("NetZmq/S/x",
                receiver: [SyntheticInstructions.Work.Steady("Ns.Receiver::Loop()", 600), SyntheticInstructions.Work.Steady("zmq_msg_recv", receive)])], null),
            Counts = new RunCounts([new CountedCase("NetZmq/S/x", 1000, [.. Enumerable.Range(0, 3).Select(_ =>
                (IReadOnlyDictionary<string, long>)new Dictionary<string, long> { ["zmq_msg_recv:ok"] = 1000 * calls })])], null),
        };
}
