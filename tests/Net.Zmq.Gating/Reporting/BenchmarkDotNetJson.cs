using System.Text.Json;
using System.Text.Json.Nodes;
using BdnStatistics = BenchmarkDotNet.Mathematics.Statistics;
using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Gating.Reporting;

/// <summary>
/// The run in BenchmarkDotNet's full JSON export format, one benchmark per case (its own exporter would write one per
/// cell), for the tools that chart BenchmarkDotNet results.
/// </summary>
public static class BenchmarkDotNetJson
{
    /// <summary>Ends in "full.json", the suffix ResultsComparer looks for.</summary>
    public const string FileName = "Net.Zmq.Tests-report-full.json";

    public static string Render(JudgedRun run)
    {
        var m = run.Machine;
        var document = new JsonObject
        {
            ["Title"] = $"Net.Zmq.Tests-{run.StartedAt.UtcDateTime:yyyyMMdd-HHmmss}",
            ["HostEnvironmentInfo"] = new JsonObject
            {
                ["BenchmarkDotNetCaption"] = "BenchmarkDotNet",
                ["BenchmarkDotNetVersion"] = m.BenchmarkDotNet,
                ["OsVersion"] = m.OperatingSystem,
                ["ProcessorName"] = m.Cpu,
                ["LogicalCoreCount"] = m.Cores,
                ["RuntimeVersion"] = m.Runtime,
                ["Architecture"] =
                    System.Runtime.InteropServices.RuntimeInformation.ProcessArchitecture.ToString(),
                ["HasAttachedDebugger"] = false,
                ["HasRyuJit"] = true,
                ["Configuration"] = "RELEASE",
            },
            ["Benchmarks"] = new JsonArray([.. run.Subjects.Where(s => s.ShowTables).SelectMany(s => s.Cases)
                .Select(c => (JsonNode)Benchmark(c.Measurement, run.MessagesPerOperation))]),
        };
        return document.ToJsonString(new JsonSerializerOptions { WriteIndented = true }) + "\n";
    }

    private static JsonObject Benchmark(CaseMeasurement measurement, int messagesPerOperation)
    {
        var c = measurement.Case;
        var times = measurement.NanosecondsPerOperation;
        return new JsonObject
        {
            ["DisplayInfo"] = c.Id,
            ["Namespace"] = "NetZmqTests",
            ["Type"] = $"{c.Subject}.{c.Suite}",
            ["Method"] = c.Variant,
            ["MethodTitle"] = c.Variant,
            ["Parameters"] = $"Group={c.Group}&MessagesPerOperation={messagesPerOperation}",
            ["FullName"] = c.Id,
            // Every property of BenchmarkDotNet's own statistics, in its order, as its full export writes them.
            ["Statistics"] = JsonSerializer.SerializeToNode(new BdnStatistics(times)),
            ["Memory"] = Memory(measurement, times.Count),
            ["Measurements"] = Measurements(times),
            ["Metrics"] = new JsonArray(),
        };
    }

    private static JsonObject Memory(CaseMeasurement measurement, int operations) => new()
    {
        ["Gen0Collections"] = Collections(measurement.Gen0PerThousandOperations, operations),
        ["Gen1Collections"] = Collections(measurement.Gen1PerThousandOperations, operations),
        ["Gen2Collections"] = Collections(measurement.Gen2PerThousandOperations, operations),
        ["TotalOperations"] = operations,
        ["BytesAllocatedPerOperation"] = (long)Math.Round(measurement.BytesAllocatedPerOperation),
    };

    /// <summary>One workload result iteration per measured operation.</summary>
    private static JsonArray Measurements(IReadOnlyList<double> times) => new([.. times.Select((ns, i) =>
        (JsonNode)new JsonObject
        {
            ["IterationMode"] = "Workload",
            ["IterationStage"] = "Result",
            ["LaunchIndex"] = 1,
            ["IterationIndex"] = i + 1,
            ["Operations"] = 1,
            ["Nanoseconds"] = ns,
        })]);

    /// <summary>BenchmarkDotNet counts collections over all operations; the suite keeps them per 1,000.</summary>
    private static long Collections(double perThousand, int operations) =>
        (long)Math.Round(perThousand * operations / 1000);
}
