using System.Globalization;
using NetZmqTests.Gating.Counting;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// One case's counts as a baseline file keeps them: its messages a repetition, each part's own instructions in every
/// repetition (<c>"772000 772000 772004"</c>), and per judged part every function's, the calls of those that varied and
/// every system call's, the same way: what the rule needs to tell what repeated, and by how much it grew.
/// </summary>
public sealed record InstructionBaselineCase(int Messages, IReadOnlyDictionary<string, string> Repetitions,
    IReadOnlyDictionary<string, InstructionBaselinePart> Parts)
{
    /// <summary>The parts whose repetitions a file keeps: every part but the total, their sum.</summary>
    private static IEnumerable<ThreadPart> Kept => Enum.GetValues<ThreadPart>().Where(p => p != ThreadPart.Total);

    /// <summary>
    /// The entry a refresh writes: every count, but calls only of the functions a judgement per call needs (those whose
    /// count varied, and those called less than once a message, which are judged per call only), so that most functions
    /// take one line and not two.
    /// </summary>
    public static InstructionBaselineCase Of(CountedInstructions counted) =>
        new(counted.MessagesPerRepetition, Kept.ToDictionary(Key,
            p => Line([.. counted.Repetitions.Select(r => r.Of(p))])),
            InstructionProfiles.Judged.Where(p => counted.Of(p).Functions.Count > 0).ToDictionary(Key,
                p => Part(counted.Of(p), counted.MessagesPerRepetition)));

    private static InstructionBaselinePart Part(PartCounts counts, int messages) =>
        new(Lines(counts.Functions),
            Lines(counts.Calls.Where(c => !Repeated.IsSteady(counts.Functions[c.Key])
                || Repeated.Median(c.Value) < messages).ToDictionary()),
            Lines(counts.SystemCalls));

    /// <summary>The entry as the counts it was recorded from.</summary>
    public CountedInstructions Counted(string caseId)
    {
        var repetitions = Counts(Repetitions[Key(ThreadPart.Receiver)]).Count;
        long Of(ThreadPart part, int repetition) => Repetitions.TryGetValue(Key(part), out var line)
            ? Counts(line)[repetition] : 0;
        return new CountedInstructions(caseId, Messages,
            [.. Enumerable.Range(0, repetitions).Select(r => new InstructionRepetition(Of(ThreadPart.Receiver, r),
                Of(ThreadPart.Sender, r),
                Of(ThreadPart.Library, r), Of(ThreadPart.Other, r), Of(ThreadPart.Memory, r)))],
            Parts.ToDictionary(p => Enum.Parse<ThreadPart>(p.Key, ignoreCase: true),
                p => new PartCounts(Counts(p.Value.Functions), Counts(p.Value.Calls), Counts(p.Value.SystemCalls))));
    }

    /// <summary>Checks every line of this entry as read: an error names the file and the field.</summary>
    internal void Check(FieldAt at)
    {
        at.AtLeastOne(Messages);
        var repetitions = at.Step(nameof(Repetitions));
        var receiver = Key(ThreadPart.Receiver);
        var count = Repetitions.TryGetValue(receiver, out var line)
            ? Count(line) ?? throw repetitions.Key(receiver).Invalid(Malformed(line))
            : throw repetitions.Invalid($"the field \"{receiver}\" is missing");
        CheckLines(Repetitions, count, repetitions, [.. Kept.Select(Key)]);
        var judged = InstructionProfiles.Judged.Select(Key).ToList();
        foreach (var (name, part) in Parts)
        {
            var field = at.Step(nameof(Parts)).Key(name);
            if (!judged.Contains(name))
                throw field.Invalid($"\"{name}\" is not a judged part; known: {string.Join(", ", judged)}");

            CheckLines(part.Functions, count, field.Step(nameof(part.Functions)));
            CheckLines(part.Calls, count, field.Step(nameof(part.Calls)));
            CheckLines(part.SystemCalls, count, field.Step(nameof(part.SystemCalls)));
        }
    }

    /// <summary>Each line: <paramref name="count"/> whole counts, under a name of <paramref name="known"/>.</summary>
    private static void CheckLines(IReadOnlyDictionary<string, string> lines, int count, FieldAt at,
        IReadOnlyList<string>? known = null)
    {
        foreach (var (name, line) in lines)
        {
            if (known is not null && !known.Contains(name))
                throw at.Key(name).Invalid($"\"{name}\" is not a part; known: {string.Join(", ", known)}");

            if (Count(line) != count)
            {
                throw at.Key(name).Invalid(Count(line) is { } n
                    ? $"\"{line}\" holds {n} repetitions, and the receiver's {count}"
                    : Malformed(line));
            }
        }
    }

    /// <summary>How many whole counts ≥ 0, separated by spaces, a line holds; null for another line.</summary>
    private static int? Count(string line)
    {
        var parts = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        return parts.Length == 0
               || parts.Any(p => !long.TryParse(p, NumberStyles.None, CultureInfo.InvariantCulture, out _))
            ? null
            : parts.Length;
    }

    private static string Malformed(string line) =>
        $"\"{line}\" is not a line of whole counts ≥ 0, one per repetition (\"400 400 400\")";

    private static string Line(IReadOnlyList<long> counts) => string.Join(' ',
        counts.Select(c => c.ToString(CultureInfo.InvariantCulture)));

    private static SortedDictionary<string, string> Lines(IReadOnlyDictionary<string, IReadOnlyList<long>> counts) =>
        new(counts.ToDictionary(c => c.Key, c => Line(c.Value)), StringComparer.Ordinal);

    private static Dictionary<string, IReadOnlyList<long>> Counts(IReadOnlyDictionary<string, string> lines) =>
        lines.ToDictionary(l => l.Key, l => Counts(l.Value), StringComparer.Ordinal);

    private static IReadOnlyList<long> Counts(string line) =>
        [.. line.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(p => long.Parse(p,
            CultureInfo.InvariantCulture))];

    private static string Key(ThreadPart part) => part.ToString().ToLowerInvariant();
}

/// <summary>
/// A judged part's functions (own instructions), their calls and its system calls in a baseline file, each a line of
/// counts per repetition.
/// </summary>
public sealed record InstructionBaselinePart(IReadOnlyDictionary<string, string> Functions,
    IReadOnlyDictionary<string, string> Calls,
    IReadOnlyDictionary<string, string> SystemCalls);
