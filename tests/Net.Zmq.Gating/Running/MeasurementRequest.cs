using System.Text;
using System.Text.Json;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// What a Perf run asks one measuring process of its own to measure, and where to write it
/// (<see cref="MeasuredProcess"/>); its seed is its <c>PERF_SEED</c>. The requests' <c>Variable</c>s name the request
/// file, set only in the process a run started; an <c>Injection</c> is PERF_INJECT's text, or null.
/// </summary>
public sealed record MeasurementRequest(
    IReadOnlyList<string> CaseIds, MeasurementProfile Sampling, string? Injection, bool Pinned, int Process,
    string Output)
{
    public const string Variable = "PERF_MEASUREMENT_REQUEST";
}

/// <summary>The files a run's processes exchange: JSON, written whole, read with errors naming the file.</summary>
public static class ProcessFiles
{
    /// <summary><paramref name="value"/> as JSON and a newline, in <paramref name="options"/> (the results').</summary>
    public static void Write<T>(string path, T value, JsonSerializerOptions? options = null) =>
        WriteText(path, JsonSerializer.Serialize(value, options ?? ReportFiles.Json) + "\n");

    /// <summary>
    /// Replaces <paramref name="path"/> whole with <paramref name="content"/> in UTF-8: a temporary file beside it,
    /// flushed to disk, then a rename, so that no reader, nor a write interrupted, leaves half of it. The one atomic
    /// writer of the suite's files; it makes the folder if there is none.
    /// </summary>
    public static void WriteText(string path, string content)
    {
        var bytes = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false).GetBytes(content);
        var full = Path.GetFullPath(path);
        Directory.CreateDirectory(Path.GetDirectoryName(full)!);
        var temporary = Path.Combine(Path.GetDirectoryName(full)!,
            $".{Path.GetFileName(full)}.{Environment.ProcessId}.tmp");
        try
        {
            using (var stream = new FileStream(temporary, FileMode.Create, FileAccess.Write, FileShare.None))
            {
                stream.Write(bytes);
                stream.Flush(flushToDisk: true);
            }

            File.Move(temporary, full, overwrite: true);
        }
        finally
        {
            File.Delete(temporary);
        }
    }

    public static T Read<T>(string path)
    {
        try
        {
            return JsonSerializer.Deserialize<T>(File.ReadAllText(path), ReportFiles.Json)
                   ?? throw new InvalidDataException($"{path}: the file holds null, not a {typeof(T).Name}");
        }
        catch (JsonException e)
        {
            throw new InvalidDataException($"{path}: not a {typeof(T).Name}: {e.Message}", e);
        }
    }
}

/// <summary>What a Perf run asks its counting process to count, and where to write the counts.</summary>
public sealed record CountingRequest(IReadOnlyList<string> CaseIds, string? Injection, string Output)
{
    public const string Variable = "PERF_COUNTING_REQUEST";
}

/// <summary>What a Perf run asks an instruction process (under Valgrind) to count, and where.</summary>
public sealed record InstructionRequest(IReadOnlyList<string> CaseIds, string? Injection, string Directory)
{
    public const string Variable = "PERF_INSTRUCTION_REQUEST";
}
