using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Measurements;

/// <summary>
/// A measured case with its time ratio to its reference case and the reference's per-operation times.
/// </summary>
public sealed record AnalyzedCase(
    CaseMeasurement Measurement, RatioEstimate Ratio, IReadOnlyList<double> ReferenceNanosecondsPerOperation)
{
    public CaseIdentity Case => Measurement.Case;

    /// <summary>The same ratio in process CPU time; null where CPU time was not measured.</summary>
    public RatioEstimate? CpuRatio { get; init; }

    /// <summary>Where the reference is another subject's same case, its bytes per operation; else null.</summary>
    public double? ReferenceBytesPerOperation { get; init; }

    /// <summary>
    /// Where the ratio was judged over several processes (<see cref="Statistics.ProcessLevel"/>), each one's ratio in
    /// process order; else null.
    /// </summary>
    public IReadOnlyList<double>? ProcessRatios { get; init; }
}

/// <summary>Time ratios within each group: the only way time is ever judged.</summary>
public static class SuiteAnalysis
{
    public static IReadOnlyList<AnalyzedCase> Analyze(IReadOnlyList<CaseMeasurement> measurements)
    {
        var references = measurements
            .Where(m => m.Case.IsReference)
            .ToDictionary(m => (m.Case.Subject, m.Case.Suite, m.Case.Group));
        return measurements.Select(m => m.Case.IsReference
            ? new AnalyzedCase(m, RatioEstimate.Identity, m.NanosecondsPerOperation)
            {
                CpuRatio = m.CpuNanosecondsPerOperation.Count > 0 ? RatioEstimate.Identity : null,
            }
            : references.TryGetValue((m.Case.Subject, m.Case.Suite, m.Case.Group), out var reference)
                ? Against(m, reference)
                : throw new InvalidOperationException(
                    $"{m.Case.Id}: its reference case ({m.Case.ReferenceVariant}) was not measured in this run, " +
                    "so its time cannot be judged")).ToList();
    }

    public static AnalyzedCase Against(CaseMeasurement subject, CaseMeasurement reference) =>
        new(subject, Compare(subject, reference), reference.NanosecondsPerOperation)
        {
            CpuRatio = subject.CpuNanosecondsPerOperation.Count > 0 && reference.CpuNanosecondsPerOperation.Count > 0
                       && PairedSamples.MeasuredTogether(subject, reference)
                ? RatioEstimate.Paired(PairedSamples.LogRatios(subject, reference, m => m.CpuNanosecondsPerOperation))
                : null,
        };

    /// <summary>
    /// Paired where the two were measured together, as every gated pair is; otherwise (different cells, as some
    /// published claims compare) median over median.
    /// </summary>
    public static RatioEstimate Compare(CaseMeasurement subject, CaseMeasurement reference) =>
        PairedSamples.MeasuredTogether(subject, reference)
            ? RatioEstimate.Paired(PairedSamples.LogRatios(subject, reference))
            : RatioEstimate.Of(subject.NanosecondsPerOperation, reference.NanosecondsPerOperation);
}
