namespace NetZmqTests.Gating.Counting;

/// <summary>
/// One file callgrind wrote (Valgrind's callgrind format, version 1): which dump and which thread it is, the total of
/// its first event (instructions, Ir), and every function's self and inclusive cost. Reads what a dump with
/// <c>--separate-threads=yes</c> writes: name compression (<c>fn=(12) name</c>, then <c>fn=(12)</c>), subposition
/// compression (positions <c>+3</c>, <c>-1</c>, <c>*</c>), any number of position columns (<c>positions: instr
/// line</c>), call lines (<c>calls=</c>, whose next cost line is the call's inclusive cost, not the caller's own) and
/// jump lines; the events after the first (Ir) are read for <c>sysCount</c> alone, where a profile has it. A malformed
/// line is an error naming the file and the line.
/// </summary>
/// <param name="Calls">Every call from one function to another, with its count and inclusive cost, added up over call
/// sites.</param>
/// <param name="Trigger">What made callgrind write it (<c>dump &lt;name&gt;</c> for a monitor command, <c>Client
/// Request: &lt;name&gt;</c>, <c>Program termination</c>).</param>
public sealed record CallgrindFile(string Path, int Part, int Thread, string Trigger, long Total, IReadOnlyList<FunctionCost> Functions,
    IReadOnlyList<CallCost> Calls)
{
    /// <summary>The dump's name where a monitor command (<c>dump &lt;name&gt;</c>) wrote it; null otherwise.</summary>
    public string? MonitorDumpName => Trigger.StartsWith("dump ", StringComparison.Ordinal) ? Trigger["dump ".Length..] : null;

    /// <summary>
    /// The name a thread gave its own dump (a client request, <c>Client Request: &lt;name&gt;</c>); null otherwise.
    /// </summary>
    public string? OwnDumpName => Trigger.StartsWith("Client Request: ", StringComparison.Ordinal) ? Trigger["Client Request: ".Length..] : null;

    public static CallgrindFile Read(string path)
    {
        using var reader = new StreamReader(path);
        return Parse(path, reader);
    }

    public static CallgrindFile Parse(string path, TextReader reader)
    {
        var parser = new CallgrindParser(path);
        var number = 0;
        while (reader.ReadLine() is { } line)
        {
            number++;
            parser.Line(line, number);
        }

        return parser.Result();
    }
}
