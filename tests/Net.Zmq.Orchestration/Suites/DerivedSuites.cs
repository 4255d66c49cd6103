using NetZmqTests.Gating.Measurements;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Suites;

/// <summary>
/// Suites whose cases are made from two measured cases each (<see cref="PairedSuite"/>), not measured themselves.
/// </summary>
public static class DerivedSuites
{
    /// <summary>Every paired suite, in judging order after the run's own (reference-judged first).</summary>
    public static IReadOnlyList<PairedSuite> All { get; } = [HeadAgainstBase.Paired, BindingOverhead.Paired];

    public static PairedSuite? Find(SuiteId suite) => All.FirstOrDefault(p => p.Suite == suite);

    /// <summary>The measured cases behind a gated id: a derived case's two, or a measured case itself.</summary>
    public static IReadOnlyList<string> MeasuredCases(string gatedId) =>
        All.Select(p => p.MeasuredCases(gatedId)).FirstOrDefault(c => c is not null) ?? [gatedId];

    /// <summary>Every derived case <paramref name="measured"/> makes; none where it lacks their two cases.</summary>
    public static IEnumerable<AnalyzedCase> Of(IReadOnlyList<AnalyzedCase> measured) =>
        All.SelectMany(p => p.Of(measured) ?? []);

    /// <summary>
    /// The paired suite a subject is only the reference of (the base build), with no file of its own; else null.
    /// </summary>
    public static PairedSuite? ReferenceOnly(DriverId driver) =>
        All.FirstOrDefault(p => p.Reference == driver && p.Judgement.ByTheReference);
}
