using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Gating.Baselines;

/// <summary>What a baseline file that does not exist yet starts with: reviewed by hand from then on.</summary>
public sealed record NewFileDefaults(Tolerances Tolerances, Policy Policy, CrossClassRule CrossClass);

/// <summary>
/// A refresh after an intentional change: this class's measured values and fingerprint are replaced; the policy, the
/// tolerances and every other class stay as reviewed. A new case or class gets the default tolerances, a new class a
/// swing not measured (<see cref="Adoption.ClassAdoption"/> measures it).
/// </summary>
public static class BaselineRefresh
{
    public static BaselineFile Apply(BaselineFile? existing, string subject, string suite, IReadOnlyList<AnalyzedCase> measured,
        Fingerprint fingerprint, NewFileDefaults newFile)
    {
        var file = existing ?? new BaselineFile(BaselineFile.CurrentSchemaVersion, subject, suite, newFile.Policy, newFile.Tolerances, newFile.CrossClass, []);
        var own = file.ClassOf(fingerprint.Machine);
        var cases = new Dictionary<string, BaselineCase>(own?.Cases ?? new Dictionary<string, BaselineCase>(), StringComparer.Ordinal);
        foreach (var analyzed in measured)
        {
            var tolerances = cases.TryGetValue(analyzed.Case.Id, out var old) ? old.Tolerances : file.DefaultTolerances;
            cases[analyzed.Case.Id] = Observed(analyzed, tolerances);
        }

        var refreshed = own is null
            ? new ClassBaseline(fingerprint, BaselineRuns.SingleRefresh, cases)
            : own with { Fingerprint = fingerprint, Runs = own.Runs with { Values = 1 }, Cases = cases };
        return file.WithClass(refreshed);
    }

    public static BaselineCase Observed(AnalyzedCase analyzed, Tolerances tolerances) =>
        new(analyzed.Ratio.Value, analyzed.Ratio.Lower, analyzed.Ratio.Upper,
            analyzed.Measurement.BytesAllocatedPerOperation,
            analyzed.Measurement.NanosecondsPerOperation,
            tolerances,
            analyzed.Measurement.ProcessBytesPerOperation,
            analyzed.CpuRatio is { } cpu ? new Statistics.RatioEstimate(cpu.Value, cpu.Lower, cpu.Upper) : null);

    /// <summary>Refreshing is a deliberate local act; in CI it would silently accept whatever was measured.</summary>
    public static void RefuseUnderCi(Func<string, string?> environment)
    {
        var ci = environment("CI");
        if (!string.IsNullOrEmpty(ci))
        {
            throw new InvalidOperationException(
                $"UpdateBaselines=true is refused because CI is set (CI={ci}): baselines are refreshed on a developer machine and " +
                "reviewed in the pull request, never rewritten by a CI run. Nothing was changed.");
        }
    }
}
