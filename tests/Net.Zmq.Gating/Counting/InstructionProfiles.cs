namespace NetZmqTests.Gating.Counting;

/// <summary>One counted repetition as written: its dump, case, messages and the tags of its two threads.</summary>
public sealed record CountedDump(string Name, string Case, int Repetition, int Messages, string ReceiverTag,
    string SenderTag);

/// <summary>
/// What an instruction process wrote beside callgrind's files: every counted dump, the cases it could not count, and
/// what each subject ran. The threads' own dumps are named <c>thread &lt;tag&gt;</c>.
/// </summary>
public sealed record InstructionManifest(IReadOnlyList<CountedDump> Dumps, IReadOnlyList<UncountedCase> Uncounted,
    IReadOnlyDictionary<string, Baselines.SubjectFingerprint> Subjects)
{
    public const string FileName = "instructions-manifest.json";

    public string Cpu { get; init; } = "";

    public static string TagDumpName(string tag) => $"thread {tag}";
}

/// <summary>
/// Reads an instruction process's profiles into counts: each thread of each counted dump assigned to its part
/// (<see cref="ThreadProfile"/>, <see cref="PartCounts"/>).
/// </summary>
public static class InstructionProfiles
{
    /// <summary>The parts whose functions and system calls are kept: those the gates judge.</summary>
    public static IReadOnlyList<ThreadPart> Judged { get; } = [ThreadPart.Receiver, ThreadPart.Sender,
        ThreadPart.Library];

    /// <summary>
    /// Reads <paramref name="directory"/>'s profiles into counts, deleting every other dump's files, so the artifacts
    /// hold what the counts came from. A thread that ran code of a file <paramref name="isLibrary"/> is the library's.
    /// </summary>
    public static RunInstructions Read(string directory, InstructionManifest manifest, Func<string, bool> isLibrary,
        PerfMap names)
    {
        var files = Kept(
            [.. Directory.EnumerateFiles(directory, "callgrind.out.*").Select(CallgrindFile.Read)], manifest);
        var threads = files
            .Where(f => f.OwnDumpName is { } name && name.StartsWith("thread ", StringComparison.Ordinal))
            .GroupBy(f => f.OwnDumpName!["thread ".Length..], StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.First().Thread, StringComparer.Ordinal);
        var dumps = files.Where(f => f.MonitorDumpName is not null).ToLookup(f => f.MonitorDumpName!,
            StringComparer.Ordinal);
        var (uncounted, cases) = (new List<UncountedCase>(manifest.Uncounted), new List<CountedInstructions>());
        foreach (var group in manifest.Dumps.GroupBy(d => d.Case, StringComparer.Ordinal))
        {
            var missing = group.FirstOrDefault(d => !dumps.Contains(d.Name) || !threads.ContainsKey(d.ReceiverTag)
                || !threads.ContainsKey(d.SenderTag));
            if (missing is not null)
            {
                uncounted.Add(new UncountedCase(group.Key,
                    $"callgrind wrote no profile for its dump {missing.Name} or its threads' tags (see the instruction process's output)"));
                continue;
            }

            var repetitions = group.OrderBy(d => d.Repetition)
                .Select(d => Repetition(dumps[d.Name], threads[d.ReceiverTag], threads[d.SenderTag], isLibrary, names))
                .ToList();
            cases.Add(new CountedInstructions(group.Key, group.First().Messages, [.. repetitions.Select(r => r.Totals)],
                Judged.ToDictionary(p => p, p => PartCounts.Of(group.First().Messages,
                    [.. repetitions.Select(r => r.Functions[p])],
                    [.. repetitions.Select(r => r.Calls[p])], [.. repetitions.Select(r => r.SystemCalls[p])]))));
        }

        return new RunInstructions(cases, null) { Uncounted = uncounted, ProfilesDirectory = directory,
            Cpu = manifest.Cpu };
    }

    private static List<CallgrindFile> Kept(List<CallgrindFile> all, InstructionManifest manifest)
    {
        var counted = manifest.Dumps.Select(d => d.Name).ToHashSet(StringComparer.Ordinal);
        var files = new List<CallgrindFile>();
        foreach (var file in all)
        {
            if (file.OwnDumpName is not null || (file.MonitorDumpName is { } name && counted.Contains(name)
                && file.Total > 0))
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

    private static CountedRepetition Repetition(IEnumerable<CallgrindFile> threads, int receiver, int sender,
        Func<string, bool> isLibrary, PerfMap names)
    {
        var own = Enum.GetValues<ThreadPart>().ToDictionary(p => p, _ => 0L);
        var functions = Judged.ToDictionary(p => p, _ => new Dictionary<string, long>(StringComparer.Ordinal));
        var calls = Judged.ToDictionary(p => p, _ => new Dictionary<string, long>(StringComparer.Ordinal));
        var systemCalls = Judged.ToDictionary(p => p, _ => new Dictionary<string, long>(StringComparer.Ordinal));
        foreach (var thread in threads)
        {
            var profile = ThreadProfile.Of(thread, names);
            var part = thread.Thread == receiver ? ThreadPart.Receiver
                : thread.Thread == sender ? ThreadPart.Sender
                : thread.Functions.Any(f => isLibrary(f.File)) ? ThreadPart.Library
                : ThreadPart.Other;
            own[ThreadPart.Memory] += profile.Memory;
            own[part] += profile.Own;
            if (functions.TryGetValue(part, out var into))
            {
                Add(into, profile.Functions);
                Add(calls[part], profile.Calls);
                Add(systemCalls[part], profile.SystemCalls);
            }
        }

        return new CountedRepetition(new InstructionRepetition(own[ThreadPart.Receiver], own[ThreadPart.Sender],
            own[ThreadPart.Library], own[ThreadPart.Other],
            own[ThreadPart.Memory]), Read(functions), Read(calls), Read(systemCalls));
    }

    private static void Add(Dictionary<string, long> into, IReadOnlyDictionary<string, long> counts)
    {
        foreach (var (name, count) in counts)
        {
            into[name] = into.GetValueOrDefault(name) + count;
        }
    }

    private static Dictionary<ThreadPart, IReadOnlyDictionary<string, long>> Read(Dictionary<ThreadPart,
        Dictionary<string, long>> counts) =>
        counts.ToDictionary(c => c.Key, c => (IReadOnlyDictionary<string, long>)c.Value);

    private sealed record CountedRepetition(InstructionRepetition Totals, IReadOnlyDictionary<ThreadPart,
        IReadOnlyDictionary<string, long>> Functions,
        IReadOnlyDictionary<ThreadPart, IReadOnlyDictionary<string, long>> Calls, IReadOnlyDictionary<ThreadPart,
            IReadOnlyDictionary<string, long>> SystemCalls);
}
