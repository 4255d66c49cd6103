using NetZmqTests.Gating.Counting;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// Instructions and system calls per message against a reference (a paired build's or a baseline file's), part by part
/// (<see cref="PartComparison"/>): a part fails when its judged functions grew beyond its bound, a system call when its
/// count grew beyond <see cref="InstructionBounds.SystemCalls"/>. A failure names what changed most.
/// </summary>
public static class InstructionRule
{
    /// <summary>How many functions a failure names per part.</summary>
    private const int FunctionsNamed = 5;

    public static GateResult Evaluate(GateId id, CountedInstructions measured, CountedInstructions reference,
        InstructionBounds bounds, string referenceName, string baselinePath)
    {
        var parts = InstructionProfiles.Judged.Select(p => PartComparison.Of(p, measured, reference)).ToList();
        var grew = parts.Where(p => Grew(p, bounds)).ToList();
        var calls = parts.SelectMany(p => p.SystemCalls.Where(c => c.Change > bounds.SystemCalls)
            .Select(c => $"{Name(p.Part)}: system call {c.Said(0)}")).ToList();
        var judged = parts.Where(p => p.Judgement != PartJudgement.Idle).ToList();
        var verdict = grew.Count + calls.Count > 0 ? GateVerdict.Fail
            : judged.Count > 0 ? GateVerdict.Pass
            : GateVerdict.NotApplied;
        var measuredText = verdict == GateVerdict.Fail
            ? $"more than {referenceName}: {string.Join(", ", [.. grew.Select(p => Said(p, bounds)), .. calls])}"
            : judged.Count > 0 ? string.Join(", ", judged.Select(p => Said(p, bounds)))
            : "no part did any work";
        var bound = $"no judged part over {referenceName}'s by more than {bounds}";
        return new GateResult(id, measured.Case, measuredText, bound, verdict, baselinePath, Shown(measured, reference, parts))
        {
            // A system call that grew is named first: the most particular thing a change can add.
            FunctionChanges = [.. calls, .. grew.SelectMany(p => p.Functions.Where(f => f.Change != 0).Take(FunctionsNamed)
                .Select(f => $"{Name(p.Part)}: {f.Said(p.Growth)}"))],
            PartRatios = new[] { ThreadPart.Receiver, ThreadPart.Sender, ThreadPart.Library, ThreadPart.Total }
                .Where(p => reference.PerMessage(p) > 0 && measured.PerMessage(p) > 0)
                .ToDictionary(p => p.ToString(), p => measured.PerMessage(p) / reference.PerMessage(p)),
            Parts = [.. parts.Select(p => new JudgedPart(p.Part.ToString(), p.Judgement, p.SteadyShare,
                p.Before > 0 ? p.Growth / p.Before : 0))],
        };
    }

    public static bool Grew(PartComparison part, InstructionBounds bounds) =>
        bounds.For(part.Part) is { } bound && part.Judgement != PartJudgement.Idle
        && part.Growth > part.Before * bound && part.Growth > bounds.Floor;

    private static string Said(PartComparison part, InstructionBounds bounds)
    {
        var relative = part.Before > 0
            ? F($"{part.Growth / part.Before:+0.00%;-0.00%;±0.00%}")
            : "";
        var said = F($"{Name(part.Part)} {part.Before:#,0.#} → {part.Now:#,0.#}, judged");
        return Grew(part, bounds)
            ? said + F($" {part.Growth:+#,0.#} per message, {relative} ") +
              F($"({part.How}; bound +{bounds.For(part.Part):0.##%})")
            : $"{said} {relative} ({part.How})";
    }

    /// <summary>Shown, not judged: bookkeeping, other threads, the total, and scheduling-led functions.</summary>
    private static string? Shown(CountedInstructions measured, CountedInstructions reference, List<PartComparison> parts)
    {
        string Count(CountedInstructions counted, ThreadPart part) =>
            (counted.IsSteady(part) ? "" : "~") + F($"{counted.PerMessage(part):#,0.#}");
        var moved = new[] { ThreadPart.Memory, ThreadPart.Other, ThreadPart.Total }
            .Where(p => Math.Abs(measured.PerMessage(p) - reference.PerMessage(p)) > 0.001 * reference.PerMessage(p)
                        || !measured.IsSteady(p) || !reference.IsSteady(p))
            .Select(p => $"{Name(p)} {Count(reference, p)} → {Count(measured, p)}")
            .Concat(parts.Where(p => p.Judgement is PartJudgement.ByFunction or PartJudgement.Unsteady).Select(Varying))
            .ToList();
        return moved.Count == 0 ? null
            : $"shown, not judged (~: varied between repetitions): {string.Join("; ", moved)}";
    }

    private static string Varying(PartComparison part)
    {
        var varying = part.Functions.Where(f => !f.Judged).OrderByDescending(f => f.Before).ToList();
        return F($"{Name(part.Part)} {1 - part.SteadyShare:0%} with the scheduling (") +
               string.Join(", ", varying.Take(3).Select(f => f.Name)) + (varying.Count > 3 ? $", {varying.Count - 3} more)" : ")");
    }

    public static string Name(ThreadPart part) => part switch
    {
        ThreadPart.Receiver => "receiver",
        ThreadPart.Sender => "sender",
        ThreadPart.Library => "library threads",
        ThreadPart.Other => "other threads",
        ThreadPart.Memory => "memory bookkeeping",
        _ => "total",
    };
}

/// <summary>How one part of a case was judged, and its judged growth relative to the reference's part.</summary>
public sealed record JudgedPart(string Part, PartJudgement Judgement, double SteadyShare, double Growth);

/// <summary>
/// How much each judged part may grow (relative, and by more than <see cref="Floor"/>) and any one system call per
/// message; a part without a bound is shown only. Above what identical code differs by (docs/measurement.md).
/// </summary>
/// <param name="Floor">Instructions per message a part must also grow by to fail: an event of one side only (a command
/// between threads) is a fraction of one per message.</param>
/// <param name="SystemCalls">System calls per message any one call (by its caller) may grow by: one more per message
/// fails; a spin that yielded a few times more in a repetition does not.</param>
public sealed record InstructionBounds(
    double? Receiver, double? Sender, double? Library, double? Total, double Floor = 2, double SystemCalls = 0.25)
{
    public double? For(ThreadPart part) => part switch
    {
        ThreadPart.Receiver => Receiver,
        ThreadPart.Sender => Sender,
        ThreadPart.Library => Library,
        ThreadPart.Total => Total,
        _ => null,
    };

    public override string ToString() =>
        string.Join(", ", Enum.GetValues<ThreadPart>().Where(p => For(p) is not null)
            .Select(p => F($"{p.ToString().ToLowerInvariant()} +{For(p):0.##%}")))
        + F(
            $", and {Floor:0.#} instructions per message; a system call +{SystemCalls:0.##} per message");
}
