using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// A suite's native call counts as reviewed, <c>baselines/calls/&lt;subject&gt;.&lt;suite&gt;.json</c>: one file per
/// suite (a count does not depend on the CPU); per case each steady call's count; the calls that varied with timing
/// (<see cref="Varying"/>) are never judged against it.
/// </summary>
public sealed record CallBaseline(int SchemaVersion, string Subject, string Suite, string Recorded, IReadOnlyList<string> Varying,
    IReadOnlyDictionary<string, CallBaselineCase> Cases)
{
    public const int CurrentSchemaVersion = 1;

    public const string Folder = "calls";

    public static string PathOf(string baselinesDirectory, string subject, string suite) =>
        Path.Combine(baselinesDirectory, Folder, $"{subject}.{suite}.json");

    /// <summary>The file a refresh writes; other cases' entries kept from <paramref name="previous"/>.</summary>
    public static CallBaseline Record(string subject, string suite, string recorded, IReadOnlyList<CountedCase> counted, CallBaseline? previous)
    {
        var varying = RunCounts.VaryingIn(counted);
        var cases = new SortedDictionary<string, CallBaselineCase>(
            previous?.Cases.ToDictionary() ?? [], StringComparer.Ordinal);

        foreach (var c in counted)
        {
            cases[c.Case] = new CallBaselineCase(checked((int)c.MessagesPerRepetition),
                new SortedDictionary<string, long>(c.Calls.Where(k => CallKey.IsJudged(k) && !varying.Contains(k) && c.IsSteady(k)).ToDictionary(k => k, k => c.CountIn(0, k)),
                    StringComparer.Ordinal));
        }

        return new CallBaseline(CurrentSchemaVersion, subject, suite, recorded,
            [.. varying.Union(previous?.Varying ?? []).Order(StringComparer.Ordinal)], cases);
    }

    /// <summary>The reference a case is judged against, and the calls never judged against this file.</summary>
    public (CallCountRule.Reference Reference, IReadOnlySet<string> Varying)? For(string caseId) =>
        Cases.TryGetValue(caseId, out var entry)
            ? (new CallCountRule.Reference(entry.Messages, entry.Calls.ToDictionary(c => c.Key, c => (long?)c.Value, StringComparer.Ordinal)),
                Varying.ToHashSet(StringComparer.Ordinal))
            : null;

    public static CallBaseline Read(string path)
    {
        var read = BaselineJson.Read<CallBaseline>(path, Strict, CurrentSchemaVersion);
        foreach (var (id, entry) in read.Cases)
        {
            var at = new FieldAt(path, "$").Step(nameof(Cases)).Key(id);
            at.AtLeastOne(entry.Messages);
            if (entry.Calls.FirstOrDefault(c => c.Key.LastIndexOf(':') <= 0 || c.Value < 0
                    || !CallKey.Outcomes.Contains(CallKey.OutcomeOf(c.Key))) is { Key: { } call, Value: var count })
            {
                throw at.Step(nameof(entry.Calls)).Key(call).Invalid($"\"{call}\": {count} is not " +
                    $"<function>:<outcome> (an outcome of {string.Join(", ", CallKey.Outcomes)}) with a count ≥ 0");
            }
        }

        return read;
    }

    private static readonly System.Text.Json.JsonSerializerOptions Strict =
        BaselineJson.Strict(Reporting.ReportFiles.Json);

    public void Write(string path) => Running.ProcessFiles.Write(path, this);
}

public sealed record CallBaselineCase(int Messages, IReadOnlyDictionary<string, long> Calls);
