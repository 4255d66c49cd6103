using System.Text.RegularExpressions;

namespace NetZmqTests.Orchestration.Explain;

/// <summary>A line of the repository's sources: where the explain command sends a reader.</summary>
public sealed record SourceLine(string Path, int Line, string Text)
{
    public override string ToString() => $"{Path}:{Line}";
}

/// <summary>
/// Declarations found in the C# sources by their text: where a type or member is declared, and which calls a method
/// makes on a field. Read, not compiled, so the Net.Zmq driver's sources are found where Net.Zmq is compiled out.
/// </summary>
public sealed class SourceIndex(string repositoryRoot)
{
    private readonly Lazy<List<(string Path, string[] Lines)>> _files = new(() =>
        Directory.EnumerateFiles(Path.Combine(repositoryRoot, "tests"), "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.Split(Path.DirectorySeparatorChar).Any(part => part is "bin" or "obj"))
            .Order(StringComparer.Ordinal)
            .Select(f => (Path.GetRelativePath(repositoryRoot, f).Replace('\\', '/'), File.ReadAllLines(f)))
            .ToList());

    /// <summary>Where the struct or class <paramref name="name"/> is declared; null when none does.</summary>
    public SourceLine? Type(string name)
    {
        var declaration = new Regex($@"\b(struct|class)\s+{Regex.Escape(name)}\b");
        return _files.Value.SelectMany(f => f.Lines.Select((text, i) => (f.Path, Line: i + 1, text)))
            .Where(l => declaration.IsMatch(l.text) && !l.text.TrimStart().StartsWith("//", StringComparison.Ordinal))
            .Select(l => new SourceLine(l.Path, l.Line, l.text.Trim()))
            .FirstOrDefault();
    }

    /// <summary>Where method <paramref name="member"/> is declared in the file of its type, or null.</summary>
    public SourceLine? Member(SourceLine type, string member)
    {
        var declaration = new Regex($@"^\s*(public|protected|private|internal)\b[^=;]*?\b{Regex.Escape(member)}\s*[(<]");
        return Lines(type.Path).Select((text, i) => (text, Line: i + 1)).Skip(type.Line)
            .Where(l => declaration.IsMatch(l.text)).Select(l => new SourceLine(type.Path, l.Line, l.text.Trim()))
            .FirstOrDefault();
    }

    /// <summary>The members a method's body calls on <paramref name="field"/>, in first-appearance order.</summary>
    public IReadOnlyList<string> CallsOn(SourceLine method, string field)
    {
        var call = new Regex($@"\b{Regex.Escape(field)}\.(\w+)\s*\(");
        return BodyOf(method).SelectMany(line => call.Matches(line).Select(m => m.Groups[1].Value)).Distinct(StringComparer.Ordinal).ToList();
    }

    /// <summary>The lines of a method: an expression body to its semicolon, a block to its closing brace.</summary>
    private IEnumerable<string> BodyOf(SourceLine method)
    {
        var depth = 0;
        var opened = false;
        var expression = false;
        foreach (var line in Lines(method.Path).Skip(method.Line - 1))
        {
            yield return line;
            expression |= !opened && line.Contains("=>", StringComparison.Ordinal) && !line.Contains('{', StringComparison.Ordinal);
            // An expression body ends at its semicolon; braces count only in a block body.
            depth += expression ? 0 : line.Count(c => c == '{') - line.Count(c => c == '}');
            opened |= !expression && line.Contains('{', StringComparison.Ordinal);
            if (expression ? line.TrimEnd().EndsWith(';') : opened && depth == 0)
                yield break;
        }
    }

    private string[] Lines(string path) => _files.Value.First(f => f.Path == path).Lines;
}
