using System.Text;
using System.Text.Json;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// Writes baseline files in one fixed layout (<see cref="FileLayout"/>, so a refresh shows up in review as a small
/// diff), atomically (<see cref="Running.ProcessFiles.WriteText"/>).
/// </summary>
public static class BaselineWriter
{
    /// <summary>Writes <see cref="ToText"/>, so the bytes the round-trip test checks are the bytes written.</summary>
    public static void WriteAtomically(BaselineFile file, string path) =>
        Running.ProcessFiles.WriteText(path, ToText(file));

    public static byte[] Serialize(BaselineFile file) => Encoding.UTF8.GetBytes(ToText(file));

    /// <summary>The text of a file as it is written: its layout as JSON and a newline.</summary>
    public static string ToText(BaselineFile file) =>
        JsonSerializer.Serialize(FileLayout.Of(file), BaselineJson.TimeBaselines) + "\n";
}
