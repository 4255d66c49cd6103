using NetZmqTests.Gating.Comparison;
using NetZmqTests.Gating.Counting;

// Compares two Perf runs' results.json with the gates' rule and writes the comparison as Markdown; with --counts, two
// runs' measured.json by their counts alone (instructions and native calls, the count gates' rules: build/bisect.sh).
// Exit code: 0 when no case would fail a gate, 1 when one would, 2 when the input cannot be read.
var files = args.Where(a => !a.StartsWith("--", StringComparison.Ordinal)).ToList();
var output = Array.IndexOf(args, "--output") is var at && at >= 0 && at + 1 < args.Length ? args[at + 1] : null;
files.Remove(output ?? "");
if (files.Count != 2)
{
    Console.Error.WriteLine("usage: dotnet run --project build/CompareRuns -- <before results.json> <after results.json> [--output comparison.md]");
    Console.Error.WriteLine("       dotnet run --project build/CompareRuns -- --counts <earlier measured.json> <later measured.json>");
    return 2;
}

if (args.Contains("--counts"))
    return CompareCounts(files[0], files[1]);

try
{
    var before = RunResults.Read(files[0]);
    var after = RunResults.Read(files[1]);
    var rows = RunComparison.Compare(before, after);
    var markdown = RunComparison.Render(before, after, rows);
    if (output is null)
    {
        Console.Write(markdown);
    }
    else
    {
        File.WriteAllText(output, markdown);
        Console.WriteLine($"{output}: {rows.Count} cases compared, {rows.Count(r => r.WouldFailAGate)} would fail a gate");
    }

    return rows.Any(r => r.WouldFailAGate) ? 1 : 0;
}
catch (Exception e) when (e is InvalidDataException or IOException)
{
    Console.Error.WriteLine(e.Message);
    return 2;
}

// The later run's counts against the earlier's: each gate that fails, with the part, function or call that moved.
static int CompareCounts(string earlierFile, string laterFile)
{
    try
    {
        var (earlier, later) = (CountMovement.Read(earlierFile), CountMovement.Read(laterFile));
        var gates = CountMovement.Compare(earlier, later, "the earlier run", earlierFile);
        var moved = gates.Where(g => g.FailsRun).ToList();
        foreach (var gate in moved)
        {
            Console.WriteLine(gate.Describe());
            // What moved most: the functions and calls the gate names, largest first.
            foreach (var change in gate.FunctionChanges.Take(3).Concat(gate.CallChanges.Take(3)))
                Console.WriteLine($"    {change}");
        }

        Console.WriteLine($"{moved.Count} of {gates.Count} count gates moved beyond their bounds " +
            $"({laterFile} against {earlierFile})");
        return moved.Count > 0 ? 1 : 0;
    }
    catch (Exception e) when (e is InvalidDataException or IOException)
    {
        Console.Error.WriteLine(e.Message);
        return 2;
    }
}
