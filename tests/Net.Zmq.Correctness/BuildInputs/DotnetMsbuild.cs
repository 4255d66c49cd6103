using NetZmqTests.Gating.Running;

namespace NetZmqTests.Correctness.BuildInputs;

/// <summary>
/// Runs <c>dotnet msbuild</c> on one of this repository's projects in a child process, with a deadline.
/// </summary>
internal static class DotnetMsbuild
{
    public static (int ExitCode, string Output) Run(string project, IEnumerable<string> arguments)
    {
        var root = SourceLayout.Of(typeof(DotnetMsbuild).Assembly).RepositoryRoot;
        return ChildCommand.Run(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet",
            ["msbuild", Path.Combine(root, project), .. arguments, "-nologo", "-nodeReuse:false", "-v:m"]);
    }

    /// <summary>
    /// <see cref="Run"/> with the project's obj folder in a temporary folder, so this build's own output is untouched.
    /// </summary>
    public static (int ExitCode, string Output) RunWithPrivateObj(string project, IEnumerable<string> arguments)
    {
        var scratch = Directory.CreateTempSubdirectory("netzmq-msbuild-");
        try
        {
            return Run(project, [.. arguments, $"-p:BaseIntermediateOutputPath={scratch.FullName}/obj/"]);
        }
        finally
        {
            scratch.Delete(recursive: true);
        }
    }
}
