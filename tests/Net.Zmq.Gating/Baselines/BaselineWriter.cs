using System.Text;
using System.Text.Json;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// Writes baseline files in one fixed layout (<see cref="FileLayout"/>, so a refresh shows up in review as a small
/// diff), atomically (<see cref="Running.ProcessFiles.Write"/>).
/// </summary>
public static class BaselineWriter
{
    public static void WriteAtomically(BaselineFile file, string path) =>
        Running.ProcessFiles.Write(path, FileLayout.Of(file), BaselineJson.TimeBaselines);

    public static byte[] Serialize(BaselineFile file) =>
        [.. JsonSerializer.SerializeToUtf8Bytes(FileLayout.Of(file), BaselineJson.TimeBaselines), (byte)'\n'];

    /// <summary>UTF-8 text of a file as it would be written, for tests and messages.</summary>
    public static string ToText(BaselineFile file) => Encoding.UTF8.GetString(Serialize(file));
}
