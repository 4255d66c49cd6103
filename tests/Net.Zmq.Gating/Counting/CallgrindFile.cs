namespace NetZmqTests.Gating.Counting;

/// <summary>
/// One file callgrind wrote (format version 1, <c>--separate-threads=yes</c>): its dump and thread, the total
/// instructions (Ir), every function's self and inclusive cost, and calls added up over call sites
/// (<see cref="CallgrindParser"/>).
/// </summary>
public sealed record CallgrindFile(string Path, int Part, int Thread, string Trigger, long Total, IReadOnlyList<FunctionCost> Functions,
    IReadOnlyList<CallCost> Calls)
{
    /// <summary>The dump's name where a monitor command (<c>dump &lt;name&gt;</c>) wrote it; null otherwise.</summary>
    public string? MonitorDumpName => Trigger.StartsWith("dump ", StringComparison.Ordinal) ? Trigger["dump ".Length..] : null;

    /// <summary>The name a thread gave its own dump (<c>Client Request: &lt;name&gt;</c>); null otherwise.</summary>
    public string? OwnDumpName => Trigger.StartsWith("Client Request: ", StringComparison.Ordinal) ? Trigger["Client Request: ".Length..] : null;

    public static CallgrindFile Read(string path)
    {
        using var reader = new StreamReader(path);
        return Parse(path, reader);
    }

    public static CallgrindFile Parse(string path, TextReader reader)
    {
        var parser = new CallgrindParser(path);
        while (reader.ReadLine() is { } line)
            parser.Line(line);

        return parser.Result();
    }
}
