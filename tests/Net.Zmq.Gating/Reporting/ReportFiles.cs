using System.Text.Json;
using System.Text.Json.Serialization;
using static NetZmqTests.Gating.Running.ProcessFiles;

namespace NetZmqTests.Gating.Reporting;

/// <summary>Writes the run's files, each replaced whole, never left half-written.</summary>
public static class ReportFiles
{
    public const string ReportName = "report.md";
    public const string ResultsName = "results.json";

    /// <summary>How results.json is written and read back (<see cref="Adoption.ResultsFile"/>).</summary>
    public static JsonSerializerOptions Json { get; } = new()
    {
        WriteIndented = true,
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        Converters = { new JsonStringEnumConverter() },
    };

    public static void Write(JudgedRun run, string directory)
    {
        Directory.CreateDirectory(directory);
        WriteText(Path.Combine(directory, ReportName), ReportRenderer.Render(run));
        WriteText(Path.Combine(directory, PullRequestComment.FileName), PullRequestComment.Render(run, Link()));
        WriteText(Path.Combine(directory, ResultsName), JsonSerializer.Serialize(run, Json) + "\n");
        WriteText(Path.Combine(directory, BenchmarkDotNetJson.FileName), BenchmarkDotNetJson.Render(run));
        WriteText(Path.Combine(directory, HistoryFile.FileName), HistoryFile.Render(run));
    }

    /// <summary>A run that failed before any gate: report.md says why; an earlier run's results go.</summary>
    public static void WriteFailure(string directory, string reason)
    {
        Directory.CreateDirectory(directory);
        foreach (var name in (string[])[ResultsName, BenchmarkDotNetJson.FileName, HistoryFile.FileName])
            File.Delete(Path.Combine(directory, name));
        WriteText(Path.Combine(directory, ReportName),
            $"# Net.Zmq.Tests perf report\n\n**The run failed before any gate:** {reason}\n");
        WriteText(Path.Combine(directory, PullRequestComment.FileName),
            PullRequestComment.RenderFailure(reason, Link()));
    }

    private static string Link() => PullRequestComment.ReportLink(Environment.GetEnvironmentVariable);
}
