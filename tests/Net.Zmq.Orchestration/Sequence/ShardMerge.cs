using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Counting;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration.Sequence;

/// <summary>
/// A run made of shards measured apart (<see cref="Shard"/>, <see cref="RunMeasurements"/>): their measurements
/// replayed as if this run had measured them, so that one sequence judges, confirms and reports them into one verdict.
/// </summary>
public static class ShardMerge
{
    /// <summary>
    /// A measurer replaying the shards in <paramref name="directory"/> (all N of a run of <paramref name="identity"/>):
    /// their first pass, exactly the cases asked; for a confirmation, what each shard measured again (cells are never
    /// split, so a case's gates are the same there and here). A shard from another machine class than
    /// <paramref name="machine"/> makes this a machine where no time is judged against a baseline.
    /// </summary>
    internal static MergedShards Replay(string directory, RunIdentity identity, MachineFingerprint machine)
    {
        var shards = RunMeasurements.ReadShards(directory, identity);
        IReadOnlyList<MeasuredProcess> Measure(
            IReadOnlyList<CaseDefinition> cases, MeasurementProfile sampling, int pass)
        {
            var asked = cases.Select(c => c.Id).ToHashSet(StringComparer.Ordinal);
            if (pass > 0)
            {
                return [.. shards.SelectMany(s => s.Run.Passes.Skip(1).SelectMany(p => p))
                    .Select(p => p with { Measurements = [.. p.Measurements.Where(m => asked.Contains(m.Case.Id))] })
                    .Where(p => p.Measurements.Count > 0)];
            }

            var first = shards.SelectMany(s => s.Run.Passes.Take(1).SelectMany(p => p)).ToList();
            var measured = first.SelectMany(p => p.Measurements).Select(m => m.Case.Id)
                .ToHashSet(StringComparer.Ordinal);
            return measured.SetEquals(asked) ? first : throw Mismatch(directory, measured, asked);
        }

        // Each shard counted its own cells' cases; a shard written before counts were kept counted none.
        var counts = RunCounts.Merge(shards.Select(s =>
            s.Run.Counts ?? RunCounts.None($"{s.Path} holds no native call counts")));
        var instructions = RunInstructions.Merge(shards.Select(s =>
            s.Run.Instructions ?? RunInstructions.None($"{s.Path} holds no instruction counts")));
        var merged = shards.Select(s => new ShardSummary(s.Run.Shard!.ToString(), s.Run.Machine, s.Run.Seconds))
            .ToList();
        var elsewhere = merged.Where(m => m.Machine != machine.Class).Select(m => m.Shard).ToList();
        // Judged on this machine, or, with a shard from another class, on a machine no baseline class is.
        return new MergedShards((Measure, _ => counts, _ => instructions, elsewhere.Count == 0
                ? machine : machine with { Cpu = $"{machine.Cpu}, merging shards measured on other machines" }),
            merged, PerfRunNotes.Merged(directory, merged, elsewhere));
    }

    /// <summary>The shards measured other cases than this run selects: which, up to five each way.</summary>
    private static InvalidDataException Mismatch(string directory, HashSet<string> measured, HashSet<string> asked)
    {
        var missing = asked.Except(measured).Order(StringComparer.Ordinal).ToList();
        var extra = measured.Except(asked).Order(StringComparer.Ordinal).ToList();
        return new InvalidDataException($"{RunMeasurements.MergeVariable}={directory}: " +
            $"the shards measured {measured.Count} cases and this run selects {asked.Count}" +
            (missing.Count > 0
                ? $"; none measured {string.Join(", ", missing.Take(5))}{(missing.Count > 5 ? ", …" : "")}" : "") +
            (extra.Count > 0
                ? $"; not selected here: {string.Join(", ", extra.Take(5))}{(extra.Count > 5 ? ", …" : "")}" : ""));
    }
}

/// <summary>A merge's replay of its shards (measuring, counting, judging in this run's place), and its note.</summary>
internal sealed record MergedShards(
    (CaseMeasurer Measure, CaseCounter Count, InstructionCounter CountInstructions, MachineFingerprint Machine) Replay,
    IReadOnlyList<ShardSummary> Shards, RunNote Note);
