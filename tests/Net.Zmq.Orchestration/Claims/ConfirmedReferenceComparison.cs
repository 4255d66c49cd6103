namespace NetZmqTests.Orchestration.Claims;

/// <summary>
/// The fidelity check confirmed like every time gate: a comparison outside its bound is measured again on fresh
/// connections and fails only if that fails too. Regimes can outlast a handful of rounds; a real departure shows twice.
/// </summary>
public sealed record ConfirmedReferenceComparison(ReferenceComparison First, ReferenceComparison? Again)
{
    public bool Holds => First.Holds || Again is { Holds: true };

    /// <summary>Measures once and, only when that fails, once more.</summary>
    public static ConfirmedReferenceComparison Measure(Func<ReferenceComparison> measure)
    {
        var first = measure();
        return new ConfirmedReferenceComparison(first, first.Holds ? null : measure());
    }

    public string Describe() => Again is null
        ? First.Describe()
        : $"{First.Describe()}{Environment.NewLine}measured again on fresh connections: {Again.Describe()}{Environment.NewLine}" +
          (Holds ? "not confirmed: the check holds" : "confirmed: the check fails");
}
