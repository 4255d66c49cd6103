using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Statistics;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Claims;

/// <summary>The checks several claims share, how a verdict is made from its parts, and the cases claims read.</summary>
public static partial class PublishedClaims
{
    private static ClaimCheck Allocation(Lookup at, string id, BufferStrategy strategy, IReadOnlyList<int> sizes,
        double holdsUpTo, double clearlyAbove, string claim, ClaimGate gate)
    {
        var measured = sizes.Select(size => (size, c: at.Strategy(strategy, size)))
            .Where(x => x.c is not null)
            .Select(x => (x.size, bytes: x.c!.Measurement.BytesAllocatedPerOperation)).ToList();
        return Combine(id, claim,
            [.. measured.Select(m => m.bytes >= clearlyAbove ? ClaimVerdict.DoesNotHold
                : m.bytes > holdsUpTo ? ClaimVerdict.Unclear : ClaimVerdict.Holds)],
            [.. measured.Select(m => $"{Size(m.size)} {Units.Bytes(m.bytes)}/op")], gate);
    }

    /// <summary>
    /// The claim "between <paramref name="low"/> and <paramref name="high"/>" on a ratio and its 95 % interval: it
    /// holds where the ratio does, and fails only where the whole interval says so; between the two it is unclear.
    /// </summary>
    private static ClaimVerdict Within(RatioEstimate r, double low, double high) =>
        r.Value >= low && r.Value <= high ? ClaimVerdict.Holds
        : r.Upper < low || r.Lower > high ? ClaimVerdict.DoesNotHold
        : ClaimVerdict.Unclear;

    /// <summary>The claim "at least <paramref name="low"/>", read like <see cref="Within"/>.</summary>
    private static ClaimVerdict AtLeast(RatioEstimate r, double low) =>
        r.Value >= low ? ClaimVerdict.Holds : r.Upper < low ? ClaimVerdict.DoesNotHold : ClaimVerdict.Unclear;

    private static ClaimCheck Ranged(string id, string claim, List<(string Label, RatioEstimate Ratio)> ratios,
        double low, double high, ClaimGate? gate = null) =>
        Combine(id, claim, [.. ratios.Select(r => Within(r.Ratio, low, high))],
            [.. ratios.Select(r => $"{r.Label} {r.Ratio}")], gate);

    /// <summary>A claim judged at each size whose cases were all measured (null where some were not).</summary>
    private static ClaimCheck PerSize(string id, string claim, IEnumerable<int> sizes,
        Func<int, (ClaimVerdict[] Verdicts, string Part)?> judge)
    {
        var judged = sizes.Select(judge).OfType<(ClaimVerdict[] Verdicts, string Part)>().ToList();
        return Combine(id, claim, [.. judged.SelectMany(j => j.Verdicts)], [.. judged.Select(j => j.Part)]);
    }

    private static ClaimCheck Combine(string id, string claim, List<ClaimVerdict> verdicts, List<string> parts,
        ClaimGate? gate = null) =>
        verdicts.Count == 0
            ? NotMeasured(id, claim, gate)
            : new ClaimCheck(id, claim,
                verdicts.Contains(ClaimVerdict.DoesNotHold) ? ClaimVerdict.DoesNotHold
                : verdicts.Contains(ClaimVerdict.Unclear) ? ClaimVerdict.Unclear
                : ClaimVerdict.Holds,
                string.Join("; ", parts), gate);

    private static ClaimCheck NotMeasured(string id, string claim, ClaimGate? gate = null) =>
        new(id, claim, ClaimVerdict.NotMeasured,
            $"{Subject} did not measure the cases this claim is about in this run", gate);

    private static string Size(int bytes) => CaseDefinition.FormatSize(bytes);

    /// <summary>Net.Zmq's analyzed cases by the dimensions the claims vary, all over tcp.</summary>
    private sealed class Lookup(IReadOnlyDictionary<string, AnalyzedCase> cases)
    {
        /// <summary>A receive mode of ROUTER/ROUTER, into a reused buffer.</summary>
        public AnalyzedCase? Mode(ReceiveMode mode, int size) =>
            Find(Suite.ReceiveModes, Pattern.RouterRouter, mode, BufferStrategy.ReusedBuffer, size);

        /// <summary>A receive mode's time ratio to PureBlocking at each size measured, smallest first.</summary>
        public List<(string Label, RatioEstimate Ratio)> ModeRatios(ReceiveMode mode) =>
        [
            .. CaseCatalog.ReceiveModeSizes.Select(size => (size, c: Mode(mode, size)))
                .Where(x => x.c is not null).Select(x => (Size(x.size), x.c!.Ratio)),
        ];

        /// <summary>A buffer strategy of ROUTER/ROUTER, blocking receive.</summary>
        public AnalyzedCase? Strategy(BufferStrategy strategy, int size) =>
            Find(Suite.BufferStrategies, Pattern.RouterRouter, ReceiveMode.PureBlocking, strategy, size);

        /// <summary>A pattern of the pattern suite, blocking receive into a reused buffer.</summary>
        public AnalyzedCase? OfPattern(Pattern pattern, int size) =>
            Find(Suite.Patterns, pattern, ReceiveMode.PureBlocking, BufferStrategy.ReusedBuffer, size);

        private AnalyzedCase? Find(Suite suite, Pattern pattern, ReceiveMode mode, BufferStrategy strategy, int size) =>
            cases.GetValueOrDefault(
                new CaseDefinition(Subject, suite, pattern, Transport.Tcp, mode, strategy, size).Id);
    }
}
