using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Counting;

/// <summary>
/// Whether a later run's counts moved from an earlier's, by the gates' own rules (<see cref="InstructionRule"/>,
/// <see cref="CallCountRule"/>): what build/bisect.sh asks of each commit, with no time judged.
/// </summary>
public static class CountMovement
{
    /// <summary>A gate per case counted in both runs and kind, the later against the earlier.</summary>
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
