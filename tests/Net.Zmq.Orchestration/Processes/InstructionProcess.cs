using System.Diagnostics;
using System.Globalization;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Counting;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Processes;

/// <summary>
/// Counts instructions under callgrind in a process of its own (<see cref="ProcessEntry.CountInstructions"/>), before
/// and never beside the timed measurement, then reads its profiles here at full speed.
/// </summary>
internal sealed class InstructionProcess(ProcessEntryPoints entry)
{
    private readonly ChildProcesses _children = new(entry.Assembly);

    /// <summary>
    /// The counted process's environment: the JIT's perf map beside the profiles (for symbols); workstation GC; a
    /// youngest generation large enough, and taking arrays up to 1 MiB, that no collection falls inside a repetition
    /// (a default sized by the cache would make counts machine-dependent); two processors whatever the machine; and no
    /// write-xor-execute double mapping, which Valgrind does not follow.
    /// </summary>
    private static Dictionary<string, string> ProcessEnvironment(string directory) => new()
    {
        ["DOTNET_PerfMapEnabled"] = "3",
        ["DOTNET_PerfMapJitDumpPath"] = directory,
        ["DOTNET_gcServer"] = "0",
        ["DOTNET_EnableWriteXorExecute"] = "0",
        ["DOTNET_GCgen0size"] = "10000000",
        ["DOTNET_GCLOHThreshold"] = "100000",
        ["DOTNET_PROCESSOR_COUNT"] = "2",
    };

    /// <summary>
    /// Valgrind's options: fair scheduling, a counts file per thread, system calls counted, nothing before the pass.
    /// </summary>
    private static string[] Valgrind(string directory) =>
        ["valgrind", "--tool=callgrind", "-q", "--separate-threads=yes", "--fair-sched=yes", "--instr-atstart=no",
         "--collect-systime=yes",
         $"--callgrind-out-file={Path.Combine(directory, "callgrind.out.%p")}"];

    /// <summary>
    /// Counts <paramref name="cases"/> in up to one process per core (at most four), each a share of the cells, side by
    /// side: Valgrind runs a process's threads one at a time, and nothing is timed meanwhile.
    /// </summary>
    public RunInstructions Count(
        IReadOnlyList<CaseDefinition> cases, PerfSettings settings, string directory, Action<string> log)
    {
        // Why instructions cannot be counted here, if they cannot.
        if ((InstructionMarks.Unavailable ?? OtherThreads.Unavailable ?? WhyNoValgrind()) is { } why)
        {
            log($"instructions not counted: {why}");
            return RunInstructions.None(why);
        }

        if (Directory.Exists(directory))
            Directory.Delete(directory, recursive: true);

        var clock = Stopwatch.StartNew();
        var shares = Shares(cases, Math.Clamp(System.Environment.ProcessorCount, 1, 4));
        log($"counting instructions under Valgrind in {shares.Count} processes of their own: {cases.Count} cases");
        var counted = shares.Select((share, i) => Task.Run(() =>
                CountIn(share, settings, Path.Combine(directory, $"process-{i + 1}"), $"instructions {i + 1}", log)))
            .ToArray();
        Task.WaitAll(counted);
        var merged = RunInstructions.Merge(counted.Select(t => t.Result))
            with { ProfilesDirectory = directory, Seconds = clock.Elapsed.TotalSeconds };
        log(string.Create(CultureInfo.InvariantCulture,
            $"counted the instructions of {merged.Cases.Count} cases in {clock.Elapsed.TotalSeconds:0} s"));
        return merged;
    }

    /// <summary>
    /// The cells dealt out to shares, the largest first to the share with the least so far; a share lists its cells in
    /// that order, which is the order the report's instruction tables show (their snapshots hold it).
    /// </summary>
    private static List<List<CaseDefinition>> Shares(IReadOnlyList<CaseDefinition> cases, int processes)
    {
        var shares = Enumerable.Range(0, processes)
            .Select(_ => (Cases: new List<CaseDefinition>(), Weight: 0.0)).ToList();
        foreach (var cell in cases.GroupBy(c => c.Cell).OrderByDescending(Weight))
        {
            var least = shares.MinBy(s => s.Weight);
            least.Cases.AddRange(cell);
            shares[shares.IndexOf(least)] = (least.Cases, least.Weight + Weight(cell));
        }

        return [.. shares.Where(s => s.Cases.Count > 0).Select(s => s.Cases)];
    }

    /// <summary>About a cell's cost under Valgrind: its cases, a large message's weighing twice.</summary>
    private static double Weight(IEnumerable<CaseDefinition> cell) => cell.Sum(c => c.MessageSize > 4096 ? 2.0 : 1.0);

    private RunInstructions CountIn(
        List<CaseDefinition> cases, PerfSettings settings, string directory, string label, Action<string> log)
    {
        var request = new InstructionRequest([.. cases.Select(c => c.Id)], settings.Injection?.Text, directory);
        // About a second a case under Valgrind, and start-up.
        var manifest = _children.Run<InstructionRequest, InstructionManifest>(entry.CountInstructions,
            $"the instruction process ({label})",
            (InstructionRequest.Variable, Path.Combine(directory, "instruction-request.json"), request),
            Path.Combine(directory, InstructionManifest.FileName), TimeSpan.FromSeconds((3 * cases.Count) + 300),
            ProcessEnvironment(directory), new ChildLines(label, log), Valgrind(directory));
        return InstructionProfiles.Read(directory, manifest, InstructionCounting.IsNativeLibrary,
            PerfMap.Read(Directory.EnumerateFiles(directory, "perf-*.map"), PrecompiledCode.Read(directory)));
    }

    /// <summary>Why Valgrind 3 cannot count instructions here; null where it can.</summary>
    private static string? WhyNoValgrind()
    {
        try
        {
            using var valgrind = Process.Start(new ProcessStartInfo("valgrind", "--version")
                { RedirectStandardOutput = true, RedirectStandardError = true })!;
            var version = valgrind.StandardOutput.ReadToEnd().Trim();
            return valgrind.WaitForExit(TimeSpan.FromSeconds(30)) && valgrind.ExitCode == 0
                && version.StartsWith("valgrind-3.", StringComparison.Ordinal)
                ? null
                : $"valgrind --version answered \"{version}\" (exit code {valgrind.ExitCode}): Valgrind 3 is needed";
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return "Valgrind is not installed here: " +
                "install it (Debian/Ubuntu: apt-get install valgrind) to count instructions";
        }
    }
}
