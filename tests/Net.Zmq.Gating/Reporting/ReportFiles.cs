using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace NetZmqTests.Gating.Reporting;

/// <summary>Writes report.md and results.json for a run; each file is replaced whole, never left half-written.</summary>
public static class ReportFiles
{
    public const string ReportName = "report.md";
    public const string ResultsName = "results.json";

    private static readonly JsonSerializerOptions Json = new()
    {
        WriteIndented = true,
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        Converters = { new JsonStringEnumConverter() },
    };

    public static void Write(PerfRun run, string directory)
    {
        Directory.CreateDirectory(directory);
        Replace(Path.Combine(directory, ReportName), ReportRenderer.Render(run));
        Replace(Path.Combine(directory, ResultsName), JsonSerializer.Serialize(run, Json) + "\n");
    }

    private static void Replace(string path, string content)
    {
        var temporary = $"{path}.{Environment.ProcessId}.tmp";
        File.WriteAllText(temporary, content, new UTF8Encoding(encoderShouldEmitUTF8Identifier: false));
        File.Move(temporary, path, overwrite: true);
    }
}
