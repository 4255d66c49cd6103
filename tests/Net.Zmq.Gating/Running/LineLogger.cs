using System.Text;
using BenchmarkDotNet.Loggers;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// Collects BenchmarkDotNet's log line by line, passed on only once a run is over: a test framework ships each output
/// line on its own threads, which would allocate while the next operation is measured.
/// </summary>
internal sealed class LineLogger : ILogger
{
    private readonly StringBuilder _line = new();
    private readonly List<string> _lines = [];
    private readonly Lock _gate = new();

    public string Id => nameof(LineLogger);

    public int Priority => 0;

    public void Write(LogKind logKind, string text)
    {
        lock (_gate)
            _line.Append(text);
    }

    public void WriteLine() => EndLine(evenEmpty: true);

    public void WriteLine(LogKind logKind, string text)
    {
        Write(logKind, text);
        WriteLine();
    }

    public void Flush() => EndLine(evenEmpty: false);

    /// <summary>Hands every line collected so far to <paramref name="writeLine"/>, and forgets them.</summary>
    public void Drain(Action<string> writeLine)
    {
        Flush();
        lock (_gate)
        {
            _lines.ForEach(writeLine);
            _lines.Clear();
        }
    }

    private void EndLine(bool evenEmpty)
    {
        lock (_gate)
        {
            if (evenEmpty || _line.Length > 0)
            {
                _lines.Add(_line.ToString());
                _line.Clear();
            }
        }
    }
}
