using System.Diagnostics;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Correctness.BuildInputs;

/// <summary>Runs a program in the repository's root in a child process, with a deadline: a hung tool fails.</summary>
internal static class ChildCommand
{
    public static (int ExitCode, string Output) Run(string program, IReadOnlyList<string> arguments,
        IReadOnlyDictionary<string, string>? environment = null)
    {
        var start = new ProcessStartInfo(program)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = SourceLayout.Of(typeof(ChildCommand).Assembly).RepositoryRoot,
        };
        foreach (var argument in arguments)
            start.ArgumentList.Add(argument);

        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
            start.Environment[name] = value;

        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync(TestContext.Current.CancellationToken);
        var stderr = process.StandardError.ReadToEndAsync(TestContext.Current.CancellationToken);
        if (!process.WaitForExit(TimeSpan.FromMinutes(3)))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"{program} {string.Join(' ', arguments)} did not finish within 3 minutes");
        }

        return (process.ExitCode, stdout.Result + stderr.Result);
    }
}
