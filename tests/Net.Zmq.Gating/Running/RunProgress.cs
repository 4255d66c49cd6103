using System.Diagnostics;
using System.Globalization;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// One line as each cell starts (from the benchmark's setup, never inside a timed operation): which cell, how far the
/// run is, and about how long is left: the time so far scaled by the work left, weighed by the caller's estimates.
/// </summary>
public sealed class RunProgress(
    IReadOnlyDictionary<string, double> weights, Action<string> report, Func<TimeSpan>? clock = null)
{
    private readonly long _startedAt = Stopwatch.GetTimestamp();
    private readonly double _total = weights.Values.Sum();
    private readonly HashSet<string> _started = new(StringComparer.Ordinal);
    private double _done;
    private string? _current;

    public void CellStarted(string cell)
    {
        if (_current is not null && _started.Add(_current))
            _done += weights.GetValueOrDefault(_current);

        _current = cell;
        var elapsed = clock?.Invoke() ?? Stopwatch.GetElapsedTime(_startedAt);
        var left = _done > 0 ? TimeSpan.FromSeconds(elapsed.TotalSeconds * (_total - _done) / _done) : (TimeSpan?)null;
        var remaining = left is { } l ? $", about {Minutes(l)} left" : "";
        report(string.Create(CultureInfo.InvariantCulture, $"[perf] cell {_started.Count + 1} of {weights.Count}: " +
            $"{cell}; {_done / _total:P0} done after {Minutes(elapsed)}{remaining}"));
    }

    private static string Minutes(TimeSpan t) =>
        t.TotalMinutes >= 1 ? $"{(int)t.TotalMinutes} min {t.Seconds:00} s" : $"{t.Seconds} s";
}
