using System.Reflection;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// Measurements never run under coverage instrumentation (it changes what is timed): coverlet leaves a tracker type in
/// each module it rewrote, and finding one is the reason a Perf run skips.
/// </summary>
public static class InstrumentationCheck
{
    public const string CoverletTrackerNamespace = "Coverlet.Core.Instrumentation.Tracker";

    /// <summary>Why <paramref name="measured"/> cannot be measured (some are instrumented), or null.</summary>
    public static string? Blocker(IEnumerable<Assembly> measured)
    {
        var instrumented = measured
            .Where(a => a.GetTypes()
                .Any(t => t.FullName?.StartsWith(CoverletTrackerNamespace + ".", StringComparison.Ordinal) == true))
            .Select(a => a.GetName().Name)
            .ToList();
        return instrumented.Count == 0 ? null
            : $"not measured: {string.Join(", ", instrumented)} {(instrumented.Count == 1 ? "is" : "are")} " +
              "instrumented for code coverage, which changes what is timed; run the Perf tests without --collect";
    }
}
