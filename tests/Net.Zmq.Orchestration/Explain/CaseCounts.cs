using System.Globalization;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Counting;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Explain;

/// <summary>What <see cref="CaseExplainer"/> prints of a case's native calls and instructions per message.</summary>
internal static class CaseCounts
{
    /// <summary>How many of the last run's functions a case's explanation names.</summary>
    private const int FunctionsShown = 6;

    /// <summary>
    /// What a message of the case costs in native calls and instructions: its entries in the suite's count baselines,
    /// and what the last run here counted (artifacts/perf/measured.json), with the functions that did the most.
    /// </summary>
    public static IEnumerable<string> Lines(BaselineStore store, SourceLayout layout, CaseDefinition c)
    {
        var suite = new SuiteId(c.Driver.ToString(), c.Suite.ToString());
        var measured = Path.Combine(layout.PerfArtifactsDirectory, RunMeasurements.UnshardedFileName);
        var last = File.Exists(measured) ? ProcessFiles.Read<RunMeasurements>(measured) : null;
        var none = $"none for this case ({layout.Display(measured)})";
        if (c.Driver == DriverId.NetMQ)
        {
            yield return "Native calls: none; NetMQ is managed";
        }
        else
        {
            var calls = store.Load(CountBaselineKinds.Calls, suite);
            yield return $"Native calls, {calls.Shown}: " + Entry(calls, file =>
                file.Cases.TryGetValue(c.Id, out var entry)
                    ? string.Join(", ", entry.Calls.Select(k => $"{k.Key} {(double)k.Value / entry.Messages:0.###}")) +
                      " per message" +
                      (file.Varying.Count == 0 ? "" : $" (never judged, they vary: {string.Join(", ", file.Varying)})")
                    : null);
            yield return "Native calls counted by the last run here: " + (last?.Counts?.Of(c.Id) is { } counted
                ? $"{string.Join(", ", counted.Calls.Select(k => $"{k} {counted.Shown(k)}"))} per message"
                : none);
        }

        var instructions = store.Load(CountBaselineKinds.Instructions, suite);
        yield return $"Instructions, {instructions.Shown}: " +
            Entry(instructions, file => file.For(c.Id) is { } counted ? Summary(counted) : null);
        yield return "Instructions counted by the last run here: " +
            (last?.Instructions?.Of(c.Id) is { } lastCounted ? Summary(lastCounted) : none);
    }

    /// <summary>A count baseline's entry for the case, or why there is none.</summary>
    private static string Entry<TFile>(BaselineLoad<TFile> load, Func<TFile, string?> entry)
        where TFile : class =>
        load.Error ?? (load.File is { } file ? entry(file) ?? "no entry for this case" : "no such file");

    /// <summary>Each part per message (~ where repetitions varied), judged parts' top functions and syscalls.</summary>
    private static string Summary(CountedInstructions counted) =>
        string.Join(", ", Enum.GetValues<ThreadPart>()
            .Select(p => $"{p.ToString().ToLowerInvariant()} {counted.Shown(p)}")) + " per message" +
        string.Concat(InstructionProfiles.Judged.Select(p => (Part: p, Counts: counted.Of(p)))
            .Where(p => p.Counts.Functions.Count > 0).Select(p =>
            $"; {p.Part.ToString().ToLowerInvariant()}'s most: " +
            string.Join(", ", p.Counts.Functions.OrderByDescending(f => Repeated.Median(f.Value)).Take(FunctionsShown)
                .Select(f => string.Create(CultureInfo.InvariantCulture,
                    $"{f.Key} {Repeated.Median(f.Value) / counted.MessagesPerRepetition:#,0.#}"))) +
            (p.Counts.SystemCalls.Count == 0 ? "" : ", system calls " + string.Join(", ", p.Counts.SystemCalls
                .Select(k => string.Create(CultureInfo.InvariantCulture,
                    $"{k.Key} {Repeated.Median(k.Value) / counted.MessagesPerRepetition:0.###}"))))));
}
