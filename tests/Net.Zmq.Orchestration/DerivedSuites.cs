using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Orchestration;

/// <summary>
/// The suites whose cases are not measured but made from two measured cases each (<see cref="BindingOverhead"/>:
/// Net.Zmq over the floor; <see cref="HeadAgainstBase"/>: the head build over the base): what measuring one of their
/// cases again takes, and their cases made from a fresh measurement.
/// </summary>
public static class DerivedSuites
{
    /// <summary>The measured cases behind a gated case id: a derived case's two cases, or a measured case itself.</summary>
    public static IReadOnlyList<string> MeasuredCases(string gatedId) =>
        HeadAgainstBase.MeasuredCases(gatedId) ?? BindingOverhead.MeasuredCases(gatedId);

    /// <summary>Every derived suite's cases that <paramref name="measured"/> makes; none where it lacks their two cases.</summary>
    public static IEnumerable<AnalyzedCase> Of(IReadOnlyList<AnalyzedCase> measured) =>
        [.. BindingOverhead.Of(measured) ?? [], .. HeadAgainstBase.Of(measured) ?? []];
}
