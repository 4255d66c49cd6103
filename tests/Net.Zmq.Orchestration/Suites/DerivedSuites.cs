using NetZmqTests.Gating.Measurements;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Suites;

/// <summary>
/// The suites whose cases are not measured but made from two measured cases each (<see cref="PairedSuite"/>): what
/// measuring one of their cases again takes, their cases made from a measurement, and which subject is only a
/// reference.
/// </summary>
public static class DerivedSuites
{
    /// <summary>
    /// Every paired suite, in the order the run judges them after its own suites' (those judged against their reference
    /// first).
    /// </summary>
    public static IReadOnlyList<PairedSuite> All { get; } = [HeadAgainstBase.Paired, BindingOverhead.Paired];

    public static bool IsDerived(SuiteId suite) => All.Any(p => p.Suite == suite);

    public static PairedSuite? Find(SuiteId suite) => All.FirstOrDefault(p => p.Suite == suite);

    /// <summary>
    /// The measured cases behind a gated case id: a derived case's two cases, or a measured case itself.
    /// </summary>
    public static IReadOnlyList<string> MeasuredCases(string gatedId) =>
        All.Select(p => p.MeasuredCases(gatedId)).FirstOrDefault(c => c is not null) ?? [gatedId];

    /// <summary>
    /// Every derived suite's cases that <paramref name="measured"/> makes; none where it lacks their two cases.
    /// </summary>
    public static IEnumerable<AnalyzedCase> Of(IReadOnlyList<AnalyzedCase> measured) =>
        All.SelectMany(p => p.Of(measured) ?? []);

    /// <summary>
    /// The paired suite a subject is only the reference of, judged against no file of its own (the base build: what the
    /// head is judged against); null for a subject with suites of its own.
    /// </summary>
    public static PairedSuite? ReferenceOnly(DriverId driver) =>
        All.FirstOrDefault(p => p.Reference == driver && p.JudgedAgainstTheReference);
}
