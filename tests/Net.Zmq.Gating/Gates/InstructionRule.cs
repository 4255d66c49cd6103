using System.Globalization;
using NetZmqTests.Gating.Counting;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// Instructions per message, judged against a reference (a paired build's counts in the same run, or a baseline
/// file's): each judged part (<see cref="InstructionBounds"/>) fails when it is steady on both sides and grew by more
/// than its bound. A part that differed between repetitions on either side is shown, not judged; so is every part the
/// bounds do not name. A failure says why, by function: those whose instructions per message changed most, and the
/// share of the change each explains.
/// </summary>
public static class InstructionRule
{
    /// <summary>How many functions a failure names.</summary>
    private const int FunctionsNamed = 5;

    /// <summary>
    /// The reference side: its instructions per message by part, whether each was steady, and its functions where known
    /// (all threads', and the receiver's).
    /// </summary>
    public sealed record Reference(IReadOnlyDictionary<ThreadPart, double> PerMessage, IReadOnlySet<ThreadPart> Steady,
        IReadOnlyList<FunctionInstructions> Functions)
    {
        public IReadOnlyList<FunctionInstructions> ReceiverFunctions { get; init; } = [];

        /// <summary>
        /// The receiver's highest repetition per message, where the reference was counted in this run (null for a
        /// baseline file).
        /// </summary>
        public double? ReceiverHighest { get; init; }
    }

    /// <summary>
    /// How many times its bound (relative, and the floor per message) a receiver that varied between repetitions must
    /// be above the reference in every repetition to fail: its repetitions move by events one side had and the other
    /// not (a pool that missed, a command the I/O thread sent), and two copies of one build, one of them varying, were
    /// at most 0.99 % and 29 instructions per message apart in 16 A/A runs (a pooled strategy at 64 KiB, the same side
    /// above every time).
    /// </summary>
    public const double SeparatedBoundTimes = 4;

    /// <summary>The reference a counted case gives.</summary>
    public static Reference Of(CountedInstructions counted) =>
        new(Enum.GetValues<ThreadPart>().ToDictionary(p => p, counted.PerMessage),
            Enum.GetValues<ThreadPart>().Where(counted.IsSteady).ToHashSet(), counted.Functions)
        {
            ReceiverFunctions = counted.ReceiverFunctions,
            ReceiverHighest = counted.Range(ThreadPart.Receiver).Highest,
        };

    public static GateResult Evaluate(GateId id, CountedInstructions measured, Reference reference, InstructionBounds bounds, string referenceName, string source)
    {
        var (grew, held, shown) = Compare(measured, reference, bounds);
        var verdict = grew.Count > 0 ? GateVerdict.Fail : held.Count > 0 ? GateVerdict.Pass : GateVerdict.NotApplied;
        var measuredText = grew.Count > 0 ? $"more instructions per message than {referenceName}: {string.Join(", ", grew)}"
            : held.Count > 0 ? string.Join(", ", held)
            : "no part steady on both sides";
        return new GateResult(id, measured.Case, measuredText, $"no steady part over {referenceName}'s by more than {bounds}", verdict, source,
            shown.Count == 0 ? null : $"not judged (~: varied between repetitions): {string.Join(", ", shown)}")
        {
            FunctionChanges = grew.Count > 0 ? Why(measured, reference, receiverGrew: grew[0].StartsWith(Name(ThreadPart.Receiver), StringComparison.Ordinal)) : [],
            PartRatios = new[] { ThreadPart.Receiver, ThreadPart.Total }
                .Where(p => reference.PerMessage.GetValueOrDefault(p) > 0 && measured.PerMessage(p) > 0)
                .ToDictionary(p => p.ToString(), p => measured.PerMessage(p) / reference.PerMessage[p]),
        };
    }

    /// <summary>
    /// Every part, as it compares: grown beyond its bound, held within it, or shown (unbounded, unsteady, or new) where
    /// it moved or varied.
    /// </summary>
    private static (List<string> Grew, List<string> Held, List<string> Shown) Compare(CountedInstructions measured, Reference reference, InstructionBounds bounds)
    {
        var (grew, held, shown) = (new List<string>(), new List<string>(), new List<string>());
        foreach (var part in Enum.GetValues<ThreadPart>())
        {
            var before = reference.PerMessage.GetValueOrDefault(part);
            var now = measured.PerMessage(part);
            var steady = measured.IsSteady(part) && reference.Steady.Contains(part);
            var text = string.Create(CultureInfo.InvariantCulture, $"{Name(part)} {(steady ? "" : "~")}{before:#,0.#} → {now:#,0.#}{Change(before, now)}");
            if (!steady && Separated(part, measured, reference, bounds) is { } separated)
            {
                grew.Add(string.Create(CultureInfo.InvariantCulture, $"{text}, every repetition above every one of {separated}"));
            }
            else if (bounds.For(part) is not { } bound || !steady || before <= 0)
            {
                // Shown where it moved or varied: a part that held still says nothing.
                if ((now > 0 || before > 0) && (!steady || Math.Abs(now - before) > before * 0.001))
                {
                    shown.Add(text);
                }
            }
            else
            {
                var over = now > before * (1 + bound) && now - before > bounds.Floor;
                (over ? grew : held).Add(over ? string.Create(CultureInfo.InvariantCulture, $"{text} (bound +{bound:0.##%})") : text);
            }
        }

        return (grew, held, shown);
    }

    /// <summary>
    /// Where the receiver varied on either side: the bound it broke (for the text) when even its lowest repetition is
    /// above the reference's highest by <see cref="SeparatedBoundTimes"/> its bound and floor; else null, and it stays
    /// shown.
    /// </summary>
    private static string? Separated(ThreadPart part, CountedInstructions measured, Reference reference, InstructionBounds bounds)
    {
        if (part != ThreadPart.Receiver || bounds.Receiver is not { } bound || reference.ReceiverHighest is not { } highest || highest <= 0)
        {
            return null;
        }

        var lowest = measured.Range(part).Lowest;
        return lowest > highest * (1 + (SeparatedBoundTimes * bound)) && lowest - highest > SeparatedBoundTimes * bounds.Floor
            ? string.Create(CultureInfo.InvariantCulture, $"the reference's by more than {SeparatedBoundTimes * bound:0.##%} and {SeparatedBoundTimes * bounds.Floor:0.#} per message")
            : null;
    }

    /// <summary>
    /// The functions whose instructions per message (self) changed most between the two sides, each with the share of
    /// the change it explains, and its inclusive change where it has a symbol. Where the receiver grew, its own
    /// functions (and its change): the other threads' timing and memory bookkeeping then say nothing in it.
    /// </summary>
    public static IReadOnlyList<string> Why(CountedInstructions measured, Reference reference, bool receiverGrew = false)
    {
        var own = receiverGrew && measured.ReceiverFunctions.Count > 0 && reference.ReceiverFunctions.Count > 0;
        if (!own && reference.Functions.Count == 0)
        {
            // A baseline file keeps the receiver's functions only: against those, another thread's growth would be
            // misread.
            return [$"no function is compared: the reference keeps {(reference.ReceiverFunctions.Count > 0 ? "the receiver's functions only" : "none")}, " +
                    "and what grew is not the receiver's; this run's largest per message, all threads: " +
                    string.Join("; ", measured.Functions.OrderByDescending(f => f.Self).Take(FunctionsNamed)
                        .Select(f => string.Create(CultureInfo.InvariantCulture, $"{f.Name} {f.Self:#,0.#}")))];
        }

        var part = own ? ThreadPart.Receiver : ThreadPart.Total;
        var change = measured.PerMessage(part) - reference.PerMessage.GetValueOrDefault(part);
        var before = (own ? reference.ReceiverFunctions : reference.Functions).GroupBy(Key).ToDictionary(g => g.Key, g => g.First());
        var now = (own ? measured.ReceiverFunctions : measured.Functions).GroupBy(Key).ToDictionary(g => g.Key, g => g.First());
        // Each side keeps only its largest functions: one missing from a side is new there only if it would have made
        // that side's list.
        var (leastBefore, leastNow) = (before.Values.Select(f => f.Self).DefaultIfEmpty(0).Min(), now.Values.Select(f => f.Self).DefaultIfEmpty(0).Min());
        return [.. before.Keys.Union(now.Keys)
            .Where(k => (before.ContainsKey(k) || now[k].Self >= leastBefore) && (now.ContainsKey(k) || before[k].Self >= leastNow))
            .Select(k => (Key: k, Was: before.GetValueOrDefault(k), Is: now.GetValueOrDefault(k)))
            .Select(f => (f.Key, f.Was, f.Is, Self: (f.Is?.Self ?? 0) - (f.Was?.Self ?? 0)))
            .Where(f => f.Self != 0)
            .OrderByDescending(f => Math.Abs(f.Self))
            .Take(FunctionsNamed)
            .Select(f => Said(f.Key, f.Self, change, f.Was?.Inclusive ?? 0, f.Is?.Inclusive))];
    }

    private static string Said((string Name, string File) function, double self, double change, double inclusiveBefore, double? inclusive)
    {
        var share = change != 0 ? string.Create(CultureInfo.InvariantCulture, $" ({self / change:0%} of the change)") : "";
        var whole = inclusive is { } now ? string.Create(CultureInfo.InvariantCulture, $", inclusive {inclusiveBefore:#,0.#} → {now:#,0.#}") : "";
        return string.Create(CultureInfo.InvariantCulture, $"{function.Name} ({function.File}): self {self:+#,0.#;-#,0.#;0} per message{share}{whole}");
    }

    private static (string Name, string File) Key(FunctionInstructions function) => (function.Name, function.File);

    private static string Name(ThreadPart part) => part switch
    {
        ThreadPart.Receiver => "receiver",
        ThreadPart.Sender => "sender",
        ThreadPart.Library => "library threads",
        ThreadPart.Other => "other threads",
        ThreadPart.Memory => "memory bookkeeping",
        _ => "total",
    };

    private static string Change(double before, double now) =>
        before > 0 ? string.Create(CultureInfo.InvariantCulture, $" ({(now / before) - 1:+0.00%;-0.00%;±0.00%})") : "";
}

/// <summary>
/// How much each part of a case's instructions per message may grow before its gate fails (relative, and by more than
/// <see cref="Floor"/> instructions per message as well); a part without a bound is shown only. Set from A/A runs
/// (docs/measurement.md, instructions): a bound sits above what two counts of identical code differ by, and below the
/// regressions it must catch.
/// </summary>
public sealed record InstructionBounds(double? Receiver, double? Sender, double? Library, double? Total)
{
    /// <summary>
    /// Instructions per message a part must grow by, beyond its relative bound, to fail: two copies of one build, each
    /// steady in three repetitions, were once 7.4 apart on a small case (0.82 %: a command the library's I/O thread
    /// sent in every repetition of one and none of the other).
    /// </summary>
    public double Floor { get; init; } = 10;

    public double? For(ThreadPart part) => part switch
    {
        ThreadPart.Receiver => Receiver,
        ThreadPart.Sender => Sender,
        ThreadPart.Library => Library,
        ThreadPart.Total => Total,
        _ => null,
    };

    public override string ToString() =>
        string.Join(", ", Enum.GetValues<ThreadPart>().Where(p => For(p) is not null)
            .Select(p => string.Create(CultureInfo.InvariantCulture, $"{p.ToString().ToLowerInvariant()} +{For(p):0.##%}")))
        + string.Create(CultureInfo.InvariantCulture, $", and {Floor:0.#} instructions per message");
}
