namespace NetZmqTests.Gating.Counting;

/// <summary>
/// One thread's counts in one dump: its memory bookkeeping apart, its own instructions and calls by function
/// (<see cref="PerfMap.Describe"/>), and its system calls by call and caller.
/// </summary>
public sealed record ThreadProfile(long Memory, IReadOnlyDictionary<string, long> Functions,
    IReadOnlyDictionary<string, long> Calls,
    IReadOnlyDictionary<string, long> SystemCalls)
{
    public const string CalledBy = " ← ";

    public long Own => Functions.Values.Sum();

    public static ThreadProfile Of(CallgrindFile thread, PerfMap names)
    {
        // The runtime's calls into the C library's fills and copies (clearing what it hands out), by the callee's
        // name without callgrind's recursion mark: taken from those functions' own instructions, never below none.
        var clearing = thread.Calls.Where(c => IsRuntime(c.CallerFile) && IsSystemLibrary(c.CalleeFile)
                                               && c.Callee.StartsWith("__mem", StringComparison.Ordinal))
            .GroupBy(c => (c.CalleeFile, Bare(c.Callee))).ToDictionary(g => g.Key, g => g.Sum(c => c.Inclusive));
        var memory = thread.Functions.Where(f => IsMemory(f, names)).Sum(f => f.Self);
        var functions = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var function in thread.Functions.Where(f => !IsMemory(f, names)))
        {
            var key = (function.File, Bare(function.Name));
            var cleared = Math.Clamp(clearing.GetValueOrDefault(key), 0, function.Self);
            clearing[key] = clearing.GetValueOrDefault(key) - cleared;
            memory += cleared;
            if (function.Self - cleared != 0)
                Fold(thread, function, function.Self - cleared, names, functions);
        }

        var calls = thread.Calls.Where(c => c.Count > 0).GroupBy(c => names.Describe(c.CalleeFile, c.Callee),
            StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.Sum(c => c.Count), StringComparer.Ordinal);
        return new ThreadProfile(memory, functions, calls, SystemCallsOf(thread, names));
    }

    /// <summary>
    /// A function's own instructions into <paramref name="into"/>; a stub's or a trampoline's
    /// (<see cref="PerfMap.PassesCallsOn"/>) shared among its callers by their calls: callgrind books the same
    /// work to the stub in one repetition and to its caller in another.
    /// </summary>
    private static void Fold(CallgrindFile thread, FunctionCost function, long self, PerfMap names,
        Dictionary<string, long> into)
    {
        var name = names.Describe(function.File, function.Name);
        var callers = PerfMap.PassesCallsOn(name)
            ? thread.Calls.Where(c => c.Callee == function.Name && c.CalleeFile == function.File && c.Count > 0)
                .Select(c => (Name: names.Describe(c.CallerFile, c.Caller), c.Count))
                .Where(c => !PerfMap.PassesCallsOn(c.Name)).ToList()
            : [];
        var calls = callers.Sum(c => c.Count);
        if (calls == 0)
        {
            into[name] = into.GetValueOrDefault(name) + self;
            return;
        }

        // Each caller its share of the calls, the last one what rounding left.
        var (left, counted) = (self, 0L);
        foreach (var (caller, count) in callers.OrderByDescending(c => c.Count).ThenBy(c => c.Name, StringComparer.Ordinal))
        {
            counted += count;
            var share = counted == calls ? left : self * count / calls;
            into[caller] = into.GetValueOrDefault(caller) + share;
            left -= share;
        }
    }

    /// <summary>
    /// The thread's system calls by the C library's function and its caller (<c>write ← zmq::signaler_t::send()</c>).
    /// Only the system library's count: callgrind books a signal handler's return to whatever code it interrupted.
    /// </summary>
    private static Dictionary<string, long> SystemCallsOf(CallgrindFile thread, PerfMap names)
    {
        var calls = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var function in thread.Functions.Where(f => f.SystemCalls > 0 && IsSystemLibrary(f.File)
            && !Gates.CountChange.IsCopy(f.Name)))
        {
            var name = names.Describe(function.File, function.Name);
            var left = function.SystemCalls;
            foreach (var (caller, made) in thread.Calls.Where(c => c.Callee == function.Name
                && c.CalleeFile == function.File && c.SystemCalls > 0).SelectMany(c => Callers(thread, c, names)))
            {
                var key = $"{name}{CalledBy}{caller}";
                var booked = Math.Min(made, left);
                calls[key] = calls.GetValueOrDefault(key) + booked;
                left -= booked;
            }

            if (left > 0)
                calls[name] = calls.GetValueOrDefault(name) + left;
        }

        return calls;
    }

    /// <summary>
    /// Who made a call's system calls: its caller, or, through a stub, each of the stub's callers with its own share
    /// (booked whole to one, which one would follow callgrind's order).
    /// </summary>
    private static List<(string Caller, long SystemCalls)> Callers(CallgrindFile thread, CallCost call,
        PerfMap names)
    {
        var caller = names.Describe(call.CallerFile, call.Caller);
        var outer = PerfMap.PassesCallsOn(caller)
            ? thread.Calls.Where(c => c.Callee == call.Caller && c.CalleeFile == call.CallerFile && c.SystemCalls > 0)
                .Select(c => (names.Describe(c.CallerFile, c.Caller), c.SystemCalls)).ToList()
            : [];
        return outer.Count > 0 ? outer : [(caller, call.SystemCalls)];
    }

    /// <summary>
    /// A function whose own instructions are memory bookkeeping: glibc's allocator, the runtime's write barriers
    /// and its own native code, whose work follows the process's history.
    /// </summary>
    private static bool IsMemory(FunctionCost function, PerfMap names) =>
        IsRuntime(function.File)
        || (IsSystemLibrary(function.File) && AllocatorNames.Any(n => function.Name.Contains(n, StringComparison.Ordinal)))
        || names.Describe(function.File, function.Name).Contains("WriteBarrier", StringComparison.Ordinal);

    private static readonly string[] AllocatorNames = ["malloc", "free", "calloc", "realloc", "_int_",
        "unlink_chunk", "tcache", "arena", "alloc_perturb"];

    private static readonly string[] SystemLibraries = ["libc.so", "libc-", "ld-linux", "libpthread"];

    private static bool IsSystemLibrary(string file) =>
        Path.GetFileName(file) is var name && SystemLibraries.Any(l => name.StartsWith(l, StringComparison.Ordinal));

    private static bool IsRuntime(string file) => Path.GetFileName(file) == "libcoreclr.so";

    /// <summary>A function's name without callgrind's recursion mark (<c>'2</c>).</summary>
    private static string Bare(string name) => name.IndexOf('\'', StringComparison.Ordinal) is var mark and > 0 ? name[..mark] : name;
}
