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
    /// <summary>
    /// For a subject that is a build of a native library (the floor: libzmq through the thinnest P/Invoke), null when
    /// this run loads the version its baseline was recorded on; otherwise why its time ratios are not judged: another
    /// version of the library is another floor (libzmq 4.3.4 from the system where the baseline had Net.Zmq's 4.3.5),
    /// and a ratio that moved with it is not a regression of anything this suite gates.
    /// </summary>
    public static string? NativeVersionBlocker(SubjectFingerprint baseline, SubjectFingerprint current) =>
        baseline.Version == current.Version
            ? null
            : $"not applied: the baseline's time ratios were recorded on version {baseline.Version} of the library; this run loads {current.Version}";

    /// <summary>Null when the baseline's time ratios can be judged here; otherwise why not.</summary>
    public static string? TimeGatingBlocker(MachineFingerprint baseline, MachineFingerprint current) =>
        baseline.Class == current.Class
            ? null
            : $"not applied: the baseline's time ratios were recorded on another class of machine ({baseline.Class}; this one is {current.Class})";
}
