using System.Diagnostics;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Orchestration.Processes;

/// <summary>The test assembly run again for one explicit test, its lines relayed, every wait bounded.</summary>
internal sealed class ChildProcesses(string assembly)
{
    /// <summary>
    /// Writes <paramref name="request"/> where its variable tells the child to read it, runs one explicit test with
    /// that variable and <paramref name="environment"/>, under <paramref name="wrapper"/> (e.g. Valgrind) if given, its
    /// lines to <paramref name="lines"/>, and reads the <paramref name="output"/> it writes afresh; an error where it
    /// fails or outlives <paramref name="deadline"/>.
    /// </summary>
    public T Run<TRequest, T>(string method, string what, (string Variable, string Path, TRequest Content) request,
        string output, TimeSpan deadline, IReadOnlyDictionary<string, string> environment, ChildLines lines,
        IReadOnlyList<string>? wrapper = null)
    {
        ProcessFiles.Write(request.Path, request.Content);
        File.Delete(output);
        var start = StartInfo(
            method, new Dictionary<string, string>(environment) { [request.Variable] = request.Path }, wrapper ?? []);
        using var child = Process.Start(start) ?? throw new InvalidOperationException(
            $"could not start {what}: {start.FileName} {string.Join(' ', start.ArgumentList)}");
        child.OutputDataReceived += (_, e) => lines.Relay(e.Data);
        child.ErrorDataReceived += (_, e) => lines.Relay(e.Data);
        child.BeginOutputReadLine();
        child.BeginErrorReadLine();
        if (!child.WaitForExit(deadline))
        {
            child.Kill(entireProcessTree: true);
            throw new TimeoutException(
                $"{what} did not finish within {deadline.TotalMinutes:0} min; its last lines: {lines.Tail()}");
        }

        child.WaitForExit();
        if (child.ExitCode != 0 || !File.Exists(output))
            throw new InvalidOperationException($"{what} failed, exit code {child.ExitCode}: {lines.Tail()}");

        return ProcessFiles.Read<T>(output);
    }

    /// <summary>One explicit test, run serially, with <paramref name="environment"/> added to this process's.</summary>
    private ProcessStartInfo StartInfo(
        string method, IReadOnlyDictionary<string, string> environment, IReadOnlyList<string> wrapper)
    {
        string[] command = [.. wrapper, DotnetHost(), "exec", assembly, "-method", method, "-explicit", "on",
            "-noLogo", "-noColor", "-parallel", "none"];
        var start = new ProcessStartInfo(command[0], command[1..])
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = Path.GetDirectoryName(assembly)!,
        };
        foreach (var (name, value) in environment)
            start.Environment[name] = value;

        return start;
    }

    /// <summary>The .NET host this process runs under (or the SDK's), to run the test assembly again.</summary>
    private static string DotnetHost() =>
        Environment.ProcessPath is { } self && Path.GetFileNameWithoutExtension(self) == "dotnet" ? self
        : Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host) ? host
        : "dotnet";
}

/// <summary>
/// A child process's lines: progress lines go to <c>progress</c> if given, every other line to <c>log</c>, prefixed
/// with the child's label; the last 40 are kept for the error that names why the child failed.
/// </summary>
internal sealed class ChildLines(string label, Action<string> log, Action<string>? progress = null)
{
    private readonly Queue<string> _tail = new();

    public void Relay(string? line)
    {
        if (line is null)
            return;

        if (line.StartsWith(ProcessEntry.ProgressPrefix, StringComparison.Ordinal))
        {
            progress?.Invoke($"[{label}] {line[ProcessEntry.ProgressPrefix.Length..]}");
            return;
        }

        lock (_tail)
        {
            _tail.Enqueue(line);
            if (_tail.Count > 40)
                _tail.Dequeue();
        }

        log($"[{label}] {line}");
    }

    public string Tail()
    {
        lock (_tail)
            return string.Join(" | ", _tail);
    }
}
