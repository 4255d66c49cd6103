using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// Notes have one shape: every run note is made by a factory of the one list of notes, so each note's kind, suite and
/// text are found in one place rather than where the stage that says it happens to run.
/// </summary>
public sealed class RunNoteShapeTests
{
    private static readonly SourceLayout Layout = SourceLayout.Of(typeof(RunNoteShapeTests).Assembly);

    /// <summary>The one file that makes notes.</summary>
    private const string NoteList = "tests/Net.Zmq.Orchestration/Sequence/PerfRunNotes.cs";


    /// <summary>
    /// "line: code" for each note made in <paramref name="source"/>: <c>new RunNote(…)</c>, or a target-typed
    /// <c>new(NoteKind.…)</c>.
    /// </summary>
    private static List<string> NotesMade(string source)
    {
        var tree = CSharpSyntaxTree.ParseText(source);
        return
        [
            .. tree.GetRoot().DescendantNodes().OfType<BaseObjectCreationExpressionSyntax>()
                .Where(n => n switch
                {
                    ObjectCreationExpressionSyntax o => o.Type.ToString() is "RunNote" || o.Type.ToString().EndsWith(".RunNote",
                        StringComparison.Ordinal),
                    ImplicitObjectCreationExpressionSyntax i => i.ArgumentList.Arguments.FirstOrDefault()?.Expression.ToString()
                        .StartsWith("NoteKind.", StringComparison.Ordinal) == true,
                    _ => false,
                })
                .Select(n => $"{tree.GetLineSpan(n.Span).StartLinePosition.Line + 1}: {n.ToString().Split('\n')[0].Trim()}"),
        ];
    }

    private static IEnumerable<string> ProductionFiles() =>
        ProductionSources.Under([.. ProductionSources.Folders, "tests/Net.Zmq.PerfTests", "build"]).Distinct()
            .Select(ProductionSources.Relative)
            .Order(StringComparer.Ordinal);

    [Fact]
    public void EveryRunNote_IsMadeInTheListOfNotes()
    {
        var elsewhere = ProductionFiles().Where(f => f != NoteList)
            .SelectMany(f => NotesMade(File.ReadAllText(Path.Combine(Layout.RepositoryRoot, f))).Select(m => $"{f}:{m}"))
            .ToList();

        Assert.True(elsewhere.Count == 0, $"run notes made outside {NoteList} (add a factory there):\n" +
            string.Join("\n", elsewhere));
        Assert.NotEmpty(NotesMade(File.ReadAllText(Path.Combine(Layout.RepositoryRoot, NoteList))));
    }

    /// <summary>
    /// The rule trips: an explicit, a qualified and a target-typed note are found; a note log and another record made
    /// with <c>new(…)</c> are not.
    /// </summary>
    [Fact]
    public void TheNoteRule_Trips()
    {
        const string source = """
            class C
            {
                RunNote A() => new RunNote(NoteKind.Filter, "a");
                RunNote B() => new Gating.Reporting.RunNote(NoteKind.Shard, "b") { Suite = null };
                RunNote D() => new(NoteKind.Merged, "d");
                object E() => new RunNoteLog(log);
                Other F() => new(1, "f");
            }
            """;

        Assert.Equal(
            [
                "3: new RunNote(NoteKind.Filter, \"a\")",
                "4: new Gating.Reporting.RunNote(NoteKind.Shard, \"b\") { Suite = null }",
                "5: new(NoteKind.Merged, \"d\")",
            ],
            NotesMade(source));
    }
}
