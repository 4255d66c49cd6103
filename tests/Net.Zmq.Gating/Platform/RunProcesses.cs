using System.Globalization;

namespace NetZmqTests.Gating.Platform;

/// <summary>
/// One process as /proc shows it: who started it, what it runs, and the CPU it and its reaped children used.
/// </summary>
/// <param name="FirstArgument">The first argument after the program (<c>test</c> for <c>dotnet test</c>), or
/// empty.</param>
/// <param name="Ticks">user + system time of the process and of its children it has reaped, in clock ticks.</param>
public readonly record struct ProcessEntry(int Id, int ParentId, string Executable, string FirstArgument, long Ticks)
{
    /// <summary>
    /// The .NET host: <c>dotnet test</c>, MSBuild, vstest.console and the test host all run under it.
    /// </summary>
    public bool IsDotnetHost => Path.GetFileName(Executable) == "dotnet";

    public bool IsDotnetTest => IsDotnetHost && FirstArgument == "test";
}

/// <summary>
/// The processes of this test run other than the test process itself: <c>dotnet test</c>, the MSBuild node that runs
/// its VSTest target, vstest.console, the test host and whatever they start. They work while a cell is measured
/// (about 0.15 CPU between them, relaying the progress lines), and a probe that counted them as a neighbour would
/// call a quiet machine busier than it is. The run is the tree under <c>dotnet test</c>: the nearest ancestor that is
/// it, reached through .NET processes only (the test host runs an xUnit v3 test application as an executable of its
/// own); without one, the topmost such ancestor. A program that started <c>dotnet test</c> (a shell, the adoption
/// command) is not part of the run, nor is anything else it started, such as a CPU hog beside the run.
/// </summary>
public static class RunProcesses
{
    /// <summary>
    /// The ids of this run's processes other than <paramref name="self"/>, from a snapshot of every process.
    /// </summary>
    public static IReadOnlySet<int> Of(int self, IReadOnlyList<ProcessEntry> processes)
    {
        var byId = processes.ToDictionary(p => p.Id);
        if (!byId.TryGetValue(self, out var me))
        {
            return new HashSet<int>();
        }

        var root = me;
        while (!root.IsDotnetTest && byId.TryGetValue(root.ParentId, out var parent) && parent.Id != root.Id
               && (parent.IsDotnetHost || parent.Executable == me.Executable))
        {
            root = parent;
        }

        var children = processes.ToLookup(p => p.ParentId);
        var members = new HashSet<int>();
        var pending = new Stack<int>([root.Id]);
        while (pending.TryPop(out var id))
        {
            if (members.Add(id))
            {
                foreach (var child in children[id])
                {
                    pending.Push(child.Id);
                }
            }
        }

        members.Remove(self);
        return members;
    }

    /// <summary>
    /// Every process now; empty where /proc cannot be read. A process that ends while it is read is left out.
    /// </summary>
    public static IReadOnlyList<ProcessEntry> Snapshot()
    {
        if (!Directory.Exists("/proc"))
        {
            return [];
        }

        var entries = new List<ProcessEntry>();
        foreach (var directory in Directory.EnumerateDirectories("/proc"))
        {
            if (int.TryParse(Path.GetFileName(directory), NumberStyles.None, CultureInfo.InvariantCulture, out var id) && Read(id) is { } entry)
            {
                entries.Add(entry);
            }
        }

        return entries;
    }

    /// <summary>
    /// The run's processes other than this one, with their ticks now: what a reading subtracts from the machine's busy
    /// time.
    /// </summary>
    public static IReadOnlyDictionary<int, long> TicksNow()
    {
        var processes = Snapshot();
        var members = Of(Environment.ProcessId, processes);
        return processes.Where(p => members.Contains(p.Id)).ToDictionary(p => p.Id, p => p.Ticks);
    }

    /// <summary>
    /// Ticks the run's processes used between two readings: each process's rise, and all of a process that started
    /// in between. One that ended in between is counted in its parent's reaped children's time.
    /// </summary>
    public static long TicksBetween(IReadOnlyDictionary<int, long> from, IReadOnlyDictionary<int, long> to) =>
        to.Sum(p => Math.Max(0, p.Value - from.GetValueOrDefault(p.Key)));

    private static ProcessEntry? Read(int id)
    {
        try
        {
            // "pid (comm) state ppid … utime stime cutime cstime …": comm may hold spaces and parentheses, so fields
            // are counted from the last ')'. utime is field 14 of the line, the 12th after it.
            var stat = File.ReadAllText($"/proc/{id}/stat");
            var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
            var ticks = fields.Skip(11).Take(4).Sum(f => long.Parse(f, CultureInfo.InvariantCulture));
            var executable = new FileInfo($"/proc/{id}/exe").LinkTarget ?? "";
            var arguments = File.ReadAllText($"/proc/{id}/cmdline").Split('\0');
            return new ProcessEntry(id, int.Parse(fields[1], CultureInfo.InvariantCulture), executable, arguments.Length > 1 ? arguments[1] : "", ticks);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException or IndexOutOfRangeException)
        {
            return null;
        }
    }
}
