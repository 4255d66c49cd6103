using NetZmqTests.Gating.Counting;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// Instruction counts made up for the gates' tests: a case of three repetitions whose receiver, sender and library
/// threads each run the functions given (instructions per message in every repetition, and the calls each made), so
/// that the parts' totals are their functions' sums, as a real count's are.
/// </summary>
public static class SyntheticInstructions
{
    /// <summary>
    /// One function's work in a part: its instructions per message in each of three repetitions, and its calls per
    /// message in each (none given: one call per message).
    /// </summary>
    public sealed record Work(string Name, double[] PerMessage, double[]? CallsPerMessage = null)
    {
        public static Work Steady(string name, double perMessage) => new(name, [perMessage, perMessage, perMessage]);
    }

    /// <summary>
    /// A case of <paramref name="messages"/> messages a repetition with the parts' functions and system calls.
    /// </summary>
    public static CountedInstructions Case(string id, int messages = 400, Work[]? receiver = null, Work[]? sender = null, Work[]? library = null,
        IReadOnlyDictionary<ThreadPart, IReadOnlyDictionary<string, double[]>>? systemCalls = null, double memory = 200)
    {
        var parts = new Dictionary<ThreadPart, Work[]>
        {
            [ThreadPart.Receiver] = receiver ?? [Work.Steady("Ns.Receiver::Loop()", 600), Work.Steady("zmq_msg_recv", 1200)],
            [ThreadPart.Sender] = sender ?? [Work.Steady("Ns.Sender::Loop()", 800), Work.Steady("zmq_msg_send", 1200)],
            [ThreadPart.Library] = library ?? [Work.Steady("zmq::stream_engine_base_t::in_event()", 1500)],
        };
        long Total(ThreadPart part, int repetition) => parts[part].Sum(f => (long)Math.Round(f.PerMessage[repetition] * messages));
        return new CountedInstructions(id, messages,
            [.. Enumerable.Range(0, 3).Select(r => new InstructionRepetition(Total(ThreadPart.Receiver, r), Total(ThreadPart.Sender, r),
                Total(ThreadPart.Library, r), 0, (long)(memory * messages)))],
            parts.ToDictionary(p => p.Key, p => new PartCounts(
                p.Value.ToDictionary(f => f.Name, f => Repetitions(f.PerMessage, messages)),
                p.Value.ToDictionary(f => f.Name, f => Repetitions(f.CallsPerMessage ?? [1, 1, 1], messages)),
                systemCalls?.GetValueOrDefault(p.Key)?.ToDictionary(c => c.Key, c => Repetitions(c.Value, messages)) ?? new Dictionary<string, IReadOnlyList<long>>())));
    }

    private static IReadOnlyList<long> Repetitions(double[] perMessage, int messages) => [.. perMessage.Select(p => (long)Math.Round(p * messages))];
}
