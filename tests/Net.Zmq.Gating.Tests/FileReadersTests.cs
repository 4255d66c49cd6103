using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// One reader per file: results.json and the baselines are read through the record types that write them, so a JSON
/// property name is spelled once, by the serializer. The rule scans the production code for names spelled by hand.
/// </summary>
public sealed class FileReadersTests
{
    private static readonly SourceLayout Layout = SourceLayout.Of(typeof(FileReadersTests).Assembly);

    /// <summary>Files that may walk JSON by hand, each with why.</summary>
    private static readonly Dictionary<string, string> Allowed = new(StringComparer.Ordinal)
    {
        ["tests/Net.Zmq.Gating/Reporting/BenchmarkDotNetJson.cs"] =
            "writes BenchmarkDotNet's own format for tools that read it; no record type here writes that format",
    };

    [Fact]
    public void NoJsonPropertyName_IsSpelledByHand_OutsideTheAllowedFiles()
    {
        var found = SourceFiles().Where(f => !Allowed.ContainsKey(f.Relative))
            .SelectMany(f => HandReadJson(File.ReadAllText(f.Path)).Select(v => $"{f.Relative}:{v}")).ToList();

        Assert.True(found.Count == 0, "JSON read by hand (read it through the record type that writes it):\n" + string.Join("\n", found));
    }

    [Fact]
    public void EveryAllowedFile_StillNeedsItsEntry()
    {
        var files = SourceFiles().ToDictionary(f => f.Relative, f => f.Path, StringComparer.Ordinal);

        Assert.All(Allowed.Keys, a => Assert.NotEmpty(HandReadJson(File.ReadAllText(files[a]))));
    }

    [Theory]
    [InlineData("var id = document.RootElement.GetProperty(\"id\").GetString();")]
    [InlineData("if (element.TryGetProperty(\"cpuRatio\", out var cpu)) { }")]
    [InlineData("using var document = JsonDocument.Parse(text);")]
    [InlineData("var ratio = JsonNode.Parse(text)![\"ratio\"];")]
    [InlineData("void Walk(JsonElement element) { }")]
    public void TheRule_Trips_OnJsonReadByHand(string statement)
    {
        var source = $"using System.Text.Json;\nusing System.Text.Json.Nodes;\nclass C {{ void M(string text, object element) {{ {statement} }} }}";

        Assert.NotEmpty(HandReadJson(source));
        Assert.Empty(HandReadJson("class C { void M(System.Collections.Generic.Dictionary<string, int> d) { var x = d[\"a\"]; } }"));
    }

    /// <summary>Every committed baseline file reads, and is written back byte for byte.</summary>
    [Fact]
    public void EveryCommittedBaseline_ReadsAndWritesBackByteForByte()
    {
        var directory = Layout.BaselinesDirectory;
        var written = Path.Combine(Directory.CreateTempSubdirectory("nzt-readers-").FullName, "written.json");
        try
        {
            foreach (var file in Directory.EnumerateFiles(directory, "*.json"))
                Assert.Equal(File.ReadAllBytes(file), BaselineWriter.Serialize(BaselineReader.Read(file)));

            foreach (var file in Directory.EnumerateFiles(Path.Combine(directory, CallBaseline.Folder), "*.json"))
            {
                CallBaseline.Read(file).Write(written);
                Assert.Equal(File.ReadAllBytes(file), File.ReadAllBytes(written));
            }

            foreach (var file in Directory.EnumerateFiles(Path.Combine(directory, InstructionBaseline.Folder), "*.json"))
            {
                InstructionBaseline.Read(file).Write(written);
                Assert.Equal(File.ReadAllBytes(file), File.ReadAllBytes(written));
            }
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(written)!, recursive: true);
        }
    }

    private static IEnumerable<(string Path, string Relative)> SourceFiles() =>
        ProductionSources.WithTools().Select(f => (f, ProductionSources.Relative(f)));

    /// <summary>
    /// Where a source reads JSON by hand: a property looked up by a literal name, a document parsed into a tree, a
    /// JSON element walked, or a literal index into a JSON node. "line: text".
    /// </summary>
    private static IEnumerable<string> HandReadJson(string source)
    {
        var root = CSharpSyntaxTree.ParseText(source).GetRoot();
        var usesNodes = source.Contains("JsonNode", StringComparison.Ordinal) || source.Contains("JsonObject", StringComparison.Ordinal);
        foreach (var node in root.DescendantNodes())
        {
            var hit = node switch
            {
                InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax member } call =>
                    member.Name.Identifier.Text is "GetProperty" or "TryGetProperty" && call.ArgumentList.Arguments.Any(IsLiteral)
                    || (member.Name.Identifier.Text is "Parse" or "ParseValue"
                        && member.Expression.ToString() is "JsonDocument" or "JsonNode" or "JsonElement"),
                IdentifierNameSyntax { Identifier.Text: "JsonElement" } => true,
                ElementAccessExpressionSyntax access => usesNodes && access.ArgumentList.Arguments.Any(IsLiteral),
                ImplicitElementAccessSyntax access => usesNodes && access.ArgumentList.Arguments.Any(IsLiteral),
                _ => false,
            };
            if (hit)
                yield return $"{node.GetLocation().GetLineSpan().StartLinePosition.Line + 1}: {node}";
        }
    }

    private static bool IsLiteral(ArgumentSyntax argument) => argument.Expression.IsKind(SyntaxKind.StringLiteralExpression);
}
