using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Reporting;

/// <summary>On the first screen, a subject judged against its paired reference: how, per suite, what moved.</summary>
internal sealed partial class ReportText
{
    public const int MovedMostShown = 5;

    public void RenderPaired(JudgedRun run)
    {
        if (run.Paired is not { } builds || run.PairedRun is not { } compared)
            return;

        Line($"## {V(builds.Pairing.Title)}");
        Line();
        RenderHowThePairWasMeasured(run, builds, PairedGates.Default);
        Line();
        var timed = compared.Cases.Where(c => !c.Case.SleepBound).ToList();
        RenderSuiteMeans(timed, builds.Pairing);
        RenderMovedMost(compared, timed.Count, builds.Pairing);
        foreach (var reason in builds.NotComparable.GroupBy(n => n.Reason))
        {
            Line($"**Not comparable**, {reason.Count()} case{(reason.Count() == 1 ? "" : "s")}: {V(reason.Key)} " +
                 $"({V(string.Join(", ", reason.Select(n => n.Case)))}).");
        }

        if (builds.NotComparable.Count > 0)
            Line();
    }

    /// <summary>How the two were measured (which processes, which seeds), and what fails a case or the mean.</summary>
    private void RenderHowThePairWasMeasured(JudgedRun run, PairedBuilds builds, PairedGates.Thresholds t)
    {
        var p = builds.Pairing;
        var measuring = run.Processes.Where(p => p.Pass == run.Processes[0].Pass).ToList();
        var where = measuring.Count < 2
            ? $"(loaded first in this process: the {V(builds.LoadedFirst)})"
            : $"in {V(measuring.Count)} processes, each with a seed of its own for its cells' order, which build " +
              "loads first and which workloads open first " +
              $"(seeds {V(string.Join(", ", measuring.Select(m => m.Seed)))}; the {p.Subject} loaded first in " +
              $"{V(measuring.Count(m => m.LoadedFirst == p.Subject))}; PERF_SEED replays one), and each case's " +
              "interval has the processes as its top level";
        Line($"{p.SubjectTitle}: {V(builds.Subject)}. {p.ReferenceTitle}: {V(builds.Reference)}. Both measured in " +
             $"the same cells, their operations interleaved unit by unit {where}, so {p.Ratio} needs no baseline " +
             "file and no machine class. " +
             F($"A case fails when its whole 95 % interval lies above {1 + t.Time:0.00} (and it is over ") +
             F($"{TimeRegressionRule.NoiseFloorNanosecondsPerMessage:0} ns per message slower; confirmed by ") +
             F($"measuring again); the geometric mean over every case when its interval lies above ") +
             F($"{1 + t.Aggregate:0.00}; allocation above the {p.Reference}'s + {t.BytesRelative:P0} + ") +
             F($"{t.BytesAbsolute:0} B. Slower / faster: the case's interval wholly above / below 1."));
    }

    /// <summary>Subject ÷ reference per suite and overall: geometric mean, how many slower, same or faster.</summary>
    public void RenderSuiteMeans(List<AnalyzedCase> timed, Pairing pairing) => Table(
        ["Suite", "Cases", $"{V(pairing.RatioTitle)}, geometric mean weighted by precision [95 % CI]",
            "Slower", "Same", "Faster"],
        timed.GroupBy(c => c.Case.CrossSubjectKey.Split('/')[0]).Append(timed.GroupBy(_ => "all").Single())
            .Select(suite => new[]
            {
                suite.Key == "all" ? "**all**" : suite.Key, $"{suite.Count()}",
                // The gate's own statistic for every row, a suite of one group included.
                V(PairedGates.Mean(suite, minimumGroups: 1)!.ToString()), V(suite.Count(c => c.Ratio.Lower > 1)),
                V(suite.Count(c => c.Ratio.Lower <= 1 && c.Ratio.Upper >= 1)), V(suite.Count(c => c.Ratio.Upper < 1)),
            }),
        "lrlrrr");

    private void RenderMovedMost(GatedSuite compared, int timedCount, Pairing pairing)
    {
        var sleeping = compared.Cases.Count - timedCount;
        var sleepers = sleeping > 0
            ? $"; the {sleeping} that sleep between polls are shown, not judged, and left out of the means above"
            : "";
        Line($"Moved most, measured in its own uncertainty (of {compared.Cases.Count} cases{sleepers}):");
        Line();
        // By distance from 1 over the interval's width: a case known to ±1 % that moved 3 % has moved more than one
        // known to ±40 % that moved 20 %.
        var moved = compared.Cases.OrderByDescending(c =>
            Math.Abs(Math.Log(c.Ratio.Value)) * Math.Sqrt(PairedGates.Weight(c.Ratio)));
        Table(["Case", $"{V(pairing.RatioTitle)} [95 % CI]", "CPU time [95 % CI]",
            $"{V(pairing.SubjectTitle)} / {V(pairing.Reference)} bytes per operation"], moved.Take(MovedMostShown)
            .Select(c => new[]
            {
                V(c.Case.CrossSubjectKey), V(c.Ratio.ToString()), V(c.CpuRatio?.ToString() ?? "–"),
                $"{V(Bytes(c.Measurement.BytesAllocatedPerOperation))} / " +
                $"{V(c.ReferenceBytesPerOperation is { } b ? Bytes(b) : "–")}",
            }));
    }
}
