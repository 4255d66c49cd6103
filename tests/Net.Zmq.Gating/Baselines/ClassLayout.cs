using System.Globalization;
using System.Text.Json.Serialization;
using NetZmqTests.Gating.Statistics;

namespace NetZmqTests.Gating.Baselines;

/// <summary><c>class</c> is written for the reader of a diff and checked on reading.</summary>
internal sealed record ClassLayout(string Class, FingerprintLayout Fingerprint, RunsLayout Runs,
    double AggregateTolerance, double ProcessBytesTolerance, IReadOnlyDictionary<string, CaseLayout> Cases)
{
    public static ClassLayout Of(ClassBaseline c) =>
        new(c.Key, FingerprintLayout.Of(c.Fingerprint), new(c.Runs.Values, c.Runs.Swing),
            FieldAt.Round(c.AggregateTolerance, 4), FieldAt.Round(c.ProcessBytesTolerance, 4),
            new SortedDictionary<string, CaseLayout>(c.Cases.ToDictionary(e => e.Key, e => CaseLayout.Of(e.Value)),
                StringComparer.Ordinal));

    /// <summary>Schema 4's one class has its values from one refresh.</summary>
    public ClassBaseline To(FieldAt at, bool singleClass) =>
        new(Fingerprint.To(at.Step(nameof(Fingerprint))),
            singleClass ? BaselineRuns.SingleRefresh : Runs.To(at.Step(nameof(Runs))),
            Cases.ToDictionary(e => e.Key, e => e.Value.To(at.Step(nameof(Cases)).Key(e.Key)), StringComparer.Ordinal))
        {
            AggregateTolerance = at.NonNegative(AggregateTolerance),
            ProcessBytesTolerance = at.NonNegative(ProcessBytesTolerance),
        };
}

internal sealed record RunsLayout(int Values, int Swing)
{
    public BaselineRuns To(FieldAt at) =>
        Values >= 1
            ? new(Values, at.NonNegative(Swing))
            : throw at.Step(nameof(Values))
                .Invalid($"expected an integer ≥ 1 (the runs the values come from), found {Values}");
}

internal sealed record FingerprintLayout(string RecordedAt, MachineLayout Machine, SubjectFingerprint Subject)
{
    public static FingerprintLayout Of(Fingerprint f) =>
        new(f.RecordedAt.ToUniversalTime().ToString("yyyy-MM-ddTHH:mm:ssZ", CultureInfo.InvariantCulture),
            MachineLayout.Of(f.Machine), f.Subject);

    public Fingerprint To(FieldAt at) =>
        DateTimeOffset.TryParse(RecordedAt, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out var recorded)
            ? new(recorded, Machine.To(), Subject)
            : throw at.Step(nameof(RecordedAt)).Invalid("expected an ISO 8601 date and time");
}

/// <summary>
/// The generation and the kernel follow the CPU; absent, not null, in a class recorded before they were, so that
/// class keeps its bytes when another is written.
/// </summary>
internal sealed record MachineLayout([property: JsonPropertyOrder(-2)] string Cpu, int Cores, string Os,
    string Runtime, string Gc, string BenchmarkDotNet, string Placement,
    [property: JsonPropertyOrder(-1)] string? CpuSignature = null,
    [property: JsonPropertyOrder(-1)] string? Kernel = null)
{
    public static MachineLayout Of(MachineFingerprint m) => new(m.Cpu, m.Cores, m.OperatingSystem, m.Runtime,
        m.GarbageCollector, m.BenchmarkDotNet, m.Placement, m.CpuSignature, m.Kernel);

    public MachineFingerprint To() =>
        new(Cpu, Cores, Os, Runtime, Gc, BenchmarkDotNet, Placement, CpuSignature, Kernel);
}

/// <summary>A case's centred ratio and interval, its bytes, its samples and its tolerances.</summary>
internal sealed record CaseLayout(double Ratio, double RatioLower, double RatioUpper, double BytesPerOperation,
    [property: JsonPropertyOrder(1)] IReadOnlyList<double> NanosecondsPerOperation,
    [property: JsonPropertyOrder(1)] TolerancesLayout Tolerances, double? ProcessBytesPerOperation = null,
    double? CpuRatio = null, double? CpuRatioLower = null, double? CpuRatioUpper = null)
{
    public static CaseLayout Of(BaselineCase c) =>
        new(FieldAt.Round(c.Ratio, 4), FieldAt.Round(c.RatioLower, 4), FieldAt.Round(c.RatioUpper, 4),
            FieldAt.Round(c.BytesPerOperation, 0), [.. c.NanosecondsPerOperation.Select(n => FieldAt.Round(n, 0))],
            TolerancesLayout.Of(c.Tolerances), FieldAt.Round(c.ProcessBytesPerOperation, 0),
            FieldAt.Round(c.CpuRatio?.Value, 4), FieldAt.Round(c.CpuRatio?.Lower, 4),
            FieldAt.Round(c.CpuRatio?.Upper, 4));

    public BaselineCase To(FieldAt at) =>
        new(at.Positive(Ratio), at.Positive(RatioLower), at.Positive(RatioUpper), at.NonNegative(BytesPerOperation),
            [.. NanosecondsPerOperation.Select((n, i) => at.Step(nameof(NanosecondsPerOperation)).Item(i).Positive(n, ""))],
            Tolerances.To(at.Step(nameof(Tolerances))), at.NonNegative(ProcessBytesPerOperation),
            CpuRatio is null
                ? null
                : new RatioEstimate(at.Positive(CpuRatio), at.Positive(CpuRatioLower), at.Positive(CpuRatioUpper)));
}

internal sealed record TolerancesLayout(double Ratio, double BytesRelative, double BytesAbsolute, double RunToRun,
    double CpuRunToRun)
{
    public static TolerancesLayout Of(Tolerances t) =>
        new(t.Ratio, t.BytesRelative, t.BytesAbsolute, t.RunToRun, t.CpuRunToRun);

    public Tolerances To(FieldAt at) =>
        new(at.NonNegative(Ratio), at.NonNegative(BytesRelative), at.NonNegative(BytesAbsolute),
            at.NonNegative(RunToRun), at.NonNegative(CpuRunToRun));
}
