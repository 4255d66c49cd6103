using System.Globalization;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Claims;

/// <summary>
/// Net.Zmq's published benchmark claims (its docs/benchmarks.md), checked against this run's Net.Zmq measurements: a
/// time claim holds when every estimate lies in range, fails when some estimate's whole 95 % interval lies outside,
/// else is unclear. C1, C4 and C5 are also gates; the rest inform, a miss being a finding about this machine.
/// </summary>
public static partial class PublishedClaims
{
    private const DriverId Subject = DriverId.NetZmq;

    public static IReadOnlyList<ClaimCheck> Evaluate(IReadOnlyList<GatedSuite> subjects)
    {
        var at = new Lookup(subjects.Where(s => s.Subject == Subject.ToString()).SelectMany(s => s.Cases)
            .ToDictionary(c => c.Case.Id, StringComparer.Ordinal));
        return
        [
            Ranged("C1", "Poller runs within 0.97-1.01 × PureBlocking at every size.",
                at.ModeRatios(ReceiveMode.Poller), 0.97, 1.01, ClaimGate.Of(PolicyBounds.PollerNearPureBlocking,
                    "the product owner's bound; the claim itself is informative")),
            Ranged("C2", "BlockingWithBatch runs within 0.97-1.04 × PureBlocking.",
                at.ModeRatios(ReceiveMode.BlockingWithBatch), 0.97, 1.04),
            NonBlockingSlower(at),
            Allocation(at, "C4", BufferStrategy.ArrayPool, [64, 512, 1024], PolicyBounds.ClaimC4.Max, 2560,
                "ArrayPool allocates about 1-2 KB per 10,000 messages at up to 1 KiB.",
                ClaimGate.Of(PolicyBounds.ClaimC4)),
            Allocation(at, "C5", BufferStrategy.MessagePoolRecvPool, CaseCatalog.BufferStrategySizes,
                PolicyBounds.ClaimC5.Max, PolicyBounds.ClaimC5.Max,
                "MessagePool+RecvPool allocates under 3 KB per 10,000 messages at every size.",
                ClaimGate.Of(PolicyBounds.ClaimC5)),
            LargeByteArrays(at),
            MessagesAtSmallSizes(at),
            PatternCosts(at),
            PollerAllocation(at),
            PoolFastestAtOneKiB(at),
        ];
    }

    private static ClaimCheck NonBlockingSlower(Lookup at)
    {
        const string claim =
            "NonBlocking (Sleep 1 ms) is 1.24-2.43 × slower than PureBlocking, more so at larger sizes.";
        var ratios = at.ModeRatios(ReceiveMode.NonBlocking);
        var check = Ranged("C3", claim, ratios, 1.24, 2.43);
        if (ratios.Count < 2 || check.Verdict == ClaimVerdict.DoesNotHold)
            return check;

        var rising = ratios[^1].Ratio.Value > ratios[0].Ratio.Value;
        return check with
        {
            Verdict = rising ? check.Verdict : ClaimVerdict.Unclear,
            Evidence = check.Evidence + (rising ? "; larger" : "; not larger")
                + " at the largest size than at the smallest",
        };
    }

    private static ClaimCheck LargeByteArrays(Lookup at)
    {
        const string claim = "ByteArray at 128 KiB and more triggers Gen2 collections (large-object heap) "
            + "and is at least 3 × slower than ArrayPool.";
        return PerSize("C6", claim, CaseCatalog.BufferStrategySizes.Where(s => s >= 131072), size =>
        {
            var (bytes, pool) =
                (at.Strategy(BufferStrategy.ByteArray, size), at.Strategy(BufferStrategy.ArrayPool, size));
            if (bytes is null || pool is null)
                return null;

            var slower = SuiteAnalysis.Compare(bytes.Measurement, pool.Measurement);
            var gen2 = bytes.Measurement.Gen2PerThousandOperations;
            return ([gen2 <= 0 ? ClaimVerdict.DoesNotHold : AtLeast(slower, 3)],
                string.Create(CultureInfo.InvariantCulture,
                    $"{Size(size)}: Gen2 {gen2:0} per 1,000 operations, ByteArray ÷ ArrayPool {slower}"));
        });
    }

    private static ClaimCheck MessagesAtSmallSizes(Lookup at) => Ranged("C7",
        "Message and MessageZeroCopy are about 2 × slower than ByteArray at 64 B (read here as 1.5-2.5 ×).",
        [.. new[] { BufferStrategy.Message, BufferStrategy.MessageZeroCopy }.Select(s => (s, c: at.Strategy(s, 64)))
            .Where(x => x.c is not null).Select(x => (x.s.ToString(), x.c!.Ratio))], 1.5, 2.5);

    private static ClaimCheck PatternCosts(Lookup at)
    {
        const string claim = "ROUTER/ROUTER is 10-15 % slower than PUSH/PULL; PUB/SUB is about equal to PUSH/PULL "
            + "(read here as 0.95-1.05 ×). Over tcp, blocking receive.";
        return PerSize("C8", claim, CaseCatalog.PatternSizes, size =>
        {
            var (push, router, pub) = (at.OfPattern(Pattern.PushPull, size), at.Mode(ReceiveMode.PureBlocking, size),
                at.OfPattern(Pattern.PubSub, size));
            if (push is null || router is null || pub is null)
                return null;

            var routerRatio = SuiteAnalysis.Compare(router.Measurement, push.Measurement);
            var pubRatio = SuiteAnalysis.Compare(pub.Measurement, push.Measurement);
            return ([Within(routerRatio, 1.10, 1.15), Within(pubRatio, 0.95, 1.05)],
                $"{Size(size)}: ROUTER ÷ PUSH {routerRatio}, PUB ÷ PUSH {pubRatio}");
        });
    }

    private static ClaimCheck PollerAllocation(Lookup at)
    {
        const string claim = "Poller allocates about 120-160 B more per operation than blocking receive.";
        var check = PerSize("C9", claim, CaseCatalog.ReceiveModeSizes, size =>
        {
            var (poller, blocking) = (at.Mode(ReceiveMode.Poller, size), at.Mode(ReceiveMode.PureBlocking, size));
            if (poller is null || blocking is null)
                return null;

            var more = poller.Measurement.BytesAllocatedPerOperation - blocking.Measurement.BytesAllocatedPerOperation;
            return ([more is >= 120 and <= 160 ? ClaimVerdict.Holds : ClaimVerdict.DoesNotHold],
                string.Create(CultureInfo.InvariantCulture, $"{Size(size)} {more:+0;-0;0} B"));
        });
        return check with
        {
            Evidence = check.Evidence + " (this suite makes its Poller once per workload; "
                + "Net.Zmq's benchmark makes one inside every measured operation)",
        };
    }

    private static ClaimCheck PoolFastestAtOneKiB(Lookup at)
    {
        const string claim = "MessagePool is the fastest buffer strategy at 1 KiB.";
        var strategies = Enum.GetValues<BufferStrategy>()
            .Select(s => (s, c: at.Strategy(s, 1024)))
            .Where(x => x.c is not null).ToList();
        if (at.Strategy(BufferStrategy.MessagePool, 1024) is not { } pool)
            return NotMeasured("C10", claim);

        var others = strategies.Where(x => x.s != BufferStrategy.MessagePool).ToList();
        var verdict = others.All(o => pool.Ratio.Upper < o.c!.Ratio.Lower) ? ClaimVerdict.Holds
            : others.Any(o => o.c!.Ratio.Upper < pool.Ratio.Lower) ? ClaimVerdict.DoesNotHold
            : others.All(o => pool.Ratio.Value <= o.c!.Ratio.Value) ? ClaimVerdict.Holds
            : ClaimVerdict.Unclear;
        return new ClaimCheck("C10", claim, verdict,
            "time ÷ ByteArray at 1 KiB: "
            + string.Join("; ", strategies.OrderBy(x => x.c!.Ratio.Value).Select(x => $"{x.s} {x.c!.Ratio}")));
    }
}
