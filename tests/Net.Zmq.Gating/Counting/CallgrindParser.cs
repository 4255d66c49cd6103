using System.Globalization;

namespace NetZmqTests.Gating.Counting;

/// <summary>
/// Reads a callgrind file line by line: headers, compressed names (<c>fn=(12) name</c>, then <c>fn=(12)</c>) and
/// positions (<c>+3</c>, <c>*</c>), cost lines, and call lines, whose next cost line is the call's inclusive cost. A
/// malformed line is an error naming the file and the line.
/// </summary>
internal sealed class CallgrindParser(string path)
{
    private readonly Dictionary<string, string> _objects = new(StringComparer.Ordinal);
    private readonly Dictionary<string, string> _functions = new(StringComparer.Ordinal);
    private readonly Dictionary<(string Object, string Name), (long Self, long Calls, long SystemCalls)> _costs = [];
    private readonly Dictionary<(string CallerObject, string Caller, string File, string Name), (long Count, long Inclusive, long SystemCalls)> _calls = [];
    private int _systemCallColumn = -1;
    private long _callCount;
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

    public void Line(string line)
    {
        _line++;
        if (line.Length == 0 || line[0] == '#')
            return;

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
                _part = (int)Number(value);
                break;
            case "thread":
                _thread = (int)Number(value);
                break;
            case "positions":
                _positions = value.Split(' ', StringSplitOptions.RemoveEmptyEntries).Length;
                break;
            case "events":
                Events(value);
                break;
            case "totals":
                _totals = Number(value.Split(' ')[0]);
                break;
            case "summary":
                _summary = Number(value.Split(' ')[0]);
                break;
            case "desc" when value.StartsWith("Trigger:", StringComparison.Ordinal):
                _trigger = value["Trigger:".Length..].Trim();
                break;
        }
    }

    /// <summary>The profile's events: instructions (Ir) first; system calls (sysCount) where collected.</summary>
    private void Events(string value)
    {
        var events = value.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (events.Length == 0 || events[0] != "Ir")
            throw Malformed($"the first event is \"{events.FirstOrDefault()}\", not Ir (instructions): a profile of callgrind's default events is expected");

        _systemCallColumn = Array.IndexOf(events, "sysCount");
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
                _costs.TryAdd((_object, _function), (0, 0, 0));
                break;
            case "cob":
                _calledObject = Named(_objects, value);
                break;
            case "cfn":
                _called = Named(_functions, value);
                break;
            case "calls":
                _callCostNext = true;
                _callCount = Number(value.Split(' ', StringSplitOptions.RemoveEmptyEntries).FirstOrDefault() ?? "");
                break;
        }
    }

    /// <summary>
    /// A compressed name: <c>(id) name</c> defines it, <c>(id)</c> refers to it; an uncompressed one is itself.
    /// </summary>
    private string Named(Dictionary<string, string> names, string value)
    {
        if (!value.StartsWith('('))
            return value.Trim();

        var close = value.IndexOf(')', StringComparison.Ordinal);
        if (close < 0)
            throw Malformed($"\"{value}\" opens a compressed name without closing it");

        var id = value[1..close];
        var name = value[(close + 1)..].Trim();
        if (name.Length > 0)
            names[id] = name;

        return name.Length > 0 ? name
            : names.TryGetValue(id, out var known) ? known
            : throw Malformed($"the compressed name ({id}) is used before it is defined");
    }

    private void Cost(string line)
    {
        var fields = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        var cost = Event(fields, 0);
        var systemCalls = _systemCallColumn > 0 ? Event(fields, _systemCallColumn) : 0;
        var key = (_object, _function);
        var (self, calls, selfCalls) = _costs.GetValueOrDefault(key);
        _costs[key] = _callCostNext ? (self, calls + cost, selfCalls) : (self + cost, calls, selfCalls + systemCalls);
        if (_callCostNext)
        {
            var call = (_object, _function, _calledObject, _called);
            var (count, inclusive, made) = _calls.GetValueOrDefault(call);
            _calls[call] = (count + _callCount, inclusive + cost, made + systemCalls);
            // A call's object is named only where it differs from the caller's.
            _calledObject = _object;
        }

        _callCostNext = false;
    }

    /// <summary>The event in <paramref name="column"/> of a cost line, after its positions; 0 where left out.</summary>
    private long Event(string[] fields, int column) => fields.Length > _positions + column ? Number(fields[_positions + column]) : 0;

    public CallgrindFile Result()
    {
        var functions = _costs.Where(c => c.Value.Self != 0 || c.Value.Calls != 0)
            .Select(c => new FunctionCost(c.Key.Object, c.Key.Name, c.Value.Self, c.Value.Self + c.Value.Calls, c.Value.SystemCalls)).ToList();
        var total = _totals ?? _summary ?? functions.Sum(f => f.Self);
        return new CallgrindFile(path, _part, _thread, _trigger, total, functions,
            [.. _calls.Select(c => new CallCost(c.Key.CallerObject, c.Key.Caller, c.Key.File, c.Key.Name, c.Value.Count, c.Value.Inclusive, c.Value.SystemCalls))]);
    }

    private long Number(string text) =>
        long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value
            : throw Malformed($"\"{text}\" is not a count");

    private InvalidDataException Malformed(string problem) => new($"{path}, line {_line}: {problem}");
}
