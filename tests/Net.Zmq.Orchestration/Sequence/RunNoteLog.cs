using NetZmqTests.Gating.Reporting;

namespace NetZmqTests.Orchestration.Sequence;

/// <summary>
/// A run's notes in stage order, each logged as it comes: a run with PERF_INJECT or PERF_FILTER says so before its
/// minutes go by.
/// </summary>
internal sealed class RunNoteLog(Action<string> log)
{
    private readonly List<RunNote> _all = [];

    public IReadOnlyList<RunNote> All => _all;

    public void Say(IEnumerable<RunNote> notes)
    {
        foreach (var note in notes)
        {
            _all.Add(note);
            log(note.Text);
        }
    }
}
