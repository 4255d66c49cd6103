using NetZmqTests.Gating.Counting;
using Counts = System.Collections.Generic.IReadOnlyDictionary<string, System.Collections.Generic.IReadOnlyList<long>>;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Gates;

/// <summary>How much of a part a comparison judged, and how.</summary>
public enum PartJudgement
{
    /// <summary>The part did nothing on either side (an I/O thread over inproc): nothing to judge.</summary>
    Idle,

    /// <summary>Every function repeated on both sides: the part judged whole.</summary>
    Steady,

    /// <summary>Some functions followed the timing: those that repeated, or cost the same per call, judged.</summary>
    ByFunction,

    /// <summary>No function repeated on both sides: the part is shown, not judged.</summary>
    Unsteady,
}

/// <summary>How a function's (or a system call's) count compared.</summary>
public enum CountComparison
{
    /// <summary>It repeated on both sides: its change is the middle repetitions' difference.</summary>
    Steady,

    /// <summary>How often it ran followed the timing, but each call cost the same: judged per call.</summary>
    PerCall,

    /// <summary>It ran on one side only, in every repetition: its change is that side's lowest repetition.</summary>
    OneSided,

    /// <summary>It followed the timing, call by call: shown, not judged.</summary>
    Varying,
}

/// <summary>One function's or system call's change per message between a case and its reference.</summary>
public sealed record CountChange(string Name, double Before, double Now, CountComparison How, double Change)
{
    public bool Judged => How != CountComparison.Varying;

    /// <summary>
    /// Instructions a call of the C library's copies, fills and comparisons may differ by between two builds: their
    /// count follows their arguments' alignment, which follows each process's heap and stack layout.
    /// </summary>
    public const double CopyAlignmentPerCall = 64;

    /// <summary>
    /// A function's change: steady, per call, one-sided, or shown; a copy's less what its alignment can account for.
    /// Work called less than once a message is judged per call only: how often it ran is the scheduling's.
    /// </summary>
    public static CountChange OfFunction(string name, Side now, Side before)
    {
        CountChange Changed(CountComparison how, double by) => new(name, before.Median, now.Median, how, by);
        var perCall = now.PerCall is { } nowPerCall && before.PerCall is { } beforePerCall
            ? Changed(CountComparison.PerCall, (nowPerCall - beforePerCall) * now.CallsPerMessage)
            : null;
        var change = !Side.PerMessage(now, before) ? perCall ?? Changed(CountComparison.Varying, 0)
            : Repeated.IsSteady(now.Counts) && Repeated.IsSteady(before.Counts)
                ? Changed(CountComparison.Steady, now.Median - before.Median)
            : perCall ?? OneSided(name, now, before) ?? Changed(CountComparison.Varying, 0);
        // A side that kept no calls (a file keeps those of varying work only) takes the other side's.
        var calls = new[] { now, before }.Where(s => s.Calls.Count > 0).Select(s => s.CallsPerMessage)
            .DefaultIfEmpty(0).Min();
        var allowed = IsCopy(name) ? CopyAlignmentPerCall * calls : 0;
        return change with { Change = Math.Sign(change.Change) * Math.Max(0, Math.Abs(change.Change) - allowed) };
    }

    public static bool IsCopy(string name) =>
        name.StartsWith("__mem", StringComparison.Ordinal) || name.StartsWith("__str", StringComparison.Ordinal)
        || name.StartsWith("mem", StringComparison.Ordinal) || name.StartsWith("str", StringComparison.Ordinal);

    /// <summary>
    /// A system call's change where it is the same count in every repetition on both sides, and made on both or once a
    /// message or more; else shown: how often a thread was woken is the timing's.
    /// </summary>
    public static CountChange OfSystemCall(string name, Side now, Side before) =>
        Repeated.IsExact(now.Counts) && Repeated.IsExact(before.Counts) && (now.Ran && before.Ran
            || Math.Max(now.Median, before.Median) >= 1)
            ? new(name, before.Median, now.Median, CountComparison.Steady, now.Median - before.Median)
            : new(name, before.Median, now.Median, CountComparison.Varying, 0);

    private static CountChange? OneSided(string name, Side now, Side before) =>
        before.Counts.All(c => c == 0) && now.Counts.All(c => c > 0)
            ? new(name, 0, now.Median, CountComparison.OneSided, now.Lowest)
            : now.Counts.All(c => c == 0) && before.Counts.All(c => c > 0)
                ? new(name, before.Median, 0, CountComparison.OneSided, -before.Lowest)
                : null;

    public string Said(double partChange)
    {
        var share = partChange != 0 ? F($" ({Change / partChange:0%} of the change)") : "";
        var how = How switch
        {
            CountComparison.PerCall => " (judged per call)",
            CountComparison.Varying => " (varied: not judged)",
            _ => "",
        };
        return F(
            $"{Name}: {Change:+#,0.##;-#,0.##;0} per message{share}, {Before:#,0.##} → {Now:#,0.##}{how}");
    }
}

/// <summary>One side's counts of a function or system call in each repetition.</summary>
public sealed record Side(IReadOnlyList<long> Counts, IReadOnlyList<long> Calls, int Messages)
{
    public double Median => Repeated.Median(Counts) / Messages;

    public double Lowest => Counts.Count == 0 ? 0 : Counts.Min() / (double)Messages;

    public double CallsPerMessage => Repeated.Median(Calls) / Messages;

    public double? PerCall => Repeated.PerCall(Counts, Calls);

    public bool Ran => Counts.Count > 0 && Counts.All(c => c > 0);

    /// <summary>Per-message work: called at least once a message wherever it ran, or its calls unknown.</summary>
    public static bool PerMessage(Side now, Side before) =>
        new[] { now, before }.Where(s => s.Counts.Any(c => c > 0)).All(s => s.Calls.Count == 0
            || s.CallsPerMessage >= 1);
}

/// <summary>One thread part of a case against its reference's (<see cref="InstructionRule"/>).</summary>
public sealed record PartComparison(
    ThreadPart Part, double Before, double Now, PartJudgement Judgement, double SteadyShare,
    IReadOnlyList<CountChange> Functions, IReadOnlyList<CountChange> SystemCalls)
{
    public double Growth => Functions.Sum(f => f.Change);

    public static PartComparison Of(ThreadPart part, CountedInstructions measured, CountedInstructions reference)
    {
        var (now, before) = (measured.Of(part), reference.Of(part));
        var (nowMessages, beforeMessages) = (measured.MessagesPerRepetition, reference.MessagesPerRepetition);
        var functions = Changes(now.Functions, now.Calls, nowMessages, before.Functions, before.Calls, beforeMessages,
            CountChange.OfFunction);
        var calls = SystemCallChanges.Of(now.SystemCalls, nowMessages, before.SystemCalls, beforeMessages);
        var whole = functions.Sum(f => f.Before);
        var steady = functions.Where(f => f.Judged).Sum(f => f.Before);
        var idle = whole <= 0 && reference.PerMessage(part) <= 0 && measured.PerMessage(part) <= 0;
        var judgement = idle ? PartJudgement.Idle
            : functions.All(f => f.How == CountComparison.Steady) ? PartJudgement.Steady
            : steady > 0 ? PartJudgement.ByFunction
            : PartJudgement.Unsteady;
        return new PartComparison(part, reference.PerMessage(part), measured.PerMessage(part), judgement,
            whole > 0 ? steady / whole : 0, functions, calls);
    }

    /// <param name="nowCalls">Null where the counts are not of functions (system calls).</param>
    internal static List<CountChange> Changes(Counts now, Counts? nowCalls, int nowMessages,
        Counts before, Counts? beforeCalls, int beforeMessages, Func<string, Side, Side, CountChange> compare)
    {
        var repetitions = now.Values.Concat(before.Values).Select(v => v.Count).DefaultIfEmpty(0).Max();
        Side Of(Counts counts, Counts? calls, int messages, string name) => new(
            counts.GetValueOrDefault(name) ?? new long[repetitions], calls?.GetValueOrDefault(name) ?? [], messages);
        return [.. now.Keys.Union(before.Keys, StringComparer.Ordinal)
            .Select(name => compare(name, Of(now, nowCalls, nowMessages, name),
                Of(before, beforeCalls, beforeMessages, name)))
            .OrderByDescending(c => Math.Abs(c.Change)).ThenByDescending(c => c.Now)
            .ThenBy(c => c.Name, StringComparer.Ordinal)];
    }

    public string How => Judgement switch
    {
        PartJudgement.Steady => "steady",
        PartJudgement.ByFunction => F($"by function, {SteadyShare:0%} judged"),
        PartJudgement.Unsteady => "no function repeated",
        _ => "idle",
    };
}
