using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Measurements;

/// <summary>
/// A measured case with its time ratio to its reference case, measured in the same run, and the reference's
/// per-operation times (the case's own for a reference), which the time gates' significance test needs.
/// </summary>
public sealed record AnalyzedCase(CaseMeasurement Measurement, RatioEstimate Ratio, IReadOnlyList<double> ReferenceNanosecondsPerOperation)
{
    public CaseIdentity Case => Measurement.Case;

    /// <summary>
    /// The same ratio in process CPU time instead of wall time (paired the same way); null where CPU time was not
    /// measured.
    /// </summary>
    public RatioEstimate? CpuRatio { get; init; }

    /// <summary>
    /// Where the reference is another subject's same case (a build against the build it changes), that case's bytes per
    /// operation: what this case's allocation is judged against. Null where the reference is a variant of the case's
    /// own subject.
    /// </summary>
    public double? ReferenceBytesPerOperation { get; init; }

    /// <summary>
    /// Where the ratio was measured in several processes and judged over them (<see cref="Statistics.ProcessLevel"/>),
    /// the ratio each process measured, in process order: what shows a state of one process. Null otherwise.
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
        return measurements.Select(m =>
        {
            if (m.Case.IsReference)
            {
                return new AnalyzedCase(m, RatioEstimate.Identity, m.NanosecondsPerOperation)
                {
                    CpuRatio = m.CpuNanosecondsPerOperation.Count > 0 ? RatioEstimate.Identity : null,
                };
            }

            return references.TryGetValue((m.Case.Subject, m.Case.Suite, m.Case.Group), out var reference)
                ? Against(m, reference)
                : throw new InvalidOperationException(
                    $"{m.Case.Id}: its reference case ({m.Case.ReferenceVariant}) was not measured in this run, so its time cannot be judged");
        }).ToList();
    }

    /// <summary>
    /// <paramref name="subject"/> judged against <paramref name="reference"/>: another variant, or the same case of
    /// another subject.
    /// </summary>
    public static AnalyzedCase Against(CaseMeasurement subject, CaseMeasurement reference) =>
        new(subject, Compare(subject, reference), reference.NanosecondsPerOperation)
        {
            CpuRatio = subject.CpuNanosecondsPerOperation.Count > 0 && reference.CpuNanosecondsPerOperation.Count > 0
                       && PairedSamples.MeasuredTogether(subject, reference)
                ? RatioEstimate.Paired(PairedSamples.LogRatios(subject, reference, m => m.CpuNanosecondsPerOperation))
                : null,
        };

    /// <summary>
    /// The ratio of one case's time to another's (another variant, or the same case of another subject): paired
    /// when the two were measured together, as every gated pair is; otherwise (cases of different cells, which
    /// some published claims compare) median over median of independent samples.
    /// </summary>
    public static RatioEstimate Compare(CaseMeasurement subject, CaseMeasurement reference) =>
        PairedSamples.MeasuredTogether(subject, reference)
            ? RatioEstimate.Paired(PairedSamples.LogRatios(subject, reference))
            : RatioEstimate.Of(subject.NanosecondsPerOperation, reference.NanosecondsPerOperation);
}
