using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// The C# files whose code runs the suite (not its tests), for the rules the tree keeps by scanning its sources.
/// </summary>
internal static class ProductionSources
{
    public static readonly SourceLayout Layout = SourceLayout.Of(typeof(ProductionSources).Assembly);

    /// <summary>The projects that run the suite, and the Perf project's own infrastructure.</summary>
    public static readonly string[] Folders =
    [
        "tests/Net.Zmq.Gating", "tests/Net.Zmq.Scenarios", "tests/Net.Zmq.Orchestration", "tests/Net.Zmq.Driver.NetZmq",
        "tests/Net.Zmq.PerfTests/Infrastructure",
    ];

    /// <summary>Every production file, by full path, in ordinal order.</summary>
    public static IEnumerable<string> Files() => Under(Folders);

    /// <summary>The production files and the build tools' (build/), for rules the tools keep too.</summary>
    public static IEnumerable<string> WithTools() => Under([.. Folders, "build"]);

    /// <summary>The .cs files under <paramref name="folders"/> (repository-relative), build outputs left out.</summary>
    public static IEnumerable<string> Under(params string[] folders) =>
        folders.SelectMany(p => Directory.EnumerateFiles(
                Path.Combine(Layout.RepositoryRoot, p), "*.cs", SearchOption.AllDirectories))
            .Where(f => !IsBuildOutput(f))
            .Order(StringComparer.Ordinal);

    /// <summary>A repository-relative path with forward slashes.</summary>
    public static string Relative(string path) => Path.GetRelativePath(Layout.RepositoryRoot, path).Replace('\\', '/');

    private static bool IsBuildOutput(string path) =>
        path.Split(Path.DirectorySeparatorChar) is var parts && parts.Any(p => p is "obj" or "bin" or "node_modules");
}
