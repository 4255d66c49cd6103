using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// Namespaces are folders: every file of a checked project declares one namespace, the project's root namespace (as
/// Directory.Build.props derives it) followed by the file's folder path, so a type's namespace says where its file is.
/// </summary>
public sealed class NamespaceTests
{
    private static readonly SourceLayout Layout = SourceLayout.Of(typeof(NamespaceTests).Assembly);

    private static readonly string[] Checked =
        ["tests/Net.Zmq.Orchestration", "tests/Net.Zmq.Scenarios", "tests/Net.Zmq.Driver.NetZmq"];

    /// <summary>A project folder's root namespace, as Directory.Build.props derives it from the name.</summary>
    private static string RootNamespaceOf(string project) =>
        "NetZmqTests." + Path.GetFileName(project).Replace("Net.Zmq.", "", StringComparison.Ordinal);

    /// <summary>
    /// "path: declares X, expected Y" for each file (path relative to its project, '/'-separated) whose namespaces are
    /// not exactly one, the project's root namespace plus the file's folder path.
    /// </summary>
    private static List<string> Misplaced(string project, IEnumerable<(string Path, string Source)> files) =>
    [
        .. files.Select(f => (f.Path, Expected: Expected(project, f.Path), Declared: Declared(f.Source)))
            .Where(f => f.Declared is not [var only] || only != f.Expected)
            .Select(f => $"{f.Path}: declares {(f.Declared.Count == 0 ? "none" : string.Join(", ", f.Declared))}, " +
                         $"expected {f.Expected}"),
    ];

    private static string Expected(string project, string path)
    {
        var folder = Path.GetDirectoryName(path)?.Replace('\\', '/') ?? "";
        return folder.Length == 0 ? RootNamespaceOf(project) : $"{RootNamespaceOf(project)}.{folder.Replace('/', '.')}";
    }

    /// <summary>A file wholly under <c>#if</c> (the driver's MessagePool part) still declares its namespace.</summary>
    private static readonly CSharpParseOptions DriverSymbols = new(preprocessorSymbols: ["NETZMQ_MESSAGEPOOL"]);

    private static List<string> Declared(string source) =>
    [
        .. CSharpSyntaxTree.ParseText(source, DriverSymbols).GetRoot().DescendantNodes()
            .OfType<BaseNamespaceDeclarationSyntax>().Select(n => n.Name.ToString()),
    ];

    private static IEnumerable<(string Path, string Source)> FilesOf(string project)
    {
        var directory = Path.Combine(Layout.RepositoryRoot, project);
        return Directory.EnumerateFiles(directory, "*.cs", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(directory, f).Replace('\\', '/'))
            .Where(f => !f.StartsWith("obj/", StringComparison.Ordinal)
                        && !f.StartsWith("bin/", StringComparison.Ordinal))
            .Order(StringComparer.Ordinal)
            .Select(f => (f, File.ReadAllText(Path.Combine(directory, f))));
    }

    [Fact]
    public void EveryFile_DeclaresItsProjectsRootNamespace_PlusItsFolders()
    {
        var misplaced = Checked.SelectMany(p => Misplaced(p, FilesOf(p)).Select(m => $"{p}/{m}")).ToList();

        Assert.True(misplaced.Count == 0, "namespaces that are not their folders:\n" + string.Join("\n", misplaced));
    }

    /// <summary>
    /// The rule trips: a file in Sequence/ declaring the root namespace, one declaring none and one declaring two are
    /// named; files whose namespace is their folder, at the root or two folders down, are not.
    /// </summary>
    [Fact]
    public void TheNamespaceRule_Trips()
    {
        (string, string)[] files =
        [
            ("Sequence/A.cs", "namespace NetZmqTests.Orchestration;\nclass A { }\n"),
            ("Sequence/B.cs", "namespace NetZmqTests.Orchestration.Sequence;\nclass B { }\n"),
            ("C.cs", "namespace NetZmqTests.Orchestration;\nclass C { }\n"),
            ("Claims/Deep/D.cs", "namespace NetZmqTests.Orchestration.Claims.Deep\n{\n    class D { }\n}\n"),
            ("Claims/E.cs", "class E { }\n"),
            ("Claims/F.cs",
                "namespace NetZmqTests.Orchestration.Claims { }\nnamespace NetZmqTests.Orchestration { }\n"),
        ];

        Assert.Equal(
            [
                "Sequence/A.cs: declares NetZmqTests.Orchestration, expected NetZmqTests.Orchestration.Sequence",
                "Claims/E.cs: declares none, expected NetZmqTests.Orchestration.Claims",
                "Claims/F.cs: declares NetZmqTests.Orchestration.Claims, NetZmqTests.Orchestration, " +
                "expected NetZmqTests.Orchestration.Claims",
            ],
            Misplaced("tests/Net.Zmq.Orchestration", files));
    }

    /// <summary>The rule trips in Scenarios too: a driver's subfolder is part of its namespace.</summary>
    [Fact]
    public void TheNamespaceRule_TripsOnADriversSubfolder()
    {
        (string, string)[] files =
        [
            ("Drivers/LibZmq/A.cs", "namespace NetZmqTests.Scenarios.Drivers;\nclass A { }\n"),
            ("Drivers/NetMQ/B.cs", "namespace NetZmqTests.Scenarios.Drivers.NetMQ;\nclass B { }\n"),
        ];

        Assert.Equal(
            [
                "Drivers/LibZmq/A.cs: declares NetZmqTests.Scenarios.Drivers, " +
                "expected NetZmqTests.Scenarios.Drivers.LibZmq",
            ],
            Misplaced("tests/Net.Zmq.Scenarios", files));
    }
}
