using System.Globalization;

namespace NetZmqTests.Gating.Counting;

/// <summary>
/// One file callgrind wrote (Valgrind's callgrind format, version 1): which dump and which thread it is, the total of
/// its first event (instructions, Ir), and every function's self and inclusive cost. Reads what a dump with
/// <c>--separate-threads=yes</c> writes: name compression (<c>fn=(12) name</c>, then <c>fn=(12)</c>), subposition
/// compression (positions <c>+3</c>, <c>-1</c>, <c>*</c>), any number of position columns (<c>positions: instr
/// line</c>), call lines (<c>calls=</c>, whose next cost line is the call's inclusive cost, not the caller's own) and
/// jump lines. A malformed line is an error naming the file and the line.
/// </summary>
/// <param name="Calls">Every call from code of one file to one function, with its inclusive instructions, added up over
/// callers.</param>
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
        var parser = new Parser(path);
        var number = 0;
        while (reader.ReadLine() is { } line)
        {
            number++;
            parser.Line(line, number);
        }

        return parser.Result();
    }

    private sealed class Parser(string path)
    {
        private readonly Dictionary<string, string> _objects = new(StringComparer.Ordinal);
        private readonly Dictionary<string, string> _functions = new(StringComparer.Ordinal);
        private readonly Dictionary<(string Object, string Name), (long Self, long Calls)> _costs = [];
        private readonly Dictionary<(string Caller, string File, string Name), long> _calls = [];
        private string _calledObject = "???";
        private string _called = "";
        private int _positions = 1;
        private int _part;
        private int _thread;
        private string _trigger = "";
        private long? _totals;
        private long? _summary;
        private string _object = "???";
        private string _function = "";
        private bool _callCostNext;
        private int _line;

        public void Line(string line, int number)
        {
            _line = number;
            if (line.Length == 0 || line[0] == '#')
            {
                return;
            }

            if (char.IsAsciiDigit(line[0]) || line[0] is '+' or '-' or '*')
            {
                Cost(line);
                return;
            }

            var equals = line.IndexOf('=', StringComparison.Ordinal);
            var colon = line.IndexOf(':', StringComparison.Ordinal);
            if (equals > 0 && (colon < 0 || equals < colon))
            {
                Specification(line[..equals], line[(equals + 1)..]);
                return;
            }

            if (colon > 0)
            {
                Header(line[..colon], line[(colon + 1)..].Trim());
                return;
            }

            throw Malformed("neither a header, a specification nor a cost line");
        }

        private void Header(string key, string value)
        {
            switch (key)
            {
                case "part":
                    _part = Integer(value);
                    break;
                case "thread":
                    _thread = Integer(value);
                    break;
                case "positions":
                    _positions = value.Split(' ', StringSplitOptions.RemoveEmptyEntries).Length;
                    break;
                case "events" when !value.StartsWith("Ir", StringComparison.Ordinal):
                    throw Malformed($"the first event is \"{value.Split(' ')[0]}\", not Ir (instructions): a profile of callgrind's default events is expected");
                case "totals":
                    _totals = Long(value.Split(' ')[0]);
                    break;
                case "summary":
                    _summary = Long(value.Split(' ')[0]);
                    break;
                case "desc" when value.StartsWith("Trigger:", StringComparison.Ordinal):
                    _trigger = value["Trigger:".Length..].Trim();
                    break;
            }
        }

        private void Specification(string key, string value)
        {
            switch (key)
            {
                case "ob":
                    _object = Named(_objects, value);
                    break;
                case "fn":
                    _function = Named(_functions, value);
                    _calledObject = _object;
                    _costs.TryAdd((_object, _function), (0, 0));
                    break;
                case "cob":
                    _calledObject = Named(_objects, value);
                    break;
                case "cfn":
                    _called = Named(_functions, value);
                    break;
                case "calls":
                    _callCostNext = true;
                    break;
            }
        }

        /// <summary>
        /// A compressed name: <c>(id) name</c> defines it, <c>(id)</c> refers to it; an uncompressed one is itself.
        /// </summary>
        private string Named(Dictionary<string, string> names, string value)
        {
            if (!value.StartsWith('('))
            {
                return value.Trim();
            }

            var close = value.IndexOf(')', StringComparison.Ordinal);
            if (close < 0)
            {
                throw Malformed($"\"{value}\" opens a compressed name without closing it");
            }

            var id = value[1..close];
            var name = value[(close + 1)..].Trim();
            if (name.Length > 0)
            {
                names[id] = name;
                return name;
            }

            return names.TryGetValue(id, out var known) ? known : throw Malformed($"the compressed name ({id}) is used before it is defined");
        }

        private void Cost(string line)
        {
            var fields = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            var cost = fields.Length > _positions ? Long(fields[_positions]) : 0;
            var key = (_object, _function);
            var (self, calls) = _costs.GetValueOrDefault(key);
            _costs[key] = _callCostNext ? (self, calls + cost) : (self + cost, calls);
            if (_callCostNext)
            {
                var call = (_object, _calledObject, _called);
                _calls[call] = _calls.GetValueOrDefault(call) + cost;
                // A call's object is named only where it differs from the caller's: the next call's is the caller's
                // again.
                _calledObject = _object;
            }

            _callCostNext = false;
        }

        public CallgrindFile Result()
        {
            var functions = _costs.Where(c => c.Value.Self != 0 || c.Value.Calls != 0)
                .Select(c => new FunctionCost(c.Key.Object, c.Key.Name, c.Value.Self, c.Value.Self + c.Value.Calls)).ToList();
            var total = _totals ?? _summary ?? functions.Sum(f => f.Self);
            return new CallgrindFile(path, _part, _thread, _trigger, total, functions,
                [.. _calls.Select(c => new CallCost(c.Key.Caller, c.Key.File, c.Key.Name, c.Value))]);
        }

        private int Integer(string text) =>
            int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value : throw Malformed($"\"{text}\" is not a whole number");

        private long Long(string text) =>
            long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value : throw Malformed($"\"{text}\" is not a count");

        private InvalidDataException Malformed(string problem) => new($"{path}, line {_line}: {problem}");
    }
}
