using System.Diagnostics;
using System.Globalization;
using NetZmqTests.Gating.Adoption;

// Adopts this machine's class into baselines/: several unchanged Perf runs (some beside a CPU hog), then every baseline
// file the runs measured gets this class's values, centred on their median, with the swing, slack and suite
// tolerances derived from the same runs. baselines/README.md, "Adopting a machine".
// Exit code: 0 adopted, 1 a run or the adoption failed, 2 bad arguments.
var clock = Stopwatch.StartNew();
var (runs, loaded, results, testArguments) = (6, 2, new List<string>(), new List<string>());
for (var i = 0; i < args.Length; i++)
{
    switch (args[i])
    {
        case "--runs" when i + 1 < args.Length && int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out var n):
            runs = n;
            i++;
            break;
        case "--loaded" when i + 1 < args.Length && int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out var m):
            loaded = m;
            i++;
            break;
        case "--results":
            while (i + 1 < args.Length && !args[i + 1].StartsWith("--", StringComparison.Ordinal))
                results.Add(args[++i]);

            break;
        case "--":
            testArguments.AddRange(args[(i + 1)..]);
            i = args.Length;
            break;
        default:
            Console.Error.WriteLine(
                "usage: dotnet run --project build/AdoptMachine -- [--runs N (6)] [--loaded M (2)] [--results results.json ...] [-- <arguments for dotnet test>]");
            return 2;
    }
}

if (Environment.GetEnvironmentVariable("CI") is { Length: > 0 } ci)
{
    Console.Error.WriteLine($"Adopting a machine is refused because CI is set (CI={ci}): baselines are measured on a machine of the class and reviewed in a pull request. Nothing was changed.");
    return 1;
}

if (string.Equals(Environment.GetEnvironmentVariable("UpdateBaselines"), "true", StringComparison.OrdinalIgnoreCase))
{
    Console.Error.WriteLine("UpdateBaselines=true is set: each run would refresh the baselines it is measured against. Unset it; the adoption writes the baselines itself.");
    return 2;
}

if (results.Count == 0 && (loaded < 0 || runs - loaded < 3))
{
    Console.Error.WriteLine($"--runs {runs} --loaded {loaded}: a class is adopted from at least 3 quiet runs (its wall-time swing is bounded from them), and any number beside a CPU hog.");
    return 2;
}

var root = Directory.GetCurrentDirectory();
while (!File.Exists(Path.Combine(root, "Net.Zmq.Tests.sln")))
    root = Path.GetDirectoryName(root) ?? throw new InvalidOperationException("Run this inside the Net.Zmq.Tests repository (no Net.Zmq.Tests.sln above the current directory).");

var kept = Path.Combine(root, "artifacts", "adopt");
if (results.Count == 0)
{
    Directory.CreateDirectory(kept);
    for (var run = 1; run <= runs; run++)
    {
        // The loaded runs are spread over the adoption (for 6 runs and 2 loaded: the 3rd and the 6th), so that a drift
        // of the machine over the hour is not mistaken for what a neighbour does.
        var besideHog = loaded > 0 && run % (runs / loaded) == 0 && run / (runs / loaded) <= loaded;
        Console.WriteLine($"[adopt] run {run} of {runs}{(besideHog ? ", beside a CPU hog (yes > /dev/null)" : ", quiet")}; {clock.Elapsed:hh\\:mm\\:ss} so far");
        var started = DateTime.UtcNow;
        using (var hog = besideHog ? Process.Start(new ProcessStartInfo("sh", ["-c", "exec yes > /dev/null"])) : null)
        {
            var test = new ProcessStartInfo("dotnet", ["test", "tests/Net.Zmq.PerfTests", "--filter", "Category=Perf", .. testArguments]) { WorkingDirectory = root };
            using var process = Process.Start(test)!;
            await process.WaitForExitAsync();
            hog?.Kill();
            Console.WriteLine($"[adopt] run {run} ended with exit code {process.ExitCode} after {DateTime.UtcNow - started:mm\\:ss} (a failing gate does not stop an adoption; a run that measured nothing does)");
        }

        var written = Path.Combine(root, "artifacts", "perf", "results.json");
        if (!File.Exists(written) || File.GetLastWriteTimeUtc(written) < started)
        {
            Console.Error.WriteLine($"[adopt] run {run} wrote no results.json: it failed before any gate (artifacts/perf/report.md says why). Nothing was adopted.");
            return 1;
        }

        var copy = Path.Combine(kept, $"run-{run}{(besideHog ? "-loaded" : "")}.json");
        File.Copy(written, copy, overwrite: true);
        results.Add(copy);
    }
}

try
{
    var recorded = results.Select(ResultsFile.Read).ToList();
    foreach (var line in BaselineAdoption.Apply(Path.Combine(root, "baselines"), recorded))
        Console.WriteLine(line);

    var busy = recorded.Count(r => r.Suites.SelectMany(s => s.Cases).Any(c => NetZmqTests.Gating.Gates.GateEvaluator.IsBusy(c.Measurement)));
    Console.WriteLine($"[adopt] adopted {recorded[0].Machine.Class} from {recorded.Count} runs ({recorded.Count - busy} quiet, {busy} beside a busy neighbour) " +
                      $"in {clock.Elapsed:hh\\:mm\\:ss}. The runs' results are in {kept}. Review with git diff baselines/, then commit.");
    return 0;
}
catch (Exception e) when (e is InvalidOperationException or InvalidDataException or IOException or NetZmqTests.Gating.Baselines.BaselineFormatException)
{
    Console.Error.WriteLine($"[adopt] {e.Message}. Nothing was adopted.");
    return 1;
}
