using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Explain;

/// <summary>The native call counts <see cref="CaseExplainer"/> prints for a case.</summary>
internal static class CaseCallCounts
{
    /// <summary>
    /// What a message of the case costs in native calls: its entry in the suite's call baseline, and what the last run
    /// here counted (artifacts/perf/measured.json), per message.
    /// </summary>
    public static IEnumerable<string> Lines(string repositoryRoot, CaseDefinition c)
    {
        if (c.Driver == DriverId.NetMQ)
        {
            yield return "Native calls: none; NetMQ is managed";
            yield break;
        }

        var path = CallBaseline.PathOf(Path.Combine(repositoryRoot, "baselines"), c.Driver.ToString(), c.Suite.ToString());
        var shown = Path.GetRelativePath(repositoryRoot, path).Replace('\\', '/');
        string entry;
        try
        {
            entry = !File.Exists(path) ? "no such file"
                : CallBaseline.Read(path) is var file && file.Cases.TryGetValue(c.Id, out var calls)
                    ? string.Join(", ", calls.Calls.Select(k => $"{k.Key} {(double)k.Value / calls.Messages:0.###}")) + " per message" + (file.Varying.Count == 0 ? "" : $" (never judged, they vary: {string.Join(", ", file.Varying)})")
                    : "no entry for this case";
        }
        catch (BaselineFormatException e)
        {
            entry = e.Message;
        }

        yield return $"Native calls, {shown}: {entry}";
        var measured = Path.Combine(repositoryRoot, "artifacts", "perf", MeasuredRun.UnshardedFileName);
        var counted = File.Exists(measured) ? ProcessFiles.Read<MeasuredRun>(measured).Counts?.Of(c.Id) : null;
        yield return counted is null
            ? $"Native calls counted by the last run here: none for this case ({Path.GetRelativePath(repositoryRoot, measured).Replace('\\', '/')})"
            : $"Native calls counted by the last run here: {string.Join(", ", counted.Calls.Select(k => $"{k} {counted.Shown(k)}"))} per message";
    }
}
