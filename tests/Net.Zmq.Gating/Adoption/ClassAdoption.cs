using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Adoption;

/// <summary>A class derived from several runs, with notes for the reader.</summary>
public sealed record AdoptedClass(ClassBaseline Class, IReadOnlyList<string> Notes);

/// <summary>
/// Adopting a machine class from several unchanged runs on it: values centred on their median, and every measured
/// tolerance derived from the same runs, never borrowed from another class. Swings are taken at their one-sided 95 %
/// upper bound (<see cref="RunSpread.UpperBoundOfVariance"/>), since a few runs can agree by luck: <c>runToRun</c> over
/// the quiet runs, <c>cpuRunToRun</c> over all; byte slacks at 3 × the worst rise
/// (<see cref="CaseCentring.Centre"/>); <c>aggregateTolerance</c> from the suite mean's spread. The decided
/// <c>ratio</c> threshold is kept from the class or the file's defaults.
/// </summary>
public static class ClassAdoption
{
    private const double MinimumProcessBytesTolerance = CaseCentring.TimingDependentBytesRelative;

    /// <summary>Never below what a class starts with.</summary>
    private const double MinimumAggregateTolerance = BaselineFile.NewClassAggregateTolerance;

    /// <summary>How many upper-bound standard deviations of the suite mean the aggregate tolerance is.</summary>
    public const double AggregateStandardDeviations = 3.0;

    /// <summary>
    /// The class <paramref name="runs"/> measured, for <paramref name="suite"/>'s file; refused for runs of different
    /// classes or builds, or too few.
    /// </summary>
    public static AdoptedClass Adopt(SuiteId suite, IReadOnlyList<ResultsFile> runs, BaselineFile file)
    {
        var observed = Observed(suite, runs);
        var machine = observed[0].Run.Machine;
        var subject = observed[0].Suite.Fingerprint;
        RequireOneClassAndBuild(suite, observed);

        var own = file.ClassOf(machine);
        var notes = new List<string>();
        var cases = CentredCases(observed, own, file.DefaultTolerances, notes);
        var swinging = cases.Count(c => c.Value.Tolerances.RunToRun > AggregateRule.MaximumRunToRun);
        if (swinging > 0)
        {
            notes.Add(F($"{swinging} of {cases.Count} cases swing by more than {AggregateRule.MaximumRunToRun:P0} ") +
                "from run to run here: their time gates are coarse, and they stay out of the suite mean");
        }

        var aggregate = AggregateTolerance(observed.Select(o => o.Suite).ToList(), cases);
        var processRise = WorstProcessBytesRise(observed, cases);
        var adopted = new ClassBaseline(
            new Fingerprint(observed.Max(o => o.Run.StartedAt), machine, subject),
            new BaselineRuns(observed.Count, observed.Count),
            cases)
        {
            AggregateTolerance = aggregate ?? own?.AggregateTolerance ?? BaselineFile.NewClassAggregateTolerance,
            ProcessBytesTolerance = processRise is { } rise
                ? Math.Max(MinimumProcessBytesTolerance, RunSpread.RoundUp(3 * rise, 0.01))
                : own?.ProcessBytesTolerance ?? BaselineFile.NewClassProcessBytesTolerance,
        };
        return new AdoptedClass(adopted, notes);
    }

    /// <summary>The runs that measured <paramref name="suite"/>; refused when too few did.</summary>
    private static List<(ResultsFile Run, RecordedSuite Suite)> Observed(SuiteId suite, IReadOnlyList<ResultsFile> runs)
    {
        var observed = runs
            .SelectMany(r => r.Suites.Where(s => s.SuiteId == suite).Take(1).Select(s => (Run: r, Suite: s)))
            .ToList();
        if (observed.Count < BaselineRuns.MinimumForSwing)
        {
            throw new InvalidOperationException(
                $"{suite.FileName}: measured in {observed.Count} of the {runs.Count} runs; a class is adopted from " +
                $"at least {BaselineRuns.MinimumForSwing}");
        }

        return observed;
    }

    /// <summary>Refuses runs of another class or build than the first run's.</summary>
    private static void RequireOneClassAndBuild(SuiteId suite, List<(ResultsFile Run, RecordedSuite Suite)> observed)
    {
        var (machine, subject) = (observed[0].Run.Machine, observed[0].Suite.Fingerprint);
        foreach (var (run, recorded) in observed)
        {
            var problem = run.Machine.Class != machine.Class
                ? $"{run.Path} ran on {run.Machine.Class}, {observed[0].Run.Path} on {machine.Class}: a class is " +
                  "adopted from runs of that class only"
                : recorded.Fingerprint.Version != subject.Version
                  || recorded.Fingerprint.NativeLibrary != subject.NativeLibrary
                    ? $"{run.Path} measured {suite.Subject} {recorded.Fingerprint.Version} " +
                      $"({recorded.Fingerprint.NativeLibrary}), {observed[0].Run.Path} {subject.Version} " +
                      $"({subject.NativeLibrary}): a class is adopted from runs of one build"
                    : null;
            if (problem is not null)
                throw new InvalidOperationException(problem);
        }
    }

    /// <summary>Every case measured in all the runs, centred; one missing from some run is left out with a
    /// note.</summary>
    private static Dictionary<string, BaselineCase> CentredCases(
        List<(ResultsFile Run, RecordedSuite Suite)> observed, ClassBaseline? own, Tolerances defaults,
        List<string> notes)
    {
        var cases = new Dictionary<string, BaselineCase>(StringComparer.Ordinal);
        foreach (var id in observed.SelectMany(o => o.Suite.Cases.Select(c => c.Case.Id)).Distinct())
        {
            var values = observed.Select(o => o.Suite.Cases.FirstOrDefault(c => c.Case.Id == id))
                .OfType<AnalyzedCase>().ToList();
            if (values.Count < observed.Count)
            {
                notes.Add($"{id}: measured in {values.Count} of {observed.Count} runs, so left out (an adoption " +
                          "centres every case on all its runs)");
                continue;
            }

            var ratioTolerance = own?.Cases.GetValueOrDefault(id)?.Tolerances.Ratio ?? defaults.Ratio;
            cases[id] = CaseCentring.Centre(values, ratioTolerance);
        }

        return cases;
    }

    /// <summary>The worst relative rise of process-wide bytes over the cases that count them; null for none.</summary>
    private static double? WorstProcessBytesRise(
        List<(ResultsFile Run, RecordedSuite Suite)> observed, Dictionary<string, BaselineCase> cases) =>
        CaseCentring.WorstRise(cases.Keys
            .Select(id => observed.Select(o => o.Suite.Cases.First(c => c.Case.Id == id).Measurement)
                .Select(m => m.ProcessBytesPerOperation).ToList())
            .Where(values => values.All(v => v is > 0))
            .Select(values => values.Select(v => v!.Value).ToList()));

    /// <summary>
    /// The suite mean's run-to-run spread: per run, the mean over its quiet steady cases of (log ratio − the case's
    /// centre); null below three runs with enough such cases.
    /// </summary>
    private static double? AggregateTolerance(IReadOnlyList<RecordedSuite> runs, Dictionary<string, BaselineCase> cases)
    {
        var means = runs
            .Select(run => run.Cases
                .Where(c => !c.Case.IsReference && !c.Case.SleepBound && !GateEvaluator.IsBusy(c.Measurement)
                            && cases.TryGetValue(c.Case.Id, out var centre)
                            && centre.Tolerances.RunToRun <= AggregateRule.MaximumRunToRun)
                .Select(c => Math.Log(c.Ratio.Value / cases[c.Case.Id].Ratio))
                .ToList())
            .Where(deviations => deviations.Count >= AggregateRule.MinimumGroups)
            .Select(deviations => deviations.Average())
            .ToList();
        if (means.Count < 3)
            return null;

        var deviation = Math.Sqrt(RunSpread.UpperBoundOfVariance(SampleMoments.Variance(means), means.Count));
        return Math.Max(MinimumAggregateTolerance,
            RunSpread.RoundUp(AggregateStandardDeviations * deviation, Distributions.ToleranceStep));
    }
}
