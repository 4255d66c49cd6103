using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Explain;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>
/// The explain command over every case id: each finds its loop and driver body in the sources, at lines that declare
/// them, every gate that judges it, and its baseline entry or its declaration; and it says so when the sources lack
/// them.
/// </summary>
public sealed class CaseExplainerTests
{
    private static readonly string Root = SourceLayout.Of(typeof(CaseExplainerTests).Assembly).RepositoryRoot;
    private static readonly CaseExplainer Explainer = new(Root);

    [Fact]
    public void EveryCaseId_FindsItsLoopBodyGatesAndEntry_AtLinesThatDeclareThem()
    {
        var problems = new List<string>();
        foreach (var id in CaseExplainer.AllIds)
        {
            var explained = Explainer.Explain(id);
            problems.AddRange(explained.Problems.Select(p => $"{id}: {p}"));
            problems.AddRange(explained.Sources.Where(s => !File.ReadAllLines(Path.Combine(Root, s.Path))[s.Line - 1].Contains(s.Text, StringComparison.Ordinal))
                .Select(s => $"{id}: {s} does not hold '{s.Text}'"));
            if (explained.Sources.Count < 3 || (!id.StartsWith("NetZmqBase/", StringComparison.Ordinal) && explained.Gates.Count == 0))
                problems.Add($"{id}: {explained.Sources.Count} source lines and {explained.Gates.Count} gates");
        }

        Assert.True(problems.Count == 0, string.Join("\n", problems.Take(20)));
    }

    [Fact]
    public void APollerPatternCase_LeadsToThePollerLoop_ItsBodyCalls_ThePolicy_TheOverhead_AndHeadAgainstBase()
    {
        var explained = Explainer.Explain("NetZmq/Patterns/PushPull/Inproc/Poller/ReusedBuffer/1KiB");
        var text = string.Join("\n", explained.Lines);

        Assert.Contains("Receive loop: SocketReceiver<TSocket>.ReceivePoller  tests/Net.Zmq.Scenarios/Drivers/SocketReceiver.cs:", text, StringComparison.Ordinal);
        Assert.Equal(["SocketReceiver.cs", "NetZmqReceiveSocket.cs", "NetZmqReceiveSocket.cs", "NetZmqReceiveSocket.cs"],
            explained.Sources.Select(s => Path.GetFileName(s.Path)));
        Assert.Contains("Reference: NetZmq/Patterns/PushPull/Inproc/PureBlocking/ReusedBuffer/1KiB", text, StringComparison.Ordinal);
        Assert.Contains("Profiles (PerfSelection.InProfile): default yes, full yes, quick yes, pr yes", text, StringComparison.Ordinal);
        // Its overhead case needs the floor's Poller case, which only the full profile measures: unbaselined there.
        Assert.Contains("NetZmq/BindingOverhead/Patterns/PushPull/Inproc/Poller/ReusedBuffer/1KiB: measured where the floor's same case is (profiles: full)", text, StringComparison.Ordinal);
        Assert.Equal(
            ["policy/ratio/Poller/PureBlocking", "regression/time/PureBlocking", "regression/cpu-time/PureBlocking", "regression/bytes", "baseline/entry",
             "paired/time/head/base", "paired/cpu-time/head/base", "paired/bytes/head/base"],
            explained.Gates.Select(g => g.Id.Key));
        Assert.Contains("unbaselined by declaration", text, StringComparison.Ordinal);
    }

    [Fact]
    public void TheFloorsArrayPoolAtLargeSizes_IsUnbaselinedByDeclaration_AndJudgedByTheProductOwnersBound()
    {
        var explained = Explainer.Explain("LibZmq/BufferStrategies/RouterRouter/Tcp/PureBlocking/ArrayPool/64KiB");
        var text = string.Join("\n", explained.Lines);

        Assert.Contains("SocketReceiver<TSocket>.ReceiveWithStrategy", text, StringComparison.Ordinal);
        Assert.Contains("Reference: LibZmq/BufferStrategies/RouterRouter/Tcp/PureBlocking/ByteArray/64KiB", text, StringComparison.Ordinal);
        Assert.Contains("default no, full yes, quick no, pr no", text, StringComparison.Ordinal);
        Assert.Contains(explained.Gates, g => g.Id.Kind == GateKind.BytesPolicy && g.Gate.Contains("ArrayPool allocates < 5000 B", StringComparison.Ordinal));
        Assert.Contains(explained.Gates, g => g.Id.Kind == GateKind.BaselineEntry && g.Verdict == GateVerdict.NotApplied);
        Assert.Contains("unbaselined by declaration, the baselines hold the default profile's cases", text, StringComparison.Ordinal);
        Assert.Empty(explained.Problems);
    }

    [Fact]
    public void WithoutTheSources_ItSaysWhatItCouldNotFind_AndAnUnknownIdIsAnErrorShowingTheForm()
    {
        var empty = Directory.CreateTempSubdirectory("nzt-explain-");
        try
        {
            Directory.CreateDirectory(Path.Combine(empty.FullName, "tests"));
            var explained = new CaseExplainer(empty.FullName).Explain("NetMQ/ReceiveModes/RouterRouter/Tcp/Poller/ReusedBuffer/64B");

            Assert.Contains("the loop ReceivePoller: not found in the sources", explained.Problems);
            Assert.Contains(explained.Problems, p => p.StartsWith("baselines/NetMQ.ReceiveModes.json", StringComparison.Ordinal));
        }
        finally
        {
            empty.Delete(recursive: true);
        }

        var error = Assert.Throws<ArgumentException>(() => Explainer.Explain("NetZmq/Patterns/PushPull/Inproc/Poller/1KiB"));
        Assert.Contains("<driver>/<suite>/<pattern>/<transport>/<mode>/<strategy>/<size>", error.Message, StringComparison.Ordinal);
    }

    /// <summary>
    /// A pool case explained by a build whose Net.Zmq has no MessagePool (or none at all) says why, rather than failing
    /// deep inside.
    /// </summary>
    [Fact]
    public void ACaseOfAnotherBuildOnly_IsAnErrorSayingWhy()
    {
        const string pool = "NetZmq/BufferStrategies/RouterRouter/Tcp/PureBlocking/MessagePoolRecvPool/64B";
        if (CaseExplainer.AllIds.Contains(pool))
        {
            Assert.Contains(Explainer.Explain(pool).Gates, g => g.Id.Kind == GateKind.BytesPolicy);
            return;
        }

        var error = Assert.Throws<ArgumentException>(() => Explainer.Explain(pool));
        Assert.Contains("is a case of another build only: not in", error.Message, StringComparison.Ordinal);
    }
}
