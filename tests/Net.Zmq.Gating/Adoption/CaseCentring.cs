using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Adoption;

/// <summary>One case of an adoption (<see cref="ClassAdoption"/>): values centred, tolerances from their
/// spread.</summary>
internal static class CaseCentring
{
    private const double LargeAllocationBytes = 1024 * 1024;
    private static readonly double MinimumBytesRelative = Tolerances.Default.BytesRelative;
    private static readonly double MinimumBytesAbsolute = Tolerances.Default.BytesAbsolute;

    /// <summary>
    /// The least relative slack of a case whose bytes moved between runs beyond the minimum: they depend on timing,
    /// which a few runs bound poorly. The process-wide figure has the same floor.
    /// </summary>
    public const double TimingDependentBytesRelative = 0.10;

    /// <summary>One case over the runs.</summary>
    public static BaselineCase Centre(List<AnalyzedCase> values, double ratioTolerance)
    {
        var reference = values[0].Case.IsReference;
        var quiet = values.Where(v => !GateEvaluator.IsBusy(v.Measurement)).ToList();
        // Wall time from the quiet runs; from all where too few were quiet (wider, so safer).
        var timed = quiet.Count >= BaselineRuns.MinimumForSwing ? quiet : values;
        var ratio = reference ? RatioEstimate.Identity : RunSpread.Centred(timed.Select(v => v.Ratio).ToList());
        var cpu = values.All(v => v.CpuRatio is not null)
            ? reference ? RatioEstimate.Identity : RunSpread.Centred(values.Select(v => v.CpuRatio!).ToList())
            : null;
        var bytes = values.Select(v => v.Measurement.BytesAllocatedPerOperation).ToList();
        var (bytesRelative, bytesAbsolute) = ByteSlacks(bytes);
        var tolerances = new Tolerances(ratioTolerance, bytesRelative, bytesAbsolute,
            reference ? 0 : RunSpread.Swing(timed.Select(v => v.Ratio).ToList()),
            reference || cpu is null ? 0 : RunSpread.Swing(values.Select(v => v.CpuRatio!).ToList()));
        // The raw samples are information only: those of the run nearest the centre.
        var nearest = values.MinBy(v => Math.Abs(Math.Log(v.Ratio.Value / ratio.Value)))!;
        var processes = values.Select(v => v.Measurement.ProcessBytesPerOperation).ToList();
        return new BaselineCase(ratio.Value, ratio.Lower, ratio.Upper, Quantiles.Median(bytes),
            nearest.Measurement.NanosecondsPerOperation, tolerances,
            processes.All(p => p is not null) ? Quantiles.Median(processes.Select(p => p!.Value).ToList()) : null, cpu);
    }

    /// <summary>
    /// 3 × the worst rise, relative above 1 MiB an operation, absolute below; at least the defaults, and at least
    /// <see cref="TimingDependentBytesRelative"/> where above them.
    /// </summary>
    private static (double Relative, double Absolute) ByteSlacks(List<double> bytes)
    {
        var (large, rise) = (bytes.All(b => b > LargeAllocationBytes), WorstRise([bytes]) ?? 0);
        var (relative, absolute) = large
            ? (Math.Max(MinimumBytesRelative, RunSpread.RoundUp(3 * rise, Distributions.ToleranceStep)),
                MinimumBytesAbsolute)
            : (MinimumBytesRelative,
                Math.Max(MinimumBytesAbsolute, RunSpread.RoundUp(3 * (bytes.Max() - bytes.Min()), 1024)));
        return relative > MinimumBytesRelative || absolute > MinimumBytesAbsolute
            ? (Math.Max(relative, TimingDependentBytesRelative), absolute)
            : (relative, absolute);
    }

    public static double? WorstRise(IEnumerable<IReadOnlyList<double>> series)
    {
        var rises = series.Where(s => s.Min() > 0).Select(s => (s.Max() / s.Min()) - 1).ToList();
        return rises.Count == 0 ? null : rises.Max();
    }
}
