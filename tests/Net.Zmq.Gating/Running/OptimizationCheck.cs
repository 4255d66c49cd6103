using System.Diagnostics;
using System.Reflection;

namespace NetZmqTests.Gating.Running;

/// <summary>Refuses to measure code the JIT may not optimize, whatever the build configuration says.</summary>
public static class OptimizationCheck
{
    public static void RequireOptimized(IEnumerable<Assembly> measured)
    {
        if (Naming(measured, a => a.GetCustomAttribute<DebuggableAttribute>()?.IsJITOptimizerDisabled == true) is
            { } unoptimized)
        {
            throw new InvalidOperationException(
                $"Refusing to measure: {unoptimized} built without JIT optimizations. The measured projects set " +
                "Optimize=true in build/*.targets; something overrode it.");
        }
    }

    /// <summary>The names of the assemblies <paramref name="which"/> picks, then "is" or "are"; null if none.</summary>
    internal static string? Naming(IEnumerable<Assembly> assemblies, Func<Assembly, bool> which)
    {
        var names = assemblies.Where(which).Select(a => a.GetName().Name).ToList();
        return names.Count == 0 ? null : $"{string.Join(", ", names)} {(names.Count == 1 ? "is" : "are")}";
    }
}

/// <summary>
/// Measurements never run under coverage instrumentation (it changes what is timed): coverlet leaves a tracker type in
/// each module it rewrote, and finding one is the reason a Perf run skips.
/// </summary>
public static class InstrumentationCheck
{
    public const string CoverletTrackerNamespace = "Coverlet.Core.Instrumentation.Tracker";

    /// <summary>Why <paramref name="measured"/> cannot be measured (some are instrumented), or null.</summary>
    public static string? Blocker(IEnumerable<Assembly> measured) =>
        OptimizationCheck.Naming(measured, a => a.GetTypes()
            .Any(t => t.FullName?.StartsWith(CoverletTrackerNamespace + ".", StringComparison.Ordinal) == true))
            is { } instrumented
            ? $"not measured: {instrumented} instrumented for code coverage, which changes what is timed; run the " +
              "Perf tests without --collect"
            : null;
}
