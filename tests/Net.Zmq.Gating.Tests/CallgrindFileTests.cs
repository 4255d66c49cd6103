using NetZmqTests.Gating.Counting;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// The parser of callgrind's files, on the committed output of a small known program (Samples/sample.c).
/// </summary>
public sealed class CallgrindFileTests
{
    private static string Sample(string name) => Path.Combine(AppContext.BaseDirectory, "Samples", name);

    [Fact]
    public void AClientRequestDump_ReadsItsThreadTriggerTotalAndEachFunctionsSelfAndInclusiveCost()
    {
        var file = CallgrindFile.Read(Sample("callgrind.out.sample.1-01"));

        Assert.Equal(1, file.Part);
        Assert.Equal(1, file.Thread);
        Assert.Equal("Client Request: sample", file.Trigger);
        Assert.Equal("sample", file.OwnDumpName);
        Assert.Null(file.MonitorDumpName);
        Assert.Equal(6260, file.Total);
        Assert.Equal(file.Total, file.Functions.Sum(f => f.Self));
        var leaf = Assert.Single(file.Functions, f => f.Name == "leaf");
        var middle = Assert.Single(file.Functions, f => f.Name == "middle");
        var main = Assert.Single(file.Functions, f => f.Name == "main");
        Assert.Equal("/opt/sample/sample", leaf.File);
        Assert.Equal((910, 910), (leaf.Self, leaf.Inclusive));
        Assert.Equal((10, 920), (middle.Self, middle.Inclusive));
        Assert.Equal(6260, main.Inclusive);
    }

    [Fact]
    public void AnotherThreadsFile_ReadsItsOwnThreadAndTotal()
    {
        var file = CallgrindFile.Read(Sample("callgrind.out.sample-02"));

        Assert.Equal(2, file.Thread);
        Assert.Equal(657, file.Total);
        Assert.Equal("Program termination", file.Trigger);
        Assert.Contains(file.Functions, f => f.Name == "leaf" && f.Self > 0);
    }

    [Fact]
    public void AMonitorDump_IsNamedByItsCommand()
    {
        var file = CallgrindFile.Parse("in-memory", new StringReader("version: 1\nthread: 3\ndesc: Trigger: dump d7\npositions: line\nevents: Ir\nfn=(1) f\n1 5\ntotals: 5\n"));

        Assert.Equal("d7", file.MonitorDumpName);
        Assert.Equal((3, 5L), (file.Thread, file.Total));
    }

    [Theory]
    [InlineData("fn=(9)\n1 2\n", "line 1: the compressed name (9) is used before it is defined")]
    [InlineData("fn=(1) f\n1 x\n", "line 2: \"x\" is not a count")]
    [InlineData("events: Dr\n", "line 1: the first event is \"Dr\", not Ir")]
    [InlineData("what is this\n", "line 1: neither a header, a specification nor a cost line")]
    public void AMalformedLine_IsAnErrorNamingTheFileAndTheLine(string text, string expected)
    {
        var error = Assert.Throws<InvalidDataException>(() => CallgrindFile.Parse("profile.out", new StringReader(text)));

        Assert.StartsWith("profile.out, ", error.Message, StringComparison.Ordinal);
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void APerfMap_NamesCodeMadeAtRunTime_AndCodeInAFileByItsOffset()
    {
        var map = Path.Combine(Path.GetTempPath(), $"perf-{Guid.NewGuid():N}.map");
        File.WriteAllLines(map, ["5EE78EE0 1FE instance void [Lib] Ns.Type::Run(int32)[Optimized]", "not a line of a map"]);
        try
        {
            var names = PerfMap.Read([map]);

            Assert.Equal(1, names.Count);
            Assert.Equal("Ns.Type::Run(int32)", names.Describe("???", "0x000000005ee78f00'2"));
            Assert.Equal("unnamed code", names.Describe("???", "0x0000000000000010"));
            Assert.Equal("libcoreclr.so+0x4b0310", names.Describe("/usr/lib/libcoreclr.so", "0x00000000004b0310"));
            Assert.Equal("zmq_recv", names.Describe("/usr/lib/libzmq.so", "zmq_recv'2"));
        }
        finally
        {
            File.Delete(map);
        }
    }
}
