using System.Text.Json;
using System.Text.Json.Serialization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;

namespace NetZmqTests.Gating.Adoption;

/// <summary>One subject's suite as a run measured, analysed and judged it.</summary>
/// <param name="Basis">The class of baseline values its gates used; null where none could be.</param>
/// <param name="Baseline">What results.json held instead before baselines had classes (schema 5): the whole file.
/// </param>
public sealed record RecordedSuite(
    string Subject, string Suite, SubjectFingerprint Fingerprint, IReadOnlyList<AnalyzedCase> Cases,
    RecordedBasis? Basis = null, RecordedCases? Baseline = null)
{
    [JsonIgnore]
    public SuiteId SuiteId => new(Subject, Suite);

    /// <summary>The baseline entry the run judged a case against, or null.</summary>
    public BaselineCase? EntryOf(string caseId) => (Basis?.Class.Cases ?? Baseline?.Cases)?.GetValueOrDefault(caseId);
}

/// <summary>The part of <see cref="Gates.BaselineBasis"/> results.json is read back for.</summary>
public sealed record RecordedBasis(ClassBaseline Class);

public sealed record RecordedCases(IReadOnlyDictionary<string, BaselineCase> Cases);

/// <summary>
/// One Perf run read back from the results.json it wrote (<see cref="ReportFiles"/>), the one reader of that file.
/// </summary>
public sealed record ResultsFile(
    string Path, DateTimeOffset StartedAt, MachineFingerprint Machine, IReadOnlyList<RecordedSuite> Suites)
{
    public static ResultsFile Read(string path)
    {
        try
        {
            var read = JsonSerializer.Deserialize<Recorded>(File.ReadAllText(path), ReportFiles.Json)
                       ?? throw new JsonException("the file holds null");
            if (read.Machine is null || read.Subjects is null)
            {
                var missing = read.Machine is null ? nameof(Recorded.Machine) : nameof(Recorded.Subjects);
                var name = ReportFiles.Json.PropertyNamingPolicy!.ConvertName(missing);
                throw new JsonException($"the field \"{name}\" is missing");
            }

            return new ResultsFile(path, read.StartedAt, read.Machine, read.Subjects);
        }
        catch (Exception e) when (e is JsonException or ArgumentException or NotSupportedException)
        {
            throw new InvalidDataException($"{path}: not a results.json of this suite ({e.Message})", e);
        }
    }

    /// <summary>The part of results.json a run is read back from; everything else in the file is left unread.</summary>
    private sealed record Recorded(
        DateTimeOffset StartedAt, MachineFingerprint? Machine, List<RecordedSuite>? Subjects);
}
