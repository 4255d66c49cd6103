using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Reporting;

/// <summary>
/// The comment a pull request gets (comment.md): perf-gate.yml posts it, and updates it in place on a re-run, found by
/// <see cref="Marker"/>.
/// </summary>
public static class PullRequestComment
{
    public const string FileName = "comment.md";

    public const string Marker = "<!-- net-zmq-tests perf-gate comment -->";

    public const int FailingShown = 10;

    /// <summary>Where the full report is: perf-gate.yml sets it to the run's page.</summary>
    public const string ReportLinkVariable = "PERF_REPORT_LINK";

    public static string Render(JudgedRun run, string reportLink)
    {
        var text = new ReportText(scrub: false);
        text.Line(Marker);
        text.Line("### Net.Zmq.Tests perf gate");
        text.Line();
        text.RenderVerdict(run, linked: false);
        text.RenderFailing(run);
        if (run.Paired is { } paired)
        {
            text.Line($"**{paired.Pairing.RatioTitle}** ({paired.Pairing.Subject}: {paired.Subject}; " +
                      $"{paired.Pairing.Reference}: {paired.Reference}):");
            text.Line();
            if (run.PairedRun is { } compared)
                text.RenderSuiteMeans([.. compared.Cases.Where(c => !c.Case.SleepBound)], paired.Pairing);
            else
                text.Line();
            text.RenderReceiverByStrategy(run, paired.Pairing);
        }
        else
        {
            text.Line("No paired build was measured: judged against the baseline files in `baselines/`.");
            text.Line();
        }

        text.Line($"[The full report]({reportLink}) (`{ReportFiles.ReportName}` in the run's artifacts).");
        return text.ToString();
    }

    public static string RenderFailure(string reason, string reportLink) =>
        $"{Marker}\n### Net.Zmq.Tests perf gate\n\n**The run failed before any gate:** {reason}\n\n" +
        $"[The run]({reportLink}).\n";

    /// <summary>The run's page where the workflow gives one, else the report.</summary>
    public static string ReportLink(Func<string, string?> environment) =>
        environment(ReportLinkVariable) is { Length: > 0 } link ? link : ReportFiles.ReportName;
}

/// <summary>The parts of the pull request's comment the report does not have in this shape.</summary>
internal sealed partial class ReportText
{
    /// <summary>The first failing gates, each with the function or call that moved where a count names one.</summary>
    public void RenderFailing(JudgedRun run)
    {
        var failing = run.Gates.Where(g => g.FailsRun).ToList();
        if (failing.Count == 0)
            return;

        Line(failing.Count > PullRequestComment.FailingShown
            ? $"Failing gates, the first {PullRequestComment.FailingShown} of {failing.Count}:"
            : "Failing gates:");
        Line();
        Table(["Case", "Gate", "Measured", "Bound", "What moved"], failing.Take(PullRequestComment.FailingShown)
            .Select(g => new[] { g.Case, g.Gate, g.Measured, g.Bound,
                g.FunctionChanges.Concat(g.CallChanges).FirstOrDefault("") }.Select(Cell)));
    }

    /// <summary>
    /// The receiver's instructions per message in the suites of one pattern and transport, with the change against the
    /// paired reference: a row per receive mode and buffer strategy, a column per message size.
    /// </summary>
    public void RenderReceiverByStrategy(JudgedRun run, Pairing pairing)
    {
        var messageBytes = (run.PairedRun?.Cases ?? [])
            .ToDictionary(c => c.Case.Id, c => c.Measurement.MessageBytes, StringComparer.Ordinal);
        var counted = ReceiverGates(run, pairing, messageBytes);
        if (counted.Count == 0)
            return;

        var sizes = counted.OrderBy(c => messageBytes[c.Gate.Case]).Select(c => c.Parts[^1]).Distinct().ToList();
        Line("Receiver instructions per message by receive mode and buffer strategy " +
             $"({pairing.Subject}, and its change against the {pairing.Reference}):");
        Line();
        Table(["Receive mode · buffer strategy", .. sizes], counted.GroupBy(c => $"{c.Parts[5]} · {c.Parts[6]}")
            .Select(row => sizes.Select(size => row.FirstOrDefault(c => c.Parts[^1] == size) is { Own: { } own } c
                ? F($"{own.PerMessage(ThreadPart.Receiver):N1} ") +
                  F($"({c.Gate.PartRatios[nameof(ThreadPart.Receiver)] - 1:+0.00%;-0.00%;±0.00%})")
                : "–").Prepend(row.Key)), "l" + new string('r', sizes.Count));
    }

    /// <summary>
    /// The paired instruction gates with a receiver's ratio in suites of one pattern and transport, with their id's
    /// parts (subject/pair's suite/suite/pattern/transport/receive mode/buffer strategy/size).
    /// </summary>
    private static List<(GateResult Gate, string[] Parts, CountedInstructions? Own)> ReceiverGates(JudgedRun run,
        Pairing pairing, Dictionary<string, int> messageBytes) => run.Gates
        .Where(g => g.Id.Kind == GateKind.PairedInstructions && g.PartRatios.ContainsKey(nameof(ThreadPart.Receiver)))
        .Select(g => (Gate: g, Parts: g.Case.Split('/'),
            Own: run.Instructions.Of(g.Case.Replace($"/{pairing.Suite}/", "/", StringComparison.Ordinal))))
        .Where(c => c.Own is not null && c.Parts.Length == 8 && messageBytes.ContainsKey(c.Gate.Case))
        .GroupBy(c => c.Parts[2])
        .Where(suite => suite.Select(c => (c.Parts[3], c.Parts[4])).Distinct().Count() == 1)
        .SelectMany(suite => suite)
        .ToList();

    /// <summary>A table cell: a '|' inside would end it early.</summary>
    private static string Cell(string value) => value.Replace("|", "\\|", StringComparison.Ordinal);
}
