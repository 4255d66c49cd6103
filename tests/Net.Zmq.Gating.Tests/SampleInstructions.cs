using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// Instructions per message of the sample runs' cases (<see cref="SampleMeasurements"/>): the head's and the base's,
/// equal but at Poller 64 KiB, where the head's receiver runs 2 % more in one function; the sender varies.
/// </summary>
public static class SampleInstructions
{
    public static RunInstructions Of(IReadOnlyList<CaseIdentity> heads, bool withBase, bool headChanged = true) =>
        new([.. heads.Select(c => Counted(c.Id, c, grown: headChanged && c.Variant == "Poller" && c.Group == "64KiB")),
             .. withBase ? heads.Select(c => Counted(Base(c.Id), c, grown: false)) : []], null)
        {
            ProfilesDirectory = "artifacts/perf/instructions",
        };

    /// <summary>Each head case's paired instruction gate, as the run judges them.</summary>
    public static IEnumerable<GateResult> Gates(RunInstructions instructions, IReadOnlyList<CaseIdentity> heads, IReadOnlyList<string> pairedIds) =>
        heads.Select((c, i) => InstructionRule.Evaluate(PairedGates.Id(GateKind.PairedInstructions, SampleMeasurements.Pair),
            instructions.Of(c.Id)! with { Case = pairedIds[i] }, instructions.Of(Base(c.Id))!,
            Baselines.InstructionBaseline.NewFileBounds, "the base", SampleMeasurements.Pair.BaselinePath));

    private static string Base(string id) => id.Replace("Binding/", "BindingBase/", StringComparison.Ordinal);

    private static CountedInstructions Counted(string id, CaseIdentity c, bool grown)
    {
        var receiver = c.Group == "64KiB" ? 3300 : 1800;
        return SyntheticInstructions.Case(id, messages: 200,
            receiver: [SyntheticInstructions.Work.Steady("Sample.Receiver::Loop()", 600 + (grown ? receiver * 0.02 : 0)),
                SyntheticInstructions.Work.Steady("lib_recv", receiver - 600)],
            sender: [SyntheticInstructions.Work.Steady("lib_send", 1800), new("lib::wake()", [200, 204.5, 209], [1, 1.1, 1.2])],
            systemCalls: new Dictionary<ThreadPart, IReadOnlyDictionary<string, double[]>>
            {
                [ThreadPart.Receiver] = new Dictionary<string, double[]> { ["poll ← lib::wait()"] = [0.01, 0.01, 0.01] },
            },
            memory: 150);
    }
}
