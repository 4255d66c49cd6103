using System.Text.RegularExpressions;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// Production comments keep a decision and its reason; which machine showed what belongs in docs/trust.md, where a
/// reader can see the run, the date and the figures beside it.
/// </summary>
public sealed partial class CommentRulesTests
{
    /// <summary>A machine named by its trust-log letter ("machine B", "machines C and E", "machine D's").</summary>
    [GeneratedRegex(@"\b[Mm]achines? [A-H](?![a-z])")]
    private static partial Regex MachineLetter();

    /// <summary>The numbers of the comment lines of <paramref name="source"/> that name a machine by letter.</summary>
    private static IEnumerable<int> LinesNamingAMachine(string source) =>
        source.Split('\n').Select((text, i) => (Text: text.TrimStart(), Number: i + 1))
            .Where(l => l.Text.StartsWith("//", StringComparison.Ordinal) && MachineLetter().IsMatch(l.Text))
            .Select(l => l.Number);

    [Fact]
    public void NoProductionComment_NamesAMachineByLetter()
    {
        var found = ProductionSources.Files()
            .SelectMany(f => LinesNamingAMachine(File.ReadAllText(f))
                .Select(n => $"{ProductionSources.Relative(f)}:{n}"))
            .ToList();

        Assert.True(found.Count == 0, "comments naming a machine by letter (move the evidence to docs/trust.md):\n"
            + string.Join("\n", found));
    }

    /// <summary>The rule trips on comments naming machines by letter, not on code nor a word that starts so.</summary>
    [Fact]
    public void TheMachineLetterRule_Trips()
    {
        const string source = "// measured on machine B\n/// machines C and E agree\nvar machine = \"machine D\";\n"
            + "// the machine As a whole\n// one machine's cores\n";

        Assert.Equal([1, 2], LinesNamingAMachine(source));
    }
}
