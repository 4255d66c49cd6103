using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// The tree's size rules, kept by a test rather than by hand: no production file over 200 lines (but those listed, each
/// with why), no method over 35 lines from its signature to its closing brace, and no repository path named in the
/// documentation that does not exist.
/// </summary>
public sealed partial class CapsTests
{
    private const int FileLines = 200;
    private const int MethodLines = 35;
    private const int LineWidth = 120;

    /// <summary>
    /// Production code lines over <see cref="LineWidth"/> characters, at most: the house's cap, with room above today's
    /// count (docs/trust.md has it); a long line is wrapped rather than the cap raised.
    /// </summary>
    private const int LongCodeLinesAllowed = 200;

    /// <summary>
    /// The test project's own code besides its tests (categories, the session, where lines go), at most.
    /// </summary>
    private const int TestProjectOwnLines = 150;

    private static readonly SourceLayout Layout = ProductionSources.Layout;

    /// <summary>Files allowed over the cap, each with why.</summary>
    private static readonly Dictionary<string, string> LongFiles = new(StringComparer.Ordinal)
    {
    };

    private static IEnumerable<string> ProductionFiles() => ProductionSources.Files();

    private static string Relative(string path) => ProductionSources.Relative(path);

    /// <summary>The files over the cap but those listed: "file: n lines".</summary>
    private static List<string> FilesOverCap(IEnumerable<(string File, int Lines)> files, Dictionary<string, string> listed) =>
        [.. files.Where(f => f.Lines > FileLines && !listed.ContainsKey(f.File)).Select(f => $"{f.File}: {f.Lines} lines")];

    [Fact]
    public void NoProductionFile_IsOverTheCap_ButThoseListedWithWhy()
    {
        var over = FilesOverCap(ProductionFiles().Select(f => (Relative(f), File.ReadLines(f).Count())), LongFiles);

        Assert.True(over.Count == 0, $"over {FileLines} lines:\n" + string.Join("\n", over));
    }

    [Fact]
    public void NoMethod_IsOverTheCap()
    {
        var over = ProductionFiles().SelectMany(f => LongMethods(File.ReadAllText(f)).Select(m => $"{Relative(f)}:{m}")).ToList();

        Assert.True(over.Count == 0, $"methods over {MethodLines} lines:\n" + string.Join("\n", over));
    }

    /// <summary>The file cap trips: a file of 201 lines is named unless it is listed, one of 200 is not.</summary>
    [Fact]
    public void TheFileCap_Trips()
    {
        Assert.Equal(["b.cs: 201 lines"], FilesOverCap([("a.cs", 200), ("b.cs", 201)], new Dictionary<string, string>()));
        Assert.Empty(FilesOverCap([("b.cs", 201)], new Dictionary<string, string> { ["b.cs"] = "why" }));
    }

    /// <summary>The cap trips: a method of 36 lines is named, one of 35 is not.</summary>
    [Fact]
    public void TheMethodCap_Trips()
    {
        static string Method(string name, int bodyLines) =>
            $"void {name}()\n{{\n{string.Concat(Enumerable.Repeat("    x();\n", bodyLines - 3))}}}\n";

        var found = LongMethods($"class C\n{{\n{Method("Short", 35)}{Method("Long", 36)}}}\n");

        Assert.Equal(["38: Long, 36 lines"], found);
    }

    /// <summary>
    /// Each member with a body (methods, constructors, accessors, local functions) longer than the cap: "line: name, n
    /// lines".
    /// </summary>
    private static IEnumerable<string> LongMethods(string source)
    {
        var root = CSharpSyntaxTree.ParseText(source).GetRoot();
        foreach (var member in root.DescendantNodes().Where(n => n is BaseMethodDeclarationSyntax or AccessorDeclarationSyntax or LocalFunctionStatementSyntax))
        {
            var body = (SyntaxNode?)member switch
            {
                BaseMethodDeclarationSyntax m => (SyntaxNode?)m.Body ?? m.ExpressionBody,
                AccessorDeclarationSyntax a => (SyntaxNode?)a.Body ?? a.ExpressionBody,
                LocalFunctionStatementSyntax l => (SyntaxNode?)l.Body ?? l.ExpressionBody,
                _ => null,
            };
            if (body is null)
                continue;

            // From the signature (its first token after attributes and documentation) to the end of the body.
            var start = member.ChildTokens().FirstOrDefault().IsKind(SyntaxKind.None) ? member.SpanStart : member.ChildTokens().First().SpanStart;
            var first = member.SyntaxTree.GetLineSpan(new Microsoft.CodeAnalysis.Text.TextSpan(start, 0)).StartLinePosition.Line;
            var last = body.GetLocation().GetLineSpan().EndLinePosition.Line;
            if (last - first + 1 > MethodLines)
                yield return $"{first + 1}: {Name(member)}, {last - first + 1} lines";
        }
    }

    private static string Name(SyntaxNode member) => member switch
    {
        MethodDeclarationSyntax m => m.Identifier.Text,
        ConstructorDeclarationSyntax c => c.Identifier.Text,
        LocalFunctionStatementSyntax l => l.Identifier.Text,
        AccessorDeclarationSyntax a => a.Keyword.Text,
        _ => member.Kind().ToString(),
    };

    private static IEnumerable<string> AllSourceFiles() => ProductionSources.Under("tests");

    /// <summary>
    /// The lines of <paramref name="source"/> over the width: comment lines ("line: comment") and code lines apart.
    /// </summary>
    private static (List<int> Comments, List<int> Code) LongLines(string source)
    {
        var lines = source.Split('\n').Select((l, i) => (Text: l.TrimEnd('\r'), Number: i + 1)).Where(l => l.Text.Length > LineWidth).ToList();
        bool comment((string Text, int Number) l) => l.Text.TrimStart().StartsWith("//", StringComparison.Ordinal);
        return ([.. lines.Where(comment).Select(l => l.Number)], [.. lines.Where(l => !comment(l)).Select(l => l.Number)]);
    }

    [Fact]
    public void NoCommentLine_IsOverTheWidth()
    {
        var over = AllSourceFiles().SelectMany(f => LongLines(File.ReadAllText(f)).Comments.Select(n => $"{Relative(f)}:{n}")).ToList();

        Assert.True(over.Count == 0, $"comment lines over {LineWidth} characters (wrap them):\n" + string.Join("\n", over));
    }

    [Fact]
    public void LongProductionCodeLines_AreNoMoreThanAllowed()
    {
        var count = ProductionFiles().Sum(f => LongLines(File.ReadAllText(f)).Code.Count);

        Assert.True(count <= LongCodeLinesAllowed,
            $"{count} production code lines over {LineWidth} characters, {LongCodeLinesAllowed} allowed: wrap the new ones");
    }

    /// <summary>
    /// The width rule trips: a comment of 121 characters is named, one of 120 is not, and code is counted apart.
    /// </summary>
    [Fact]
    public void TheWidthRule_Trips()
    {
        var source = $"// {new string('a', 117)}\n    // {new string('b', 114)}\nvar x = \"{new string('c', 110)}\";\nint y;\n";

        var (comments, code) = LongLines(source);

        Assert.Equal([2], comments);
        Assert.Equal([3], code);
    }

    /// <summary>
    /// The lines of the test project's files that hold no test (their own code: what the run's libraries should hold).
    /// </summary>
    private static int OwnCodeLines(IEnumerable<(string Path, string Text)> files) =>
        files.Where(f => !f.Text.Contains("[Fact", StringComparison.Ordinal) && !f.Text.Contains("[Theory", StringComparison.Ordinal))
            .Sum(f => f.Text.Split('\n').Length);

    [Fact]
    public void TheTestProject_HoldsItsTests_AndLittleElse()
    {
        var files = ProductionSources.Under("tests/Net.Zmq.PerfTests").Select(f => (Relative(f), File.ReadAllText(f))).ToList();

        var own = OwnCodeLines(files);

        Assert.True(own <= TestProjectOwnLines, $"tests/Net.Zmq.PerfTests holds {own} lines of code besides its tests, {TestProjectOwnLines} " +
            "allowed: what runs the suite belongs in tests/Net.Zmq.Orchestration");
        Assert.Equal(3, OwnCodeLines([("a.cs", "class A\n{\n}"), ("t.cs", "class T\n{\n    [Fact]\n    public void X() { }\n}")]));
    }

    /// <summary>A repository path as the documentation writes one: a folder of the tree, then more of a path.</summary>
    [GeneratedRegex(@"(?<![\w/.-])(?:\.\./)?((?:tests|build|baselines|docs|\.github|\.ci)/[A-Za-z0-9_./-]*[A-Za-z0-9_])")]
    private static partial Regex RepositoryPath();

    private static readonly string[] TopDocuments = ["README.md", "README.ko.md", "CONTRIBUTING.md"];

    [Fact]
    public void EveryRepositoryPath_NamedInTheDocumentation_Exists()
    {
        var documents = TopDocuments.Select(d => Path.Combine(Layout.RepositoryRoot, d))
            .Concat(Directory.EnumerateFiles(Path.Combine(Layout.RepositoryRoot, "docs"), "*.md"))
            .Concat(Directory.EnumerateFiles(Path.Combine(Layout.RepositoryRoot, "baselines"), "*.md"))
            .Concat(Directory.EnumerateFiles(Path.Combine(Layout.RepositoryRoot, "build"), "*.md"));
        var missing = documents.SelectMany(d => File.ReadLines(d).SelectMany((line, i) => RepositoryPath().Matches(line)
                .Select(m => m.Groups[1].Value)
                .Where(p => !Exists(p))
                .Select(p => $"{Relative(d)}:{i + 1}: {p}")))
            .Distinct().ToList();

        Assert.True(missing.Count == 0, "paths named in the documentation that do not exist:\n" + string.Join("\n", missing));
    }

    /// <summary>
    /// The path rule trips: a path the documentation names that does not exist is found, one that exists is not.
    /// </summary>
    [Fact]
    public void ThePathRule_Trips()
    {
        var named = RepositoryPath().Matches("see `tests/Net.Zmq.Gating/NoSuchFile.cs`, and tests/Net.Zmq.Gating.").Select(m => m.Groups[1].Value)
            .ToList();

        Assert.Equal(["tests/Net.Zmq.Gating/NoSuchFile.cs", "tests/Net.Zmq.Gating"], named);
        Assert.Equal([false, true], named.Select(Exists));
    }

    /// <summary>
    /// A path that exists as a file or folder, or, as docs write them, without a file's extension, or as the start of a
    /// name (a class's file).
    /// </summary>
    private static bool Exists(string path)
    {
        var full = Path.Combine(Layout.RepositoryRoot, path);
        return File.Exists(full) || Directory.Exists(full) || File.Exists(full + ".cs")
               || (Directory.Exists(Path.GetDirectoryName(full)) && Directory.EnumerateFileSystemEntries(Path.GetDirectoryName(full)!, Path.GetFileName(full) + "*").Any());
    }
}
