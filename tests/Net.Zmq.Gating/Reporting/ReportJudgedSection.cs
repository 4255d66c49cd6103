using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Statistics;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Reporting;

/// <summary>How the instruction gates judged each thread: per suite, and over the run for the verdict.</summary>
internal sealed partial class ReportText
{
    public void RenderJudged(JudgedRun run)
    {
        var gates = run.Gates.Where(g => g.Parts.Count > 0).ToList();
        if (gates.Count == 0)
            return;

        Header("Suite", "Gates", "Receiver", "Sender", "Library threads");
        foreach (var suite in gates.GroupBy(g => $"{g.Gate}, {Part(g.Case, 0)}/{Part(g.Case, 1)}",
                     StringComparer.Ordinal))
        {
            Line($"| {suite.Key} | {V(suite.Count())} | {V(Judged(suite, "Receiver"))} | " +
                 $"{V(Judged(suite, "Sender"))} | {V(Judged(suite, "Library"))} |");
        }

        Line();
    }

    /// <summary>How one part was judged over some gates: in how many cases, how, and which not, with why.</summary>
    public static string Judged(IEnumerable<GateResult> gates, string part)
    {
        var parts = gates.SelectMany(g => g.Parts.Where(p => p.Part == part)).ToList();
        int Count(PartJudgement judgement) => parts.Count(p => p.Judgement == judgement);
        var worked = parts.Count - Count(PartJudgement.Idle);
        var judged = Count(PartJudgement.Steady) + Count(PartJudgement.ByFunction);
        var shares = parts.Where(p => p.Judgement == PartJudgement.ByFunction).Select(p => p.SteadyShare).ToList();
        return $"{judged} of {worked}" + (worked == 0 ? ""
            : F($" (whole {Count(PartJudgement.Steady)}, by function {Count(PartJudgement.ByFunction)}") +
               (shares.Count == 0 ? ")" : F($", median share judged {Quantiles.Median(shares):0%})"))) +
               (Count(PartJudgement.Unsteady) > 0
                   ? $"; not judged {Count(PartJudgement.Unsteady)} (no function repeated)" : "") +
               (Count(PartJudgement.Idle) > 0 ? $"; idle {Count(PartJudgement.Idle)}" : "");
    }
}
