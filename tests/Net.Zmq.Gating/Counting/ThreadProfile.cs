namespace NetZmqTests.Gating.Counting;

/// <summary>
/// One thread's counts in one dump, as the instruction gates read them: its memory bookkeeping
/// (<see cref="ThreadPart.Memory"/>), and apart from it its own instructions by function, its calls of each, and its
/// system calls by call and caller. Functions are named as a reader tells them (<see cref="PerfMap.Describe"/>),
/// whatever file they came from; a runtime stub's instructions go to the methods that called it, by their share of its
/// calls.
/// </summary>
public sealed record ThreadProfile(long Memory, IReadOnlyDictionary<string, long> Functions,
    IReadOnlyDictionary<string, long> Calls,
    IReadOnlyDictionary<string, long> SystemCalls)
{
    /// <summary>Between a system call's C library function and its caller, in its key.</summary>
    public const string CalledBy = " ← ";

    public long Own => Functions.Values.Sum();

    public static ThreadProfile Of(CallgrindFile thread, PerfMap names)
    {
        // The runtime's calls into the C library's fills and copies (clearing what it hands out), by the callee's
        // name without callgrind's recursion mark: taken from those functions' own instructions, never below none.
        var clearing = thread.Calls.Where(c => IsRuntime(c.CallerFile) && IsSystemLibrary(c.CalleeFile)
                                               && c.Callee.StartsWith("__mem", StringComparison.Ordinal))
            .GroupBy(c => (c.CalleeFile, Bare(c.Callee))).ToDictionary(g => g.Key, g => g.Sum(c => c.Inclusive));
        var memory = 0L;
        var functions = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var function in thread.Functions)
        {
            if (IsMemory(function, names))
            {
                memory += function.Self;
                continue;
            }

            var key = (function.File, Bare(function.Name));
            var cleared = Math.Clamp(clearing.GetValueOrDefault(key), 0, function.Self);
            clearing[key] = clearing.GetValueOrDefault(key) - cleared;
            memory += cleared;
            if (function.Self - cleared != 0)
            {
                Fold(thread, function, function.Self - cleared, names, functions);
            }
        }

        var calls = thread.Calls.Where(c => c.Count > 0).GroupBy(c => names.Describe(c.CalleeFile, c.Callee),
            StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.Sum(c => c.Count), StringComparer.Ordinal);
        return new ThreadProfile(memory, functions, calls, SystemCallsOf(thread, names));
    }

    /// <summary>
    /// A function's own instructions into <paramref name="into"/>: a stub's or a trampoline's
    /// (<see cref="PerfMap.PassesCallsOn"/>) shared among the functions that called it, by their calls; callgrind books
    /// code a stub jumped to as the stub's, so that the same work lands in the stub in one repetition and in its
    /// caller in another, and a trampoline's address differs with where its library was loaded.
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
    /// The thread's system calls, by the C library's function that made them and the function that called it
    /// (<c>write ← zmq::signaler_t::send()</c>; through a library's call trampoline, the trampoline's caller).
    /// Callgrind books the return from a signal handler as a system call of whatever code the signal interrupted: only
    /// the system library's calls are the program's, and none of its copies and fills (a copy makes no system call).
    /// </summary>
    private static Dictionary<string, long> SystemCallsOf(CallgrindFile thread, PerfMap names)
    {
        var calls = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var function in thread.Functions.Where(f => f.SystemCalls > 0 && IsSystemLibrary(f.File)
            && !Gates.CountChange.IsCopy(f.Name)))
        {
            var name = names.Describe(function.File, function.Name);
            var left = function.SystemCalls;
            foreach (var call in thread.Calls.Where(c => c.Callee == function.Name && c.CalleeFile == function.File
                && c.SystemCalls > 0))
            {
                foreach (var (caller, made) in Callers(thread, call, names))
                {
                    var key = $"{name}{CalledBy}{caller}";
                    var booked = Math.Min(made, left);
                    calls[key] = calls.GetValueOrDefault(key) + booked;
                    left -= booked;
                }
            }

            if (left > 0)
            {
                calls[name] = calls.GetValueOrDefault(name) + left;
            }
        }

        return calls;
    }

    /// <summary>
    /// Who made a call's system calls: its caller, or where the caller only passes calls on (a library's stub for one
    /// imported function), each function that called the stub, with the system calls made through it. Two callers of
    /// one stub (<c>set_pollout</c> and <c>reset_pollout</c> both reach <c>epoll_ctl</c> through one) each get their
    /// own: booked whole to one, which one followed the order callgrind wrote them in.
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
    /// A function whose own instructions are memory bookkeeping: the C library's allocator (malloc, free and their
    /// insides, by glibc's names), the runtime's write barriers (by the perf map's names), and the runtime's own native
    /// code (its allocator, collector, type loader and helpers' slow paths), whose work follows the process's history:
    /// an allocation took the runtime's path of refilling its allocation space in every repetition of one of two
    /// identical builds and in none of the other's, and which of the runtime's functions reached it differed with the
    /// cases a process had counted before.
    /// </summary>
    private static bool IsMemory(FunctionCost function, PerfMap names) =>
        IsRuntime(function.File)
        || (IsSystemLibrary(function.File) && AllocatorNames.Any(n => function.Name.Contains(n, StringComparison.Ordinal)))
        || names.Describe(function.File, function.Name).Contains("WriteBarrier", StringComparison.Ordinal);

    private static readonly string[] AllocatorNames = ["malloc", "free", "calloc", "realloc", "_int_",
        "unlink_chunk", "tcache", "arena", "alloc_perturb"];

    /// <summary>The C library and the dynamic loader: where a program's system calls are made.</summary>
    private static bool IsSystemLibrary(string file) =>
        Path.GetFileName(file) is var name && (name.StartsWith("libc.so", StringComparison.Ordinal)
            || name.StartsWith("libc-", StringComparison.Ordinal)
                                               || name.StartsWith("ld-linux", StringComparison.Ordinal)
                                                   || name.StartsWith("libpthread", StringComparison.Ordinal));

    private static bool IsRuntime(string file) => Path.GetFileName(file) == "libcoreclr.so";

    /// <summary>A function's name without callgrind's recursion mark (<c>'2</c>).</summary>
    private static string Bare(string name) => name.IndexOf('\'', StringComparison.Ordinal) is var mark and > 0 ? name[..mark] : name;
}
