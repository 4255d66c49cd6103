using System.Text;
using BenchmarkDotNet.Loggers;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// Collects BenchmarkDotNet's log line by line, passed on only once a run is over: a test framework ships each output
/// line on its own threads, which would allocate while the next operation is measured.
/// </summary>
internal sealed class LineLogger : ILogger
{
    private readonly StringBuilder _log = new();
    private readonly Lock _gate = new();

    public string Id => nameof(LineLogger);

    public int Priority => 0;

    public void Write(LogKind logKind, string text)
    {
        lock (_gate)
            _log.Append(text);
    }

    public void WriteLine(LogKind logKind, string text) => Write(logKind, text + Environment.NewLine);

    public void WriteLine() => Write(LogKind.Default, Environment.NewLine);

    public void Flush()
    {
    }

    /// <summary>Hands every line collected so far to <paramref name="writeLine"/>, and forgets them.</summary>
    public void Drain(Action<string> writeLine)
    {
        string[] lines;
        lock (_gate)
        {
            lines = _log.ToString().Split(Environment.NewLine);
            _log.Clear();
        }

        foreach (var line in lines[^1].Length == 0 ? lines[..^1] : lines)
            writeLine(line);
    }
}
