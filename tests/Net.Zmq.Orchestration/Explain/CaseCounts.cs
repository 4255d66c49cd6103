using System.Globalization;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Counting;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Explain;

/// <summary>What <see cref="CaseExplainer"/> prints of a case's native calls and instructions per message.</summary>
internal static class CaseCounts
{
    /// <summary>How many of the last run's functions a case's explanation names.</summary>
    private const int FunctionsShown = 6;

    /// <summary>
    /// What a message of the case costs in instructions: its entry in the suite's instruction baseline, and what the
    /// last run here counted (artifacts/perf/measured.json), by thread, with the functions that did the most.
    /// </summary>
    public static IEnumerable<string> InstructionLines(string repositoryRoot, CaseDefinition c)
    {
        var path = CountBaselineKinds.Instructions.PathOf(
            Path.Combine(repositoryRoot, "baselines"), new(c.Driver.ToString(), c.Suite.ToString()));
        var shown = Path.GetRelativePath(repositoryRoot, path).Replace('\\', '/');
        string entry;
        try
        {
            entry = !File.Exists(path) ? "no such file"
                : InstructionBaseline.Read(path).For(c.Id) is { } counted ? Summary(counted) : "no entry for this case";
        }
        catch (BaselineFormatException e)
        {
            entry = e.Message;
        }

        yield return $"Instructions, {shown}: {entry}";
        var measured = Path.Combine(repositoryRoot, "artifacts", "perf", RunMeasurements.UnshardedFileName);
        var last = File.Exists(measured) ? ProcessFiles.Read<RunMeasurements>(measured).Instructions?.Of(c.Id) : null;
        if (last is null)
        {
            yield return "Instructions counted by the last run here: none for this case " +
                $"({Path.GetRelativePath(repositoryRoot, measured).Replace('\\', '/')})";
            yield break;
        }

        yield return $"Instructions counted by the last run here: {Summary(last)}";
    }

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

    /// <summary>A message's native calls: the suite's baseline entry and the last run's count here.</summary>
    public static IEnumerable<string> Lines(string repositoryRoot, CaseDefinition c)
    {
        if (c.Driver == DriverId.NetMQ)
        {
            yield return "Native calls: none; NetMQ is managed";
            yield break;
        }

        var path = CallBaseline.PathOf(
            Path.Combine(repositoryRoot, "baselines"), c.Driver.ToString(), c.Suite.ToString());
        var shown = Path.GetRelativePath(repositoryRoot, path).Replace('\\', '/');
        string entry;
        try
        {
            entry = !File.Exists(path) ? "no such file"
                : CallBaseline.Read(path) is var file && file.Cases.TryGetValue(c.Id, out var calls)
                    ? string.Join(", ", calls.Calls.Select(k => $"{k.Key} {(double)k.Value / calls.Messages:0.###}")) +
                      " per message" +
                      (file.Varying.Count == 0 ? "" : $" (never judged, they vary: {string.Join(", ", file.Varying)})")
                    : "no entry for this case";
        }
        catch (BaselineFormatException e)
        {
            entry = e.Message;
        }

        yield return $"Native calls, {shown}: {entry}";
        var measured = Path.Combine(repositoryRoot, "artifacts", "perf", RunMeasurements.UnshardedFileName);
        var counted = File.Exists(measured) ? ProcessFiles.Read<RunMeasurements>(measured).Counts?.Of(c.Id) : null;
        yield return counted is null
            ? "Native calls counted by the last run here: none for this case " +
              $"({Path.GetRelativePath(repositoryRoot, measured).Replace('\\', '/')})"
            : "Native calls counted by the last run here: " +
              $"{string.Join(", ", counted.Calls.Select(k => $"{k} {counted.Shown(k)}"))} per message";
    }
}
