using System.Text.Json.Serialization;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// The names a pair of subjects goes by where one is judged directly against the other, both measured in the same run
/// (<see cref="PairedGates"/>): the gates, the verdict and the costs speak of the pair only through these, so Gating
/// knows no build, version or library by name. A declaration outside Gating chooses them.
/// </summary>
/// <param name="Suite">The suite the subject's cases over the reference's are judged as.</param>
/// <param name="Title">The suite as a heading names it.</param>
/// <param name="Subject">The subject judged, as a sentence names it (one lower-case word).</param>
/// <param name="Reference">What it is judged against, as a sentence names it (one lower-case word).</param>
public sealed record Pairing(string Suite, string Title, string Subject, string Reference)
{
    /// <summary>The ratio every gate of the pair judges, e.g. "new ÷ old".</summary>
    [JsonIgnore]
    public string Ratio => $"{Subject} ÷ {Reference}";

    /// <summary>The ratio as a sentence or a column opens with it.</summary>
    [JsonIgnore]
    public string RatioTitle => Capitalized(Ratio);

    /// <summary>What the gates' failures name as their bound's source: there is no file.</summary>
    [JsonIgnore]
    public string Source => $"no baseline: {Subject} and {Reference} measured together in this run";

    /// <summary>The subject as a sentence opens with it.</summary>
    [JsonIgnore]
    public string SubjectTitle => Capitalized(Subject);

    /// <summary>The reference as a sentence opens with it.</summary>
    [JsonIgnore]
    public string ReferenceTitle => Capitalized(Reference);

    private static string Capitalized(string word) => word.Length == 0 ? word : char.ToUpperInvariant(word[0]) + word[1..];
}
