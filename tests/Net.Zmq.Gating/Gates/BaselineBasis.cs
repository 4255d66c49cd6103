using System.Text.Json.Serialization;
using NetZmqTests.Gating.Baselines;

namespace NetZmqTests.Gating.Gates;

/// <summary>How a run's time ratios are judged against a baseline file.</summary>
public enum TimeJudgement
{
    OwnClass,

    /// <summary>
    /// Against another class: per-case time ratios move with the machine, so they are shown; a suite's geometric mean
    /// is judged where <see cref="CrossClassRule"/> says it carries.
    /// </summary>
    AcrossClasses,

    /// <summary>Not at all: the subject is another build of a native library than its baseline measured.</summary>
    NotJudged,
}

/// <summary>The largest relative difference of a case's bytes per operation between a file's classes.</summary>
public readonly record struct BytesBetweenClasses(double Bytes, double ProcessBytes);

/// <summary>
/// What one run's gates of one baseline file are judged against: this machine's own class once its swing is measured,
/// else the file's first class with one, and how time is judged there. Policy and allocation are judged everywhere.
/// </summary>
/// <param name="Why">Why time is not judged per case, shown with every gate it leaves unapplied.</param>
public sealed record BaselineBasis([property: JsonIgnore] BaselineFile File, ClassBaseline Class, TimeJudgement Time, string? Why)
{
    /// <summary>
    /// Chooses the class <paramref name="machine"/>'s run is judged against; <paramref name="nativeLibrary"/> is the
    /// subject's fingerprint where it is a native library (another version is another floor).
    /// </summary>
    public static BaselineBasis Choose(BaselineFile file, MachineFingerprint machine, SubjectFingerprint? nativeLibrary = null)
    {
        var own = file.ClassOf(machine);
        var basis = (own is { Runs.SwingMeasured: true }
            ? new BaselineBasis(file, own, TimeJudgement.OwnClass, null)
            : Across(file, machine, own)) with { OwnClass = own };
        // A ratio that moved with another native library is not a regression of anything this suite gates.
        var recorded = basis.Class.Fingerprint.Subject.Version;
        return nativeLibrary is not null && recorded != nativeLibrary.Version
            ? basis with
            {
                Time = TimeJudgement.NotJudged,
                Why = $"not applied: the baseline's time ratios were recorded on version {recorded} of the library; " +
                      $"this run loads {nativeLibrary.Version}",
            }
            : basis;
    }

    /// <summary>This machine's own class in the file, if any (perhaps one a refresh wrote without a swing).</summary>
    [JsonIgnore]
    public ClassBaseline? OwnClass { get; init; }

    /// <summary>
    /// The entry a case is judged against: the chosen class's, else this machine's own: a case added since the chosen
    /// class was measured has its entry only where a refresh wrote it, which must not then fail for want of it.
    /// </summary>
    public BaselineCase? EntryOf(string caseId) =>
        Class.Cases.TryGetValue(caseId, out var chosen) ? chosen
        : OwnClass is not null && OwnClass.Cases.TryGetValue(caseId, out var own) ? own
        : null;

    /// <summary>
    /// How much an allocation bound widens: nothing on a machine's own class; across classes, where bytes depend on
    /// timing (an I/O thread batches by how fast threads run), by the largest move seen between the file's classes.
    /// </summary>
    public BytesBetweenClasses BetweenClasses(string caseId)
    {
        if (Time == TimeJudgement.OwnClass || !Class.Cases.TryGetValue(caseId, out var chosen))
            return default;

        static double Move(double other, double of) => of > 0 ? Math.Abs((other / of) - 1) : 0;
        var others = File.Classes.Where(c => c.Key != Class.Key && c.Cases.ContainsKey(caseId)).Select(c => c.Cases[caseId]).ToList();
        return new BytesBetweenClasses(
            others.Select(o => Move(o.BytesPerOperation, chosen.BytesPerOperation)).DefaultIfEmpty(0).Max(),
            chosen.ProcessBytesPerOperation is { } process
                ? others.Where(o => o.ProcessBytesPerOperation is not null).Select(o => Move(o.ProcessBytesPerOperation!.Value, process)).DefaultIfEmpty(0).Max()
                : 0);
    }

    /// <summary>
    /// The basis of a file with one class, judged on that class (for the unit tests of single gates).
    /// </summary>
    public static BaselineBasis OwnClassOf(BaselineFile file) => new(file, file.Classes.Single(), TimeJudgement.OwnClass, null);

    private static BaselineBasis Across(BaselineFile file, MachineFingerprint machine, ClassBaseline? own)
    {
        const string adopt = "adopt this machine (dotnet run --project build/AdoptMachine) to judge every time ratio here";
        if (file.Classes.FirstOrDefault(c => c.Runs.SwingMeasured) is not { } measured)
        {
            var only = own ?? file.Classes[0];
            return new BaselineBasis(file, only, TimeJudgement.AcrossClasses,
                $"not applied: no class of this file has a measured run-to-run swing (its values come from single refreshes), so a case's time ratio is not judged; {adopt}");
        }

        return new BaselineBasis(file, measured, TimeJudgement.AcrossClasses, own is null
            ? $"not applied: the baseline has no values of this machine's class ({machine.Class}); per-case time ratios move with the machine, " +
              $"so they are judged only on their own class, and here only suite means are, against {measured.Key}; {adopt}"
            : $"not applied: this machine's class ({machine.Class}) is in the file from a single refresh, without its run-to-run swing; " +
              $"until then only suite means are judged, against {measured.Key}; {adopt}");
    }
}
