using System.Globalization;

namespace NetZmqTests.Gating.Counting;

/// <summary>The threads an instruction count is split between.</summary>
public enum ThreadPart
{
    Receiver,

    Sender,

    /// <summary>The subject's native library's own threads (its I/O thread).</summary>
    Library,

    /// <summary>Every other thread (the runtime's, a managed library's).</summary>
    Other,

    /// <summary>
    /// Memory bookkeeping on every thread (malloc and free, the runtime's allocator, collector and write barriers): its
    /// cost follows the heap's history, which timing shapes, so it is a part of its own.
    /// </summary>
    Memory,

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
/// One case's user-space instructions, counted under Valgrind in a process that times nothing: a few repetitions, and
/// per judged part its functions and system calls in each. A part is <see cref="IsSteady">steady</see> when its
/// repetitions agree within <see cref="Repeated.SteadyWithin"/>.
/// </summary>
public sealed record CountedInstructions(string Case, int MessagesPerRepetition, IReadOnlyList<InstructionRepetition> Repetitions,
    IReadOnlyDictionary<ThreadPart, PartCounts> Parts)
{
    public PartCounts Of(ThreadPart part) => Parts?.GetValueOrDefault(part) ?? PartCounts.None;

    /// <summary>The median repetition's instructions per message.</summary>
    public double PerMessage(ThreadPart part) => Repeated.Median([.. Repetitions.Select(r => r.Of(part))]) / MessagesPerRepetition;

    /// <summary>Whether the widest spread between repetitions, relative to the median, is within
    /// <see cref="Repeated.SteadyWithin"/>.</summary>
    public bool IsSteady(ThreadPart part)
    {
        var values = Repetitions.Select(r => r.Of(part)).ToList();
        var median = PerMessage(part) * MessagesPerRepetition;
        return values.Count > 1 && (median <= 0 || (values.Max() - values.Min()) / median <= Repeated.SteadyWithin);
    }

    /// <summary>Whole instructions per message, "~" before them where the part is not steady.</summary>
    public string Shown(ThreadPart part) =>
        (IsSteady(part) || PerMessage(part) == 0 ? "" : "~") + PerMessage(part).ToString("#,0", CultureInfo.InvariantCulture);
}

public sealed record UncountedCase(string Case, string Reason);

/// <summary>The instructions of one run: every counted case, those that could not be, or why none was.</summary>
public sealed record RunInstructions(IReadOnlyList<CountedInstructions> Cases, string? Skipped)
{
    /// <summary>Cases asked for and not counted, with why: shown, never dropped silently.</summary>
    public IReadOnlyList<UncountedCase> Uncounted { get; init; } = [];

    /// <summary>Where callgrind's profiles are kept, or null.</summary>
    public string? ProfilesDirectory { get; init; }

    /// <summary>The CPU as the counting processes saw it (<see cref="CountingCpu"/>); null where none ran.</summary>
    public string? Cpu { get; init; }

    public double Seconds { get; init; }

    public static RunInstructions None(string why) => new([], why);

    public CountedInstructions? Of(string caseId) => Cases.FirstOrDefault(c => c.Case == caseId);

    /// <summary>Shards measured apart as one run's; skipped where any shard's were.</summary>
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
