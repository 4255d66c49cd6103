using System.Reflection;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// Where a test assembly's repository and project sources are, as build/TestRun.targets recorded them at build time.
/// </summary>
public sealed record SourceLayout(string RepositoryRoot, string ProjectDirectory)
{
    public string BaselinesDirectory => Path.Combine(RepositoryRoot, "baselines");

    public string PerfArtifactsDirectory => Path.Combine(RepositoryRoot, "artifacts", "perf");

    /// <summary>A path as the report shows it: relative to the repository, with forward slashes.</summary>
    public string Display(string path) => Path.GetRelativePath(RepositoryRoot, path).Replace('\\', '/');

    public static SourceLayout Of(Assembly testAssembly)
    {
        string Read(string key) =>
            testAssembly.GetCustomAttributes<AssemblyMetadataAttribute>().SingleOrDefault(a => a.Key == key)?.Value
            ?? throw new InvalidOperationException(
                $"{testAssembly.GetName().Name} has no '{key}' metadata: build/TestRun.targets did not run.");

        return new SourceLayout(Read("NetZmqTests.RepositoryRoot"), Read("NetZmqTests.ProjectDirectory"));
    }
}
