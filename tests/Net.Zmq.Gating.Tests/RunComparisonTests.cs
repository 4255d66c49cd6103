using System.Text.Json.Nodes;
using NetZmqTests.Gating.Comparison;
using NetZmqTests.Gating.Reporting;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// Two runs' results.json compared with the gates' rule, on synthetic runs written as a Perf run writes them.
/// </summary>
public sealed class RunComparisonTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("nzt-compare-").FullName;

    /// <summary>The sample run's results.json, with <paramref name="change"/> applied to its JSON.</summary>
    private string Results(string name, Action<JsonNode>? change = null)
    {
        var directory = Path.Combine(_directory, name);
        ReportFiles.Write(SampleMeasurements.Run(), directory);
        var path = Path.Combine(directory, ReportFiles.ResultsName);
        var json = JsonNode.Parse(File.ReadAllText(path))!;
        change?.Invoke(json);
        File.WriteAllText(path, json.ToJsonString());
        return path;
    }

    /// <summary>
    /// The floor's Poller at 64 B: its ratio (and interval) times <paramref name="factor"/>, its bytes set.
    /// </summary>
    private static Action<JsonNode> FloorPoller(double factor, double? bytes = null) => json =>
    {
        var poller = json["subjects"]![1]!["cases"]!.AsArray().Single(c => (string)c!["measurement"]!["case"]!["id"]! == SampleMeasurements.Identity("Floor", "Poller").Id)!;
        foreach (var bound in new[] { "value", "lower", "upper" })
            poller["ratio"]![bound] = (double)poller["ratio"]![bound]! * factor;

        if (bytes is { } b)
            poller["measurement"]!["bytesAllocatedPerOperation"] = b;
    };

    private static (IReadOnlyList<CaseComparison> Rows, string Markdown) Compare(string before, string after)
    {
        var (a, b) = (RunResults.Read(before), RunResults.Read(after));
        var rows = RunComparison.Compare(a, b);
        return (rows, RunComparison.Render(a, b, rows));
    }

    [Fact]
    public void ARunAgainstItself_IsTheSameEverywhere()
    {
        var (rows, markdown) = Compare(Results("a"), Results("b"));

        Assert.Equal(4, rows.Count);
        Assert.All(rows, r => Assert.Equal((Change.Same, false), (r.Time, r.WouldFailAGate)));
        Assert.Contains("**No case would fail a gate.**", markdown, StringComparison.Ordinal);
        Assert.Contains("Both runs on the same machine class", markdown, StringComparison.Ordinal);
    }

    [Fact]
    public void ACaseSlowerBeyondItsTolerance_IsSlower_AndWouldFailAGate()
    {
        var (rows, markdown) = Compare(Results("a"), Results("b", FloorPoller(1.3)));

        var slower = Assert.Single(rows, r => r.Time == Change.Slower);
        Assert.Equal(SampleMeasurements.Identity("Floor", "Poller").Id, slower.Id);
        Assert.True(slower.WouldFailAGate);
        Assert.Contains("**1 case would fail a gate.**", markdown, StringComparison.Ordinal);
        Assert.Contains($"| {slower.Id} | **Slower** |", markdown, StringComparison.Ordinal);
    }

    /// <summary>
    /// A sleep-bound case (NonBlocking) is compared in CPU time, as its gates judge it: its wall time tripling is the
    /// timer's.
    /// </summary>
    [Theory]
    [InlineData(3.0, 1.0, Change.Same)]
    [InlineData(1.0, 1.3, Change.Slower)]
    public void ASleepBoundCase_IsComparedInCpuTime(double wallFactor, double cpuFactor, Change expected)
    {
        static Action<JsonNode> SleepBoundPoller(double wall, double cpu) => json =>
        {
            var poller = json["subjects"]![0]!["cases"]!.AsArray().Single(c => (string)c!["measurement"]!["case"]!["id"]! == SampleMeasurements.Identity("Binding", "Poller").Id)!;
            poller["measurement"]!["case"]!["sleepBound"] = true;
            foreach (var bound in new[] { "value", "lower", "upper" })
            {
                poller["ratio"]![bound] = (double)poller["ratio"]![bound]! * wall;
                poller["cpuRatio"]![bound] = (double)poller["cpuRatio"]![bound]! * cpu;
            }
        };

        var (rows, _) = Compare(Results("a", SleepBoundPoller(1, 1)), Results("b", SleepBoundPoller(wallFactor, cpuFactor)));

        Assert.Equal(expected, Assert.Single(rows, r => r.Id == SampleMeasurements.Identity("Binding", "Poller").Id).Time);
    }

    [Fact]
    public void ACaseMuchFaster_IsFaster_AndFailsNothing()
    {
        var (rows, _) = Compare(Results("a"), Results("b", FloorPoller(0.7)));

        Assert.Equal(Change.Faster, Assert.Single(rows, r => r.Time != Change.Same).Time);
        Assert.DoesNotContain(rows, r => r.WouldFailAGate);
    }

    [Fact]
    public void MoreBytesThanTheSlack_AllocatesMore()
    {
        var (rows, markdown) = Compare(Results("a"), Results("b", FloorPoller(1, bytes: 320_000)));

        var more = Assert.Single(rows, r => r.AllocatesMore);
        Assert.Equal(Change.Same, more.Time);
        Assert.Contains("**320,000**", markdown, StringComparison.Ordinal);
    }

    [Fact]
    public void RunsOfDifferentMachines_SaySo()
    {
        var (_, markdown) = Compare(Results("a"), Results("b", json => json["machine"]!["cpu"] = "Another CPU"));

        Assert.Contains("**Different machines**", markdown, StringComparison.Ordinal);
        Assert.Contains("against Another CPU (", markdown, StringComparison.Ordinal);
    }

    [Fact]
    public void AFileThatIsNoResults_IsRefusedNamingIt()
    {
        var path = Path.Combine(_directory, "other.json");
        File.WriteAllText(path, "{\"subjects\": []}");

        var error = Assert.Throws<InvalidDataException>(() => RunResults.Read(path));

        Assert.StartsWith($"{path}: not a results.json of this suite", error.Message, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_directory, recursive: true);
}
