using System.Text.RegularExpressions;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// PERF_FILTER: globs over case ids (<c>*</c> any run of characters, <c>?</c> one), several separated by
/// <c>;</c>. A case is selected when any glob matches its whole id.
/// </summary>
public sealed class CaseFilter
{
    private readonly Regex _pattern;

    public CaseFilter(string globs)
    {
        var parts = globs.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        if (parts.Length == 0)
            throw new ArgumentException($"PERF_FILTER={globs} names no glob");

        Text = string.Join(';', parts);
        var alternatives = parts.Select(g => Regex.Escape(g)
            .Replace(@"\*", ".*", StringComparison.Ordinal).Replace(@"\?", ".", StringComparison.Ordinal));
        _pattern = new Regex("^(?:" + string.Join('|', alternatives) + ")$", RegexOptions.CultureInvariant);
    }

    public string Text { get; }

    public bool Matches(string caseId) => _pattern.IsMatch(caseId);

    /// <summary>The filter PERF_FILTER sets, or null when it is unset or blank.</summary>
    public static CaseFilter? FromEnvironment(Func<string, string?> environment) =>
        environment("PERF_FILTER") is { } value && !string.IsNullOrWhiteSpace(value) ? new CaseFilter(value) : null;

    public override string ToString() => Text;
}
