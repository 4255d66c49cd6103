using NetZmqTests.Gating.Baselines;

namespace NetZmqTests.Gating.Gates;

/// <summary>
/// Which gates a baseline from another machine supports. Time ratios between a case and its reference depend on
/// the machine (cache sizes, core count, how the I/O thread and the two workload threads share cores): a ratio
/// that moved because the machine moved is not a regression, and precise gates would call it one. So:
/// <list type="bullet">
/// <item>policy bounds always apply (they are the product owner's, not a measurement);</item>
/// <item>allocation gates always apply (bytes per operation are counted, and do not depend on the CPU);</item>
/// <item>time regressions apply only against a baseline recorded on the same class of machine
/// (<see cref="MachineFingerprint.Class"/>); otherwise they are shown, marked not applied, with the reason.</item>
/// </list>
/// Refresh the baselines on the machine class CI gates on, and every gate applies there.
/// </summary>
public static class MachineClass
{
    /// <summary>Null when the baseline's time ratios can be judged here; otherwise why not.</summary>
    public static string? TimeGatingBlocker(MachineFingerprint baseline, MachineFingerprint current) =>
        baseline.Class == current.Class
            ? null
            : $"not applied: the baseline's time ratios were recorded on another class of machine ({baseline.Class}; this one is {current.Class})";
}
