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
                    $"callgrind wrote no profile for its dump {missing.Name} or its threads' tags " +
                    "(see the instruction process's output)"));
                continue;
            }

            cases.Add(Counted(group.Key, group.First().Messages, [.. group.OrderBy(d => d.Repetition).Select(d =>
                Repetition(dumps[d.Name], threads[d.ReceiverTag], threads[d.SenderTag], isLibrary, names))]));
        }

        return new RunInstructions(cases, null) { Uncounted = uncounted, ProfilesDirectory = directory,
            Cpu = manifest.Cpu };
    }

    private static List<CallgrindFile> Kept(List<CallgrindFile> all, InstructionManifest manifest)
    {
        var counted = manifest.Dumps.Select(d => d.Name).ToHashSet(StringComparer.Ordinal);
        var kept = all.Where(f => f.OwnDumpName is not null
                                  || (f.MonitorDumpName is { } name && counted.Contains(name) && f.Total > 0)).ToList();
        foreach (var file in all.Except(kept))
            File.Delete(file.Path);

        return kept;
    }

    /// <summary>
    /// One repetition's threads: each part's own instructions, memory bookkeeping apart, and each judged part's
    /// profiles.
    /// </summary>
    private static (InstructionRepetition Totals, Dictionary<ThreadPart, ThreadProfile[]> Parts) Repetition(
        IEnumerable<CallgrindFile> threads, int receiver, int sender, Func<string, bool> isLibrary, PerfMap names)
    {
        var profiles = threads.Select(thread => (Profile: ThreadProfile.Of(thread, names),
            Part: thread.Thread == receiver ? ThreadPart.Receiver
                : thread.Thread == sender ? ThreadPart.Sender
                : thread.Functions.Any(f => isLibrary(f.File)) ? ThreadPart.Library
                : ThreadPart.Other)).ToList();
        long Own(ThreadPart part) => profiles.Where(p => p.Part == part).Sum(p => p.Profile.Own);
        return (new InstructionRepetition(Own(ThreadPart.Receiver), Own(ThreadPart.Sender), Own(ThreadPart.Library),
                Own(ThreadPart.Other), profiles.Sum(p => p.Profile.Memory)),
            Judged.ToDictionary(part => part,
                part => profiles.Where(p => p.Part == part).Select(p => p.Profile).ToArray()));
    }

    private static CountedInstructions Counted(string id, int messages,
        List<(InstructionRepetition Totals, Dictionary<ThreadPart, ThreadProfile[]> Parts)> repetitions) =>
        new(id, messages, [.. repetitions.Select(r => r.Totals)], Judged.ToDictionary(p => p, p => PartCounts.Of(
            messages, [.. repetitions.Select(r => Sum(r.Parts[p], t => t.Functions))],
            [.. repetitions.Select(r => Sum(r.Parts[p], t => t.Calls))],
            [.. repetitions.Select(r => Sum(r.Parts[p], t => t.SystemCalls))])));

    private static Dictionary<string, long> Sum(
        IEnumerable<ThreadProfile> profiles, Func<ThreadProfile, IReadOnlyDictionary<string, long>> counts) =>
        profiles.SelectMany(counts).GroupBy(c => c.Key, StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.Sum(c => c.Value), StringComparer.Ordinal);
}
