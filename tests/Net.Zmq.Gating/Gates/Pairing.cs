using System.Text.Json.Serialization;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// The names a pair of subjects goes by where one is judged directly against the other (<see cref="PairedGates"/>),
/// chosen outside Gating, so that Gating knows no build, version or library by name. Subject and reference are one
/// lower-case word each.
/// </summary>
public sealed record Pairing(string Suite, string Title, string Subject, string Reference)
{
    /// <summary>The ratio every gate of the pair judges, e.g. "new ÷ old".</summary>
    [JsonIgnore]
    public string Ratio => $"{Subject} ÷ {Reference}";

    [JsonIgnore]
    public string RatioTitle => Capitalized(Ratio);

    /// <summary>What the gates name as their bound's file: there is none.</summary>
    [JsonIgnore]
    public string BaselinePath => $"no baseline: {Subject} and {Reference} measured together in this run";

    [JsonIgnore]
    public string SubjectTitle => Capitalized(Subject);

    [JsonIgnore]
    public string ReferenceTitle => Capitalized(Reference);

    private static string Capitalized(string word) => word.Length == 0 ? word : char.ToUpperInvariant(word[0]) + word[1..];
}
