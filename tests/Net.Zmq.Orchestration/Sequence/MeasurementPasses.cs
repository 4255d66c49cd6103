using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Sequence;

/// <summary>
/// A run's measurements, pass by pass: the run's own (pass 0), then each confirmation of failed gates. Every pass's
/// processes are kept whole (what a shard's file holds) and summarised for the report.
/// </summary>
internal sealed class MeasurementPasses(CaseMeasurer measure, MeasurementProfile sampling)
{
    private readonly List<IReadOnlyList<MeasuredProcess>> _passes = [];

    public MeasurementProfile Sampling => sampling;

    public IReadOnlyList<IReadOnlyList<MeasuredProcess>> All => _passes;

    public IReadOnlyList<ProcessSummary> Processes => [.. _passes.SelectMany((measured, pass) => measured.Select(p =>
        new ProcessSummary(pass == 0 ? "run" : $"confirmation {pass}", p.Process, p.Seed, p.LoadedFirst, p.Seconds,
            p.InThisProcess)))];

    /// <summary>
    /// Whether a confirmation is judged with the first pass (<see cref="MeasuredProcess.WithEarlierPasses"/>).
    /// </summary>
    public bool ConfirmsOnBothPasses => _passes.Count > 0 && MeasuredProcess.JudgedTogether(_passes[0]);

    /// <summary>
    /// Measures <paramref name="cases"/> as the next pass and analyses them suite by suite, in catalog order: a
    /// confirmation with the earlier passes' processes of its cases, where the run measures in several.
    /// </summary>
    public IReadOnlyList<AnalyzedCase> MeasureAndAnalyze(IReadOnlyList<CaseDefinition> cases)
    {
        // The pass's number is how many came before it.
        _passes.Add(measure(cases, sampling, _passes.Count));
        return MeasuredProcess.Combine(MeasuredProcess.WithEarlierPasses(_passes))
            .GroupBy(m => m.Case.SuiteId)
            .SelectMany(suite => SuiteAnalysis.Analyze(suite.ToList()))
            // Cells run in batches and their cases in shuffled order: reports list them in catalog order.
            .OrderBy(c => CaseCatalog.IndexOf(c.Case.Id))
            .ToList();
    }
}
