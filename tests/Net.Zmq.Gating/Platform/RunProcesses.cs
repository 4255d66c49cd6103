using System.Globalization;

namespace NetZmqTests.Gating.Platform;

/// <summary>One process as /proc shows it; <c>Ticks</c> include its reaped children's.</summary>
public readonly record struct ProcessEntry(int Id, int ParentId, string Executable, string FirstArgument, long Ticks)
{
    public bool IsDotnetHost => Path.GetFileName(Executable) == "dotnet";

    public bool IsDotnetTest => IsDotnetHost && FirstArgument == "test";
}

/// <summary>
/// The processes of this test run other than the test process: no neighbour. The run is the tree under the nearest
/// <c>dotnet test</c> ancestor reached through .NET processes only (or the topmost such ancestor).
/// </summary>
public static class RunProcesses
{
    /// <summary>The ids of this run's processes other than <paramref name="self"/>, from a snapshot of all.</summary>
    public static IReadOnlySet<int> Of(int self, IReadOnlyList<ProcessEntry> processes)
    {
        var byId = processes.ToDictionary(p => p.Id);
        if (!byId.TryGetValue(self, out var me))
            return new HashSet<int>();

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
                    pending.Push(child.Id);
            }
        }

        members.Remove(self);
        return members;
    }

    /// <summary>Every process now (one that ends while read left out); empty where /proc cannot be read.</summary>
    public static IReadOnlyList<ProcessEntry> Snapshot() =>
        Directory.Exists("/proc") ? [.. LinuxThreads.Ids("/proc").Select(Read).OfType<ProcessEntry>()] : [];

    /// <summary>The run's processes other than this one, with their ticks now.</summary>
    public static IReadOnlyDictionary<int, long> TicksNow()
    {
        var processes = Snapshot();
        var members = Of(Environment.ProcessId, processes);
        return processes.Where(p => members.Contains(p.Id)).ToDictionary(p => p.Id, p => p.Ticks);
    }

    /// <summary>Ticks the run's processes used between two readings (a new one's whole ticks).</summary>
    public static long TicksBetween(IReadOnlyDictionary<int, long> from, IReadOnlyDictionary<int, long> to) =>
        to.Sum(p => Math.Max(0, p.Value - from.GetValueOrDefault(p.Key)));

    private static ProcessEntry? Read(int id)
    {
        try
        {
            // "pid (comm) state ppid … utime stime cutime cstime …": comm may hold spaces and parentheses, so
            // fields are counted from the last ')'. utime is field 14 of the line, the 12th after it.
            var stat = File.ReadAllText($"/proc/{id}/stat");
            var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
            var ticks = fields.Skip(11).Take(4).Sum(f => long.Parse(f, CultureInfo.InvariantCulture));
            var executable = new FileInfo($"/proc/{id}/exe").LinkTarget ?? "";
            var arguments = File.ReadAllText($"/proc/{id}/cmdline").Split('\0');
            return new ProcessEntry(id, int.Parse(fields[1], CultureInfo.InvariantCulture), executable,
                arguments.Length > 1 ? arguments[1] : "", ticks);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException
                                      or IndexOutOfRangeException)
        {
            return null;
        }
    }
}
