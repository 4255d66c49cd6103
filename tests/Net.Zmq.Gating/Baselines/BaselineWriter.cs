using System.Globalization;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// Writes baseline files in one fixed layout (so a refresh shows up in review as a small diff), atomically
/// (<see cref="Running.ProcessFiles.WriteBytes"/>).
/// </summary>
public static class BaselineWriter
{
    public static void WriteAtomically(BaselineFile file, string path)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(path))!);
        Running.ProcessFiles.WriteBytes(path, Serialize(file));
    }

    private static void WriteCrossClass(Utf8JsonWriter json, CrossClassRule crossClass)
    {
        json.WriteStartObject("crossClass");
        if (crossClass.AggregateTolerance is { } across)
        {
            WriteRounded(json, "aggregateTolerance", across, 4);
        }
        else
        {
            json.WriteNull("aggregateTolerance");
        }

        json.WriteString("why", crossClass.Why);
        json.WriteEndObject();
    }

    public static byte[] Serialize(BaselineFile file)
    {
        using var buffer = new MemoryStream();
        using (var json = new Utf8JsonWriter(buffer, new JsonWriterOptions
        {
            Indented = true,
            IndentSize = 2,
            // Written for people to review: "+" and "'" as themselves, not as \u escapes. These files are never
            // embedded in HTML.
            Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        }))
        {
            json.WriteStartObject();
            json.WriteNumber("schemaVersion", BaselineFile.CurrentSchemaVersion);
            json.WriteString("subject", file.Subject);
            json.WriteString("suite", file.Suite);
            BaselinePolicyWriter.Write(json, file.Policy);
            json.WritePropertyName("defaultTolerances");
            WriteTolerances(json, file.DefaultTolerances);
            WriteCrossClass(json, file.CrossClass);
            json.WriteStartArray("classes");
            foreach (var machineClass in file.Classes)
            {
                WriteClass(json, machineClass);
            }

            json.WriteEndArray();
            json.WriteEndObject();
        }

        buffer.WriteByte((byte)'\n');
        return buffer.ToArray();
    }

    /// <summary>
    /// One class, in the order the file lists them; <c>class</c> is written for the reader of a diff and checked on
    /// reading.
    /// </summary>
    private static void WriteClass(Utf8JsonWriter json, ClassBaseline machineClass)
    {
        json.WriteStartObject();
        json.WriteString("class", machineClass.Key);
        WriteFingerprint(json, machineClass.Fingerprint);
        json.WriteStartObject("runs");
        json.WriteNumber("values", machineClass.Runs.Values);
        json.WriteNumber("swing", machineClass.Runs.Swing);
        json.WriteEndObject();
        WriteRounded(json, "aggregateTolerance", machineClass.AggregateTolerance, 4);
        WriteRounded(json, "processBytesTolerance", machineClass.ProcessBytesTolerance, 4);
        json.WriteStartObject("cases");
        foreach (var (id, entry) in machineClass.Cases.OrderBy(c => c.Key, StringComparer.Ordinal))
        {
            WriteCase(json, id, entry);
        }

        json.WriteEndObject();
        json.WriteEndObject();
    }

    /// <summary>
    /// One case of a class: its centred ratio and interval, its bytes, its samples and its tolerances.
    /// </summary>
    private static void WriteCase(Utf8JsonWriter json, string id, BaselineCase entry)
    {
        json.WriteStartObject(id);
        WriteRounded(json, "ratio", entry.Ratio, 4);
        WriteRounded(json, "ratioLower", entry.RatioLower, 4);
        WriteRounded(json, "ratioUpper", entry.RatioUpper, 4);
        WriteRounded(json, "bytesPerOperation", entry.BytesPerOperation, 0);
        if (entry.ProcessBytesPerOperation is { } process)
        {
            WriteRounded(json, "processBytesPerOperation", process, 0);
        }

        if (entry.CpuRatio is { } cpu)
        {
            WriteRounded(json, "cpuRatio", cpu.Value, 4);
            WriteRounded(json, "cpuRatioLower", cpu.Lower, 4);
            WriteRounded(json, "cpuRatioUpper", cpu.Upper, 4);
        }

        json.WriteStartArray("nanosecondsPerOperation");
        foreach (var sample in entry.NanosecondsPerOperation)
        {
            WriteRounded(json, null, sample, 0);
        }

        json.WriteEndArray();
        json.WritePropertyName("tolerances");
        WriteTolerances(json, entry.Tolerances);
        json.WriteEndObject();
    }

    private static void WriteFingerprint(Utf8JsonWriter json, Fingerprint fingerprint)
    {
        json.WriteStartObject("fingerprint");
        json.WriteString("recordedAt", fingerprint.RecordedAt.ToUniversalTime().ToString("yyyy-MM-ddTHH:mm:ssZ", CultureInfo.InvariantCulture));
        json.WriteStartObject("machine");
        json.WriteString("cpu", fingerprint.Machine.Cpu);
        // Absent, not null, in a class recorded before they were: that class keeps its bytes when another is written.
        if (fingerprint.Machine.CpuSignature is { } signature)
        {
            json.WriteString("cpuSignature", signature);
        }

        if (fingerprint.Machine.Kernel is { } kernel)
        {
            json.WriteString("kernel", kernel);
        }

        json.WriteNumber("cores", fingerprint.Machine.Cores);
        json.WriteString("os", fingerprint.Machine.OperatingSystem);
        json.WriteString("runtime", fingerprint.Machine.Runtime);
        json.WriteString("gc", fingerprint.Machine.GarbageCollector);
        json.WriteString("benchmarkDotNet", fingerprint.Machine.BenchmarkDotNet);
        json.WriteString("placement", fingerprint.Machine.Placement);
        json.WriteEndObject();
        json.WriteStartObject("subject");
        json.WriteString("version", fingerprint.Subject.Version);
        json.WriteString("origin", fingerprint.Subject.Origin);
        json.WriteString("nativeLibrary", fingerprint.Subject.NativeLibrary);
        json.WriteEndObject();
        json.WriteEndObject();
    }

    private static void WriteTolerances(Utf8JsonWriter json, Tolerances tolerances)
    {
        json.WriteStartObject();
        json.WriteNumber("ratio", tolerances.Ratio);
        json.WriteNumber("bytesRelative", tolerances.BytesRelative);
        json.WriteNumber("bytesAbsolute", tolerances.BytesAbsolute);
        json.WriteNumber("runToRun", tolerances.RunToRun);
        json.WriteNumber("cpuRunToRun", tolerances.CpuRunToRun);
        json.WriteEndObject();
    }

    private static void WriteRounded(Utf8JsonWriter json, string? name, double value, int decimals)
    {
        if (name is not null)
        {
            json.WritePropertyName(name);
        }

        json.WriteNumberValue(Math.Round(value, decimals, MidpointRounding.AwayFromZero));
    }

    /// <summary>UTF-8 text of a file as it would be written, for tests and messages.</summary>
    public static string ToText(BaselineFile file) => Encoding.UTF8.GetString(Serialize(file));
}
