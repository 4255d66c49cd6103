using System.Text.Json;
using System.Text.Json.Serialization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;

namespace NetZmqTests.Gating.Adoption;

/// <summary>One subject's suite as a run measured and analysed it: what an adoption centres and derives from.</summary>
public sealed record RecordedSuite(string Subject, string Suite, SubjectFingerprint Fingerprint, IReadOnlyList<AnalyzedCase> Cases)
{
    [JsonIgnore]
    public SuiteId SuiteId => new(Subject, Suite);
}

/// <summary>
/// One Perf run read back from the results.json it wrote (<see cref="ReportFiles"/>): when it started, the machine,
/// and every suite it measured with its cases, exactly as the run analysed them.
/// </summary>
public sealed record ResultsFile(string Path, DateTimeOffset StartedAt, MachineFingerprint Machine, IReadOnlyList<RecordedSuite> Suites)
{
    public static ResultsFile Read(string path)
    {
        try
        {
            var read = JsonSerializer.Deserialize<Recorded>(File.ReadAllText(path), ReportFiles.Json)
                       ?? throw new JsonException("the file holds null");
            if (read.Machine is null || read.Subjects is null)
            {
                throw new JsonException($"the field \"{(read.Machine is null ? "machine" : "subjects")}\" is missing");
            }

            return new ResultsFile(path, read.StartedAt, read.Machine, read.Subjects);
        }
        catch (Exception e) when (e is JsonException or ArgumentException or NotSupportedException)
        {
            throw new InvalidDataException($"{path}: not a results.json of this suite ({e.Message})", e);
        }
    }

    /// <summary>The part of results.json a run is read back from; everything else in the file is left unread.</summary>
    private sealed record Recorded(DateTimeOffset StartedAt, MachineFingerprint? Machine, List<RecordedSuite>? Subjects);
}
