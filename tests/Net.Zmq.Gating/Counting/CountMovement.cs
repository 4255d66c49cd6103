using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Counting;

/// <summary>
/// Two runs' counts, case by case, with the gates' own rules and bounds (<see cref="InstructionRule"/> within a new
/// file's bounds, <see cref="CallCountRule"/>): whether the later run's counts moved beyond them from the earlier's.
/// What build/bisect.sh asks of each commit it probes: no time is judged, so no two runs need the same machine's load.
/// </summary>
public static class CountMovement
{
    /// <summary>
    /// Every case counted in both runs, the later against the earlier (named <paramref name="earlierName"/> in the
    /// gates' text, read from <paramref name="earlierFile"/>): a gate per case and kind.
    /// </summary>
    public static IReadOnlyList<GateResult> Compare(RunMeasurements earlier, RunMeasurements later, string earlierName,
        string earlierFile)
    {
        var instructions = (earlier.Instructions?.Cases ?? []).ToDictionary(c => c.Case, StringComparer.Ordinal);
        var calls = (earlier.Counts?.Cases ?? []).ToDictionary(c => c.Case, StringComparer.Ordinal);
        var varying = RunCounts.VaryingIn(earlier.Counts?.Cases ?? []);
        var instructionGates = (later.Instructions?.Cases ?? []).Where(c => instructions.ContainsKey(c.Case))
            .Select(c => InstructionRule.Evaluate(new GateId(GateKind.InstructionsRegression), c, instructions[c.Case],
                InstructionBaseline.NewFileBounds, earlierName, earlierFile));
        var callGates = (later.Counts?.Cases ?? []).Where(c => calls.ContainsKey(c.Case))
            .Select(c => CallCountRule.Evaluate(new GateId(GateKind.CallsRegression), c, CallCountRule.Of(calls[c.Case]),
                varying, earlierName, earlierFile));
        return [.. instructionGates, .. callGates];
    }

    /// <summary>A run's measurements file (measured.json), which must hold counts: else an error naming it.</summary>
    public static RunMeasurements Read(string path)
    {
        var run = ProcessFiles.Read<RunMeasurements>(path);
        var why = run.Instructions?.Skipped ?? run.Counts?.Skipped;
        return run.Instructions?.Cases.Count > 0 || run.Counts?.Cases.Count > 0
            ? run
            : throw new InvalidDataException(
                $"{path}: no counted case (Instructions.Cases and Counts.Cases are empty or missing){(why is null ? "" : $": {why}")}");
    }
}
