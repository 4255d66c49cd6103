using Perfolizer.Mathematics.SignificanceTesting.Base;
using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;
using Perfolizer.Metrology;
using Pragmastat;

namespace NetZmqTests.Gating.Statistics;

/// <summary>
/// Is a case significantly slower than <c>bound</c> × its reference, both measured in this run? A one-sided
/// Mann-Whitney test (Perfolizer's, exact for small samples) of the case's per-operation times against the
/// reference's times scaled by the bound: significant when the p-value is at most the significance level.
/// <para>
/// The level is 5 % where the sample sizes can reach it. They cannot always: with n and m samples the smallest
/// one-sided p-value is 1 / C(n + m, n) (every case sample above every scaled reference sample), 1/6 for two
/// against two. Then the level is that smallest p-value, i.e. complete separation is required, rather than a
/// level no outcome could ever meet, which would make the gate unable to fail.
/// </para>
/// </summary>
public static class SlowdownTest
{
    public const double NominalSignificanceLevel = 0.05;

    public sealed record Outcome(double PValue, double SignificanceLevel)
    {
        public bool Significant => PValue <= SignificanceLevel * (1 + 1e-9);

        public override string ToString() =>
            FormattableString.Invariant($"Mann-Whitney p = {PValue:0.####} at level {SignificanceLevel:0.####}");
    }

    public static Outcome SlowerThan(IReadOnlyList<double> subject, IReadOnlyList<double> reference, double bound)
    {
        if (subject.Count == 0 || reference.Count == 0)
        {
            throw new ArgumentException("The test needs at least one value on each side.");
        }

        var scaled = reference.Select(r => r * bound).ToArray();
        var result = MannWhitneyTest.Instance.Perform(new Sample(subject.ToArray()), new Sample(scaled), AlternativeHypothesis.Greater, Threshold.Zero);
        return new Outcome(result.PValue, AttainableLevel(subject.Count, reference.Count));
    }

    /// <summary>5 %, or the smallest p-value n against m samples can give when that is larger.</summary>
    public static double AttainableLevel(int n, int m) => Math.Max(NominalSignificanceLevel, 1 / Binomial(n + m, Math.Min(n, m)));

    private static double Binomial(int n, int k)
    {
        var result = 1.0;
        for (var i = 1; i <= k; i++)
        {
            result = result * (n - k + i) / i;
        }

        return result;
    }
}
