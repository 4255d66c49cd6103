using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// Braces mark a body of more than one line (<c>csharp_prefer_braces = when_multiline</c>, which the build enforces
/// the other way round with IDE0011): an if/else chain, loop, <c>using</c> or <c>lock</c> whose every body is one
/// statement on one line is written without them, so a brace always means "more than one line here".
/// </summary>
public sealed class BraceRulesTests
{
    [Fact]
    public void NoSingleLineBody_IsBraced()
    {
        var found = ProductionSources.Under("tests", "build")
            .SelectMany(f => BracedSingleLines(File.ReadAllText(f))
                .Select(n => $"{ProductionSources.Relative(f)}:{n}"))
            .ToList();

        Assert.True(found.Count == 0, "single-line bodies in braces (drop the braces):\n" + string.Join("\n", found));
    }

    /// <summary>It trips on a braced one-line body, and spares multi-line bodies, mixed chains and comments.</summary>
    [Theory]
    [InlineData("if (a)\n{\n    return;\n}", true)]
    [InlineData("if (a)\n{\n    x();\n}\nelse\n{\n    y();\n}", true)]
    [InlineData("foreach (var i in l)\n{\n    x(i);\n}", true)]
    [InlineData("while (a)\n{\n    continue;\n}", true)]
    [InlineData("if (a)\n    return;", false)]
    [InlineData("if (a)\n{\n    x();\n    y();\n}", false)]
    [InlineData("if (a)\n{\n    x(1,\n        2);\n}", false)]
    [InlineData("if (a)\n{\n    x();\n}\nelse\n{\n    y();\n    z();\n}", false)]
    [InlineData("if (a)\n{\n    // why\n    x();\n}", false)]
    [InlineData("if (a)\n{\n    var b = 1;\n}", false)]
    [InlineData("if (a\n    && b)\n{\n    x();\n}", false)]
    public void TheBraceRule_Trips(string statement, bool flagged) =>
        Assert.Equal(flagged, BracedSingleLines($"class C {{ void M() {{\n{statement}\n}} }}").Any());

    /// <summary>The lines of the statements in <paramref name="source"/> whose braces hold one-line bodies.</summary>
    private static IEnumerable<int> BracedSingleLines(string source)
    {
        var root = CSharpSyntaxTree.ParseText(source).GetRoot();
        return root.DescendantNodes().OfType<StatementSyntax>()
            .Where(s => s.Parent is not ElseClauseSyntax && Bodies(s) is { Count: > 0 } bodies
                && bodies.Any(b => b is BlockSyntax) && bodies.All(IsOneLine) && HeadersOnOneLine(s))
            .Select(s => s.GetLocation().GetLineSpan().StartLinePosition.Line + 1);
    }

    /// <summary>The bodies the style covers: each arm of an if/else chain, or a loop's, using's or lock's.</summary>
    private static List<StatementSyntax> Bodies(StatementSyntax statement) => statement switch
    {
        IfStatementSyntax chain => [chain.Statement, .. chain.Else?.Statement is { } other
            ? other is IfStatementSyntax next ? Bodies(next) : [other] : []],
        CommonForEachStatementSyntax loop => [loop.Statement],
        ForStatementSyntax loop => [loop.Statement],
        WhileStatementSyntax loop => [loop.Statement],
        UsingStatementSyntax scope => [scope.Statement],
        LockStatementSyntax scope => [scope.Statement],
        _ => [],
    };

    /// <summary>
    /// Whether each condition or loop header of <paramref name="statement"/> sits on one line: IDE0011 counts a wrapped
    /// condition as a multi-line statement and wants its braces.
    /// </summary>
    private static bool HeadersOnOneLine(StatementSyntax statement) => statement switch
    {
        IfStatementSyntax chain => OneLine(chain.IfKeyword, chain.CloseParenToken)
            && (chain.Else?.Statement is not IfStatementSyntax next || HeadersOnOneLine(next)),
        CommonForEachStatementSyntax loop => OneLine(loop.ForEachKeyword, loop.CloseParenToken),
        ForStatementSyntax loop => OneLine(loop.ForKeyword, loop.CloseParenToken),
        WhileStatementSyntax loop => OneLine(loop.WhileKeyword, loop.CloseParenToken),
        UsingStatementSyntax scope => OneLine(scope.UsingKeyword, scope.CloseParenToken),
        LockStatementSyntax scope => OneLine(scope.LockKeyword, scope.CloseParenToken),
        _ => false,
    };

    private static bool OneLine(SyntaxToken first, SyntaxToken last) => LineOf(first) == LineOf(last);

    private static int LineOf(SyntaxToken token) => token.GetLocation().GetLineSpan().StartLinePosition.Line;

    /// <summary>One simple statement on one line (a declaration cannot stand alone as a body), braced or not.</summary>
    private static bool IsOneLine(StatementSyntax body)
    {
        if (body is BlockSyntax block)
        {
            var comments = block.DescendantTrivia().Any(t => t.IsKind(SyntaxKind.SingleLineCommentTrivia)
                || t.IsKind(SyntaxKind.MultiLineCommentTrivia) || t.IsDirective);
            return !comments && block.Statements.Count == 1 && IsOneLine(block.Statements[0]);
        }

        return body is ExpressionStatementSyntax or ReturnStatementSyntax or ThrowStatementSyntax
                or BreakStatementSyntax or ContinueStatementSyntax or YieldStatementSyntax or GotoStatementSyntax
            && !body.ToString().Contains('\n');
    }
}
