using System.Text.RegularExpressions;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// Gating judges subjects, cases and pairs it is told about; the drivers, the builds and what a pair is called are
/// declared elsewhere. A name of ZeroMQ's or of one pair's builds in its sources is a rule that leaked in.
/// </summary>
public sealed partial class GatingVocabularyTests
{
    private static readonly SourceLayout Layout = SourceLayout.Of(typeof(GatingVocabularyTests).Assembly);

    /// <summary>
    /// The names it must not use: the libraries and bindings, and the two builds of a change. Git's own <c>HEAD</c>
    /// file (read to name the commit) is the one head it knows, by its file name in upper case.
    /// </summary>
    [GeneratedRegex(@"\b(zmq_\w+|libzmq|NetMQ|LibZmq|Net\.Zmq(?!\.Tests)|NetZmq(?!Tests)|ZeroMQ)|\b(head|base)\b|\b(?-i:(Head|Base)[A-Z])", RegexOptions.IgnoreCase)]
    private static partial Regex Forbidden();

    [Fact]
    public void GatingsSources_NameNoZeroMqLibrary_AndNoBuildOfAPair()
    {
        var gating = Path.Combine(Layout.RepositoryRoot, "tests", "Net.Zmq.Gating");
        Assert.True(Directory.Exists(gating), $"{gating} is missing");
        var found = Directory.EnumerateFiles(gating, "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                        && !f.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .SelectMany(f => File.ReadLines(f).Select((line, i) => (File: f, Line: i + 1, Text: line)))
            .Where(l => Forbidden().Matches(l.Text).Any(m => m.Value != "HEAD" && !IsOwnName(l.Text, m)))
            .Select(l => $"{Path.GetRelativePath(Layout.RepositoryRoot, l.File)}:{l.Line}: {l.Text.Trim()}")
            .ToList();

        Assert.Empty(found);
    }

    [Fact]
    public void TheCheck_FindsALeakedName()
    {
        Assert.Matches(Forbidden(), "var head = run.Head;");
        Assert.Matches(Forbidden(), "/// NetMQ's I/O thread");
        Assert.Matches(Forbidden(), "GateKind.HeadTime,");
        Assert.Matches(Forbidden(), "public HeadAndBase? Builds;");
        Assert.Matches(Forbidden(), "DriverId.NetZmqBase");
        Assert.DoesNotMatch(Forbidden(), "Line(\"# Net.Zmq.Tests perf report\");");
        Assert.DoesNotMatch(Forbidden(), "namespace NetZmqTests.Gating.Gates;");
        Assert.DoesNotMatch(Forbidden(), "public string? HeadlineSuite { get; init; }");
        Assert.DoesNotMatch(Forbidden(), "var baseline = BaselineBasis.Of(file);");
    }

    /// <summary>
    /// The suite's own assemblies are named Net.Zmq.*: a filter on that prefix names this repository, not the binding.
    /// </summary>
    private static bool IsOwnName(string line, Match match) =>
        match.Value == "Net.Zmq" && line.Contains("\"Net.Zmq.\"", StringComparison.Ordinal);
}
