using System.Diagnostics;
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
        var start = new ProcessStartInfo(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = root,
        };
        var all = (string[])["msbuild", Path.Combine(root, project), .. arguments, "-nologo", "-nodeReuse:false", "-v:m"];
        foreach (var argument in all)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync(TestContext.Current.CancellationToken);
        var stderr = process.StandardError.ReadToEndAsync(TestContext.Current.CancellationToken);
        if (!process.WaitForExit(TimeSpan.FromMinutes(3)))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"dotnet {string.Join(' ', all)} did not finish within 3 minutes");
        }

        return (process.ExitCode, stdout.Result + stderr.Result);
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
