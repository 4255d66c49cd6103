using NetZmqTests.Gating.Comparison;

// Compares two Perf runs' results.json with the gates' rule and writes the comparison as Markdown.
// Exit code: 0 when no case would fail a gate, 1 when one would, 2 when the input cannot be read.
var files = args.Where(a => !a.StartsWith("--", StringComparison.Ordinal)).ToList();
var output = Array.IndexOf(args, "--output") is var at && at >= 0 && at + 1 < args.Length ? args[at + 1] : null;
files.Remove(output ?? "");
if (files.Count != 2)
{
    Console.Error.WriteLine("usage: dotnet run --project build/CompareRuns -- <before results.json> <after results.json> [--output comparison.md]");
    return 2;
}

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
