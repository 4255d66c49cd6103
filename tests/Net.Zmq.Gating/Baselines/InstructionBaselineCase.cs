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

    internal static InstructionBaselineCase Read(BaselineField entry)
    {
        var messages = entry.Get("messages").Integer();
        if (messages <= 0)
        {
            throw entry.Get("messages").Invalid($"{messages} messages: a count is per at least one message");
        }

        var (repetitions, count) = ReadRepetitions(entry.Get("repetitions"));
        var parts = new Dictionary<string, InstructionBaselinePart>(StringComparer.Ordinal);
        foreach (var (name, part) in entry.Get("parts").Properties())
        {
            if (!InstructionProfiles.Judged.Select(Key).Contains(name))
            {
                throw part.Invalid($"\"{name}\" is not a judged part; known: {string.Join(", ", InstructionProfiles.Judged.Select(Key))}");
            }

            parts[name] = new InstructionBaselinePart(Lines(part.Get("functions"), count), Lines(part.Get("calls"),
                count),
                Lines(part.Get("systemCalls"), count));
        }

        return new InstructionBaselineCase(messages, repetitions, parts);
    }

    /// <summary>Each part's line of repetitions, and how many repetitions the receiver's holds, every line
    /// checked.</summary>
    private static (SortedDictionary<string, string> Lines, int Count) ReadRepetitions(BaselineField field)
    {
        var repetitions = Lines(field, null);
        var count = repetitions.TryGetValue(Key(ThreadPart.Receiver), out var receiver)
            ? Counts(receiver).Count
            : throw field.Invalid("the field \"receiver\" is missing");
        foreach (var (name, line) in repetitions)
        {
            if (!Kept.Select(Key).Contains(name))
            {
                throw field.Get(name)
                    .Invalid($"\"{name}\" is not a part; known: {string.Join(", ", Kept.Select(Key))}");
            }

            if (Counts(line).Count != count)
            {
                throw field.Get(name)
                    .Invalid($"\"{line}\" holds {Counts(line).Count} repetitions, and the receiver's {count}");
            }
        }

        return (repetitions, count);
    }

    /// <summary>
    /// An object of count lines, each checked: whole counts ≥ 0 separated by spaces, <paramref name="count"/> of them
    /// where given.
    /// </summary>
    private static SortedDictionary<string, string> Lines(BaselineField field, int? count)
    {
        var lines = new SortedDictionary<string, string>(StringComparer.Ordinal);
        foreach (var (name, value) in field.Properties())
        {
            var text = value.Text();
            var parts = text.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (parts.Length == 0 || parts.Any(p => !long.TryParse(p, NumberStyles.None,
                CultureInfo.InvariantCulture, out _)))
            {
                throw value.Invalid($"\"{text}\" is not a line of whole counts ≥ 0, one per repetition (\"400 400 400\")");
            }

            if (count is { } expected && parts.Length != expected)
            {
                throw value.Invalid($"\"{text}\" holds {parts.Length} repetitions, and the receiver's {expected}");
            }

            lines[name] = text;
        }

        return lines;
    }

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
