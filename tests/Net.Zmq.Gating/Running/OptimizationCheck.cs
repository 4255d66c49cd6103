using System.Diagnostics;
using System.Reflection;

namespace NetZmqTests.Gating.Running;

/// <summary>Refuses to measure code the JIT may not optimize, whatever the build configuration says.</summary>
public static class OptimizationCheck
{
    public static void RequireOptimized(IEnumerable<Assembly> measured)
    {
        var unoptimized = measured
            .Where(a => a.GetCustomAttribute<DebuggableAttribute>()?.IsJITOptimizerDisabled == true)
            .Select(a => a.GetName().Name)
            .ToList();
        if (unoptimized.Count > 0)
        {
            throw new InvalidOperationException(
                $"Refusing to measure: {string.Join(", ", unoptimized)} {(unoptimized.Count == 1 ? "is" : "are")} " +
                "built without JIT optimizations. The measured projects set Optimize=true in build/*.targets; " +
                "something overrode it.");
        }
    }
}
