namespace NetZmqTests.Gating.Counting;

/// <summary>
/// One counted repetition as an instruction process wrote it: the monitor dump's name, the case, its messages, and the
/// tags that name its receiver and sender threads.
/// </summary>
public sealed record CountedDump(string Name, string Case, int Repetition, int Messages, string ReceiverTag, string SenderTag);

/// <summary>
/// What an instruction process wrote beside callgrind's files: every counted dump, the cases it could not count, and
/// what each subject it counted ran (version, origin, native library), for whoever reads the profiles later. The
/// threads' own dumps (<see cref="InstructionMarks.DumpOwn"/>) are named <c>thread &lt;tag&gt;</c>.
/// </summary>
public sealed record InstructionManifest(IReadOnlyList<CountedDump> Dumps, IReadOnlyList<UncountedCase> Uncounted,
    IReadOnlyDictionary<string, Baselines.SubjectFingerprint> Subjects)
{
    public const string FileName = "instructions-manifest.json";

    /// <summary>The CPU the process counted on, as it saw it (<see cref="CountingCpu"/>).</summary>
    public string Cpu { get; init; } = "";

    public static string TagDumpName(string tag) => $"thread {tag}";
}

/// <summary>
/// Reads an instruction process's profiles into counts: each counted dump's files (one per thread), each thread's
/// instructions assigned to its part (the tagged receiver and sender, the native library's threads, the rest), and
/// per case the functions with the most instructions per message, named (<see cref="PerfMap.Describe"/>).
/// </summary>
public static class InstructionProfiles
{
    /// <summary>How many functions a case keeps by self instructions, and how many more by inclusive ones.</summary>
    private const int TopBySelf = 40;
    private const int TopByInclusive = 15;

    /// <summary>
    /// Reads <paramref name="directory"/>'s profiles into counts, and keeps only those of the counted repetitions: the
    /// files of every other dump (warm-ups) and of threads that did nothing are deleted, so the artifacts hold what the
    /// counts came from.
    /// </summary>
    /// <param name="isLibrary">Whether code from this file is the subject's native library: a thread that ran any is
    /// one of the library's own.</param>
    public static RunInstructions Read(string directory, InstructionManifest manifest, Func<string, bool> isLibrary, PerfMap names)
    {
        var files = Kept(directory, manifest);
        var threads = files.Where(f => f.OwnDumpName is { } name && name.StartsWith("thread ", StringComparison.Ordinal))
            .GroupBy(f => f.OwnDumpName!["thread ".Length..], StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.First().Thread, StringComparer.Ordinal);
        var dumps = files.Where(f => f.MonitorDumpName is not null).ToLookup(f => f.MonitorDumpName!, StringComparer.Ordinal);
        var uncounted = new List<UncountedCase>(manifest.Uncounted);
        var cases = new List<CountedInstructions>();
        foreach (var group in manifest.Dumps.GroupBy(d => d.Case, StringComparer.Ordinal))
        {
            var missing = group.FirstOrDefault(d => !dumps.Contains(d.Name) || !threads.ContainsKey(d.ReceiverTag) || !threads.ContainsKey(d.SenderTag));
            if (missing is not null)
            {
                uncounted.Add(new UncountedCase(group.Key, $"callgrind wrote no profile for its dump {missing.Name} or its threads' tags (see the instruction process's output)"));
                continue;
            }

            var repetitions = group.OrderBy(d => d.Repetition).Select(d => Repetition(dumps[d.Name], threads[d.ReceiverTag], threads[d.SenderTag], isLibrary, names)).ToList();
            var messages = (double)group.Sum(d => d.Messages);
            cases.Add(new CountedInstructions(group.Key, group.First().Messages, repetitions,
                Functions(group.SelectMany(d => dumps[d.Name]), messages, names))
            {
                ReceiverFunctions = Functions(group.SelectMany(d => dumps[d.Name].Where(f => f.Thread == threads[d.ReceiverTag])), messages, names,
                    exceptMemory: true),
            });
        }

        return new RunInstructions(cases, null) { Uncounted = uncounted, ProfilesDirectory = directory, Cpu = manifest.Cpu };
    }

    /// <summary>The files of the counted dumps and of the threads' own tags, read; every other file deleted.</summary>
    private static List<CallgrindFile> Kept(string directory, InstructionManifest manifest)
    {
        var counted = manifest.Dumps.Select(d => d.Name).ToHashSet(StringComparer.Ordinal);
        var files = new List<CallgrindFile>();
        foreach (var file in Directory.EnumerateFiles(directory, "callgrind.out.*").Select(CallgrindFile.Read))
        {
            if (file.OwnDumpName is not null || (file.MonitorDumpName is { } name && counted.Contains(name) && file.Total > 0))
            {
                files.Add(file);
            }
            else
            {
                File.Delete(file.Path);
            }
        }

        return files;
    }

    private static InstructionRepetition Repetition(IEnumerable<CallgrindFile> threads, int receiver, int sender, Func<string, bool> isLibrary, PerfMap names)
    {
        long receiving = 0, sending = 0, library = 0, other = 0, memory = 0;
        foreach (var thread in threads)
        {
            var bookkeeping = Memory(thread, names);
            var own = thread.Total - bookkeeping;
            memory += bookkeeping;
            if (thread.Thread == receiver)
            {
                receiving += own;
            }
            else if (thread.Thread == sender)
            {
                sending += own;
            }
            else if (thread.Functions.Any(f => isLibrary(f.File)))
            {
                library += own;
            }
            else
            {
                other += own;
            }
        }

        return new InstructionRepetition(receiving, sending, library, other, memory);
    }

    /// <summary>
    /// A thread's memory bookkeeping (<see cref="ThreadPart.Memory"/>): the C library's allocator, by glibc's names;
    /// the runtime's calls into the C library's memory fills and copies (clearing what it hands out); its write
    /// barriers, by the perf map's names.
    /// </summary>
    public static long Memory(CallgrindFile thread, PerfMap names) =>
        thread.Functions.Where(f => IsMemory(f, names)).Sum(f => f.Self)
        + thread.Calls.Where(c => IsRuntime(c.CallerFile) && IsLibc(c.CalleeFile) && c.Callee.StartsWith("__mem", StringComparison.Ordinal)).Sum(c => c.Inclusive);

    /// <summary>
    /// A function whose own instructions are memory bookkeeping: the allocator's, or a write barrier.
    /// </summary>
    private static bool IsMemory(FunctionCost function, PerfMap names) =>
        IsAllocator(function) || names.Describe(function.File, function.Name).Contains("WriteBarrier", StringComparison.Ordinal);

    /// <summary>The C library's allocator: malloc, free and their insides, by glibc's names.</summary>
    public static bool IsAllocator(FunctionCost function) => IsLibc(function.File) && AllocatorNames.Any(n => function.Name.Contains(n, StringComparison.Ordinal));

    private static readonly string[] AllocatorNames = ["malloc", "free", "calloc", "realloc", "_int_", "unlink_chunk", "tcache", "arena", "alloc_perturb"];

    private static bool IsLibc(string file) => Path.GetFileName(file).StartsWith("libc.so", StringComparison.Ordinal);

    private static bool IsRuntime(string file) => Path.GetFileName(file) == "libcoreclr.so";

    /// <summary>
    /// Every thread's functions together, per message, by name: self instructions of every piece of a function
    /// (callgrind splits code without a symbol into pieces, each named by its address, and recursion into levels),
    /// inclusive only for a function with a symbol, at its outermost level (a piece's inclusive cost counts the pieces
    /// it jumped to).
    /// </summary>
    private static List<FunctionInstructions> Functions(IEnumerable<CallgrindFile> files, double messages, PerfMap names, bool exceptMemory = false)
    {
        var totals = new Dictionary<(string Name, string Object), (long Self, long? Inclusive)>();
        foreach (var function in files.SelectMany(f => f.Functions).Where(f => !exceptMemory || !IsMemory(f, names)))
        {
            var key = (names.Describe(function.File, function.Name), Path.GetFileName(function.File));
            var (self, inclusive) = totals.GetValueOrDefault(key);
            var named = !function.Name.StartsWith("0x", StringComparison.Ordinal);
            var outermost = !function.Name.Contains('\'', StringComparison.Ordinal);
            totals[key] = (self + function.Self, named && outermost ? (inclusive ?? 0) + function.Inclusive : inclusive);
        }

        var all = totals.Select(t => new FunctionInstructions(t.Key.Name, t.Key.Object, t.Value.Self / messages, t.Value.Inclusive / messages)).ToList();
        return [.. all.OrderByDescending(f => f.Self).Take(TopBySelf)
            .Union(all.Where(f => f.Inclusive is not null).OrderByDescending(f => f.Inclusive).Take(TopByInclusive))
            .OrderByDescending(f => f.Self)];
    }
}
