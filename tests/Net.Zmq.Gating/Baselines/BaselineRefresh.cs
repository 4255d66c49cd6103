using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// A refresh after an intentional change: the observed values of the measured cases and the fingerprint are
/// replaced; the policy and every tolerance stay as reviewed. Cases not measured this time keep their entries.
/// A case new to the file gets the file's default tolerances; a new file gets the given policy and defaults.
/// </summary>
public static class BaselineRefresh
{
    public static BaselineFile Apply(BaselineFile? existing, string subject, string suite, IReadOnlyList<AnalyzedCase> measured,
        Fingerprint fingerprint, Tolerances defaultsForNewFile, Policy policyForNewFile)
    {
        var defaults = existing?.DefaultTolerances ?? defaultsForNewFile;
        var cases = new Dictionary<string, BaselineCase>(existing?.Cases ?? new Dictionary<string, BaselineCase>(), StringComparer.Ordinal);
        foreach (var analyzed in measured)
        {
            var tolerances = cases.TryGetValue(analyzed.Case.Id, out var old) ? old.Tolerances : defaults;
            cases[analyzed.Case.Id] = new BaselineCase(
                analyzed.Ratio.Value, analyzed.Ratio.Lower, analyzed.Ratio.Upper,
                analyzed.Measurement.BytesAllocatedPerOperation,
                analyzed.Measurement.NanosecondsPerOperation,
                tolerances)
            {
                ProcessBytesPerOperation = analyzed.Measurement.ProcessBytesPerOperation,
                CpuRatio = analyzed.CpuRatio is { } cpu ? new Statistics.RatioEstimate(cpu.Value, cpu.Lower, cpu.Upper) : null,
            };
        }

        return new BaselineFile(BaselineFile.CurrentSchemaVersion, subject, suite, fingerprint, existing?.Policy ?? policyForNewFile, defaults, cases)
        {
            AggregateTolerance = existing?.AggregateTolerance ?? BaselineFile.NewFileAggregateTolerance,
            ProcessBytesTolerance = existing?.ProcessBytesTolerance ?? BaselineFile.NewFileProcessBytesTolerance,
        };
    }

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
