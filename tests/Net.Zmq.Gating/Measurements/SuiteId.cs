namespace NetZmqTests.Gating.Measurements;

/// <summary>
/// One subject's suite: what a baseline file holds (<c>baselines/&lt;subject&gt;.&lt;suite&gt;.json</c>) and what an
/// aggregate gate averages over. Made from its parts, never cut out of a case id or a file name by hand.
/// </summary>
public readonly record struct SuiteId(string Subject, string Suite)
{
    /// <summary>The baseline file's name, e.g. <c>Subject.Patterns.json</c>.</summary>
    public string FileName => $"{Subject}.{Suite}.json";

    /// <summary>The suite a baseline file's name stands for, or null.</summary>
    public static SuiteId? FromFileName(string fileName) =>
        Path.GetFileName(fileName).Split('.') is [{ Length: > 0 } subject, { Length: > 0 } suite, "json"]
            ? new SuiteId(subject, suite)
            : null;

    public override string ToString() => $"{Subject}/{Suite}";
}
