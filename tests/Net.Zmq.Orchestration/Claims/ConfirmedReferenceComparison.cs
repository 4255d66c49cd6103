namespace NetZmqTests.Orchestration.Claims;

/// <summary>
/// The fidelity check confirmed like every time gate: a comparison whose ratio lies beyond its bound (clearly or not)
/// is measured again on fresh connections, and the check fails when one reading is clearly outside and the other lies
/// beyond the bound too. Regimes can outlast a handful of rounds; a real departure shows twice, and one odd round,
/// which widens an interval until it reaches the bound, does not hide it.
/// </summary>
public sealed record ConfirmedReferenceComparison(ReferenceComparison First, ReferenceComparison? Again)
{
    public bool Holds => Again is null || !(Beyond(First) && Beyond(Again) && !(First.Holds && Again.Holds));

    /// <summary>Measures once and, only when that lies beyond the bound, once more.</summary>
    public static ConfirmedReferenceComparison Measure(Func<ReferenceComparison> measure)
    {
        var first = measure();
        return new ConfirmedReferenceComparison(first, Beyond(first) ? measure() : null);
    }

    public string Describe() => Again is null
        ? First.Describe()
        : $"{First.Describe()}{Environment.NewLine}measured again on fresh connections: {Again.Describe()}{Environment.NewLine}" +
          (Holds ? "not confirmed: the check holds" : "confirmed: the check fails");

    private static bool Beyond(ReferenceComparison comparison) => !comparison.Holds || comparison.Unclear;
}
