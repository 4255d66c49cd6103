using System.Globalization;
using System.Text.Json.Serialization;

namespace NetZmqTests.Gating.Counting;

/// <summary>The threads an instruction count is split between.</summary>
public enum ThreadPart
{
    /// <summary>The measured receiver: the thread that takes the messages.</summary>
    Receiver,

    /// <summary>The concurrent sender's thread.</summary>
    Sender,

    /// <summary>
    /// The subject's native library's own threads (its I/O thread): what carries a message between the two.
    /// </summary>
    Library,

    /// <summary>Every other thread (the runtime's; a managed library's own).</summary>
    Other,

    /// <summary>
    /// Memory bookkeeping, on every thread: the C library's allocator (malloc, free and their insides), the runtime's
    /// own native code (its allocator, collector and helpers' slow paths) with the memory it clears, and its write
    /// barriers. What these cost follows the heap's history (which chunks are free beside which, which memory was used
    /// before, which generation an object is in), which the other threads' timing and the process's past shape, so it
    /// is a part of its own, out of each thread's.
    /// </summary>
    Memory,

    /// <summary>All of them.</summary>
    Total,
}

/// <summary>One repetition's instructions, by thread, memory bookkeeping apart (<see cref="ThreadPart"/>).</summary>
public sealed record InstructionRepetition(long Receiver, long Sender, long Library, long Other, long Memory)
{
    public long Total => Receiver + Sender + Library + Other + Memory;

    public long Of(ThreadPart part) => part switch
    {
        ThreadPart.Receiver => Receiver,
        ThreadPart.Sender => Sender,
        ThreadPart.Library => Library,
        ThreadPart.Other => Other,
        ThreadPart.Memory => Memory,
        _ => Total,
    };
}

/// <summary>
/// A function's instructions per message in a counted case, as a report or a baseline file names it.
/// </summary>
/// <param name="File">The file its code came from (<c>???</c> for code made at run time), where known.</param>
public sealed record FunctionInstructions(string Name, string File, double Self, double? Inclusive);

/// <summary>
/// One case's user-space instructions, counted under Valgrind in a process that times nothing: a few repetitions of
/// <see cref="MessagesPerRepetition"/> messages each, sent, then received (<see cref="InstructionRepetition"/>), and
/// per judged part its functions and system calls in every repetition (<see cref="Parts"/>). A part is
/// <see cref="IsSteady">steady</see> when its repetitions agree within <see cref="Repeated.SteadyWithin"/>: it does not
/// depend on timing; where it does, its functions that do not are still judged one by one.
/// </summary>
public sealed record CountedInstructions(string Case, int MessagesPerRepetition, IReadOnlyList<InstructionRepetition> Repetitions,
    IReadOnlyDictionary<ThreadPart, PartCounts> Parts)
{
    /// <summary>A judged part's functions and system calls (none for a part that did nothing, or is not
    /// judged).</summary>
    public PartCounts Of(ThreadPart part) => Parts?.GetValueOrDefault(part) ?? PartCounts.None;

    /// <summary>The part's instructions per message: the median repetition's.</summary>
    public double PerMessage(ThreadPart part) => Repeated.Median([.. Repetitions.Select(r => r.Of(part))]) / MessagesPerRepetition;

    /// <summary>
    /// The part's widest spread between repetitions, relative to its median (0 for a part that did nothing).
    /// </summary>
    public double Spread(ThreadPart part)
    {
        var values = Repetitions.Select(r => r.Of(part)).ToList();
        var median = PerMessage(part) * MessagesPerRepetition;
        return values.Count == 0 || median <= 0 ? 0 : (values.Max() - values.Min()) / median;
    }

    public bool IsSteady(ThreadPart part) => Repetitions.Count > 1 && Spread(part) <= Repeated.SteadyWithin;

    /// <summary>The part's lowest and highest repetition, per message.</summary>
    public (double Lowest, double Highest) Range(ThreadPart part) => Repetitions.Count == 0 ? (0, 0)
        : ((double)Repetitions.Min(r => r.Of(part)) / MessagesPerRepetition, (double)Repetitions.Max(r => r.Of(part)) / MessagesPerRepetition);

    /// <summary>
    /// A part per message as the report writes it: whole instructions, and "~" where it is not steady.
    /// </summary>
    public string Shown(ThreadPart part) =>
        (IsSteady(part) || PerMessage(part) == 0 ? "" : "~") + PerMessage(part).ToString("#,0", CultureInfo.InvariantCulture);
}

/// <summary>
/// A case the instruction pass could not count, and why (a workload that failed, a case that cannot run under
/// Valgrind).
/// </summary>
public sealed record UncountedCase(string Case, string Reason);

/// <summary>
/// The instructions of one run: every counted case, those that could not be counted, or why nothing was.
/// </summary>
/// <param name="Skipped">Why no instruction was counted in this run (no Valgrind, not Linux, …); null where they
/// were.</param>
public sealed record RunInstructions(IReadOnlyList<CountedInstructions> Cases, string? Skipped)
{
    /// <summary>
    /// Cases that were asked for and not counted, each with the reason: shown, never dropped silently.
    /// </summary>
    public IReadOnlyList<UncountedCase> Uncounted { get; init; } = [];

    /// <summary>
    /// Where the profiles callgrind wrote are kept (openable in KCachegrind or QCachegrind), or null.
    /// </summary>
    public string? ProfilesDirectory { get; init; }

    /// <summary>
    /// The CPU the counts were made on, as the counting processes saw it (<see cref="CountingCpu"/>); null where none
    /// ran.
    /// </summary>
    public string? Cpu { get; init; }

    /// <summary>How long the pass took, start-up under Valgrind included.</summary>
    public double Seconds { get; init; }

    public static RunInstructions None(string why) => new([], why);

    [JsonIgnore]
    public bool Counted => Skipped is null;

    public CountedInstructions? Of(string caseId) => Cases.FirstOrDefault(c => c.Case == caseId);

    /// <summary>
    /// The instructions of shards measured apart, as one run's: every shard's cases; skipped where any shard's were.
    /// </summary>
    public static RunInstructions Merge(IEnumerable<RunInstructions> shards)
    {
        var all = shards.ToList();
        return new RunInstructions([.. all.SelectMany(s => s.Cases)], all.Select(s => s.Skipped).FirstOrDefault(s => s is not null))
        {
            Uncounted = [.. all.SelectMany(s => s.Uncounted)],
            Seconds = all.Sum(s => s.Seconds),
            Cpu = all.Select(s => s.Cpu).FirstOrDefault(c => c is not null),
        };
    }
}
