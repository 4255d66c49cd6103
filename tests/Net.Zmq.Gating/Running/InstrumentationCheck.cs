using System.Reflection;

namespace NetZmqTests.Gating.Running;

/// <summary>
/// Measurements never run under coverage instrumentation: coverlet rewrites every instrumented method to count its
/// lines, which changes what is timed. It leaves a tracker type in each module it rewrote; finding one is the reason
/// a Perf run skips.
/// </summary>
public static class InstrumentationCheck
{
    /// <summary>
    /// Where coverlet puts its per-module hit tracker (named after the module, so its namespace goes on with the module
    /// name).
    /// </summary>
    public const string CoverletTrackerNamespace = "Coverlet.Core.Instrumentation.Tracker";

    /// <summary>Why <paramref name="measured"/> cannot be measured (some are instrumented), or null.</summary>
    public static string? Blocker(IEnumerable<Assembly> measured)
    {
        var instrumented = measured
            .Where(a => a.GetTypes().Any(t => t.FullName?.StartsWith(CoverletTrackerNamespace + ".", StringComparison.Ordinal) == true))
            .Select(a => a.GetName().Name)
            .ToList();
        return instrumented.Count == 0 ? null
            : $"not measured: {string.Join(", ", instrumented)} {(instrumented.Count == 1 ? "is" : "are")} instrumented for code coverage, " +
              "which changes what is timed; run the Perf tests without --collect";
    }
}
