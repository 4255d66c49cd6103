using System.Diagnostics;
using System.Reflection;
using System.Reflection.Emit;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>The run refuses, loudly, to measure an assembly the JIT may not optimize.</summary>
public sealed class OptimizationCheckTests
{
    [Fact]
    public void UnoptimizedAssembly_IsRefusedByName()
    {
        var debug = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("Unoptimized.Sample"), AssemblyBuilderAccess.Run);
        debug.SetCustomAttribute(new CustomAttributeBuilder(
            typeof(DebuggableAttribute).GetConstructor([typeof(DebuggableAttribute.DebuggingModes)])!,
            [DebuggableAttribute.DebuggingModes.DisableOptimizations | DebuggableAttribute.DebuggingModes.Default]));

        var error = Assert.Throws<InvalidOperationException>(() => OptimizationCheck.RequireOptimized([debug, typeof(OptimizationCheck).Assembly]));

        Assert.StartsWith("Refusing to measure: Unoptimized.Sample is built without JIT optimizations", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void TheMeasuredLibraries_AreOptimizedEvenInThisBuild() =>
        OptimizationCheck.RequireOptimized([typeof(OptimizationCheck).Assembly, typeof(NetZmqTests.Scenarios.Catalog.CaseCatalog).Assembly]);
}

/// <summary>A run under coverage instrumentation skips, saying why, instead of timing instrumented code.</summary>
public sealed class InstrumentationCheckTests
{
    [Fact]
    public void AnAssemblyWithCoverletsTracker_IsNamedAsInstrumented()
    {
        var instrumented = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("Instrumented.Sample"), AssemblyBuilderAccess.Run);
        instrumented.DefineDynamicModule("Instrumented.Sample").DefineType($"{InstrumentationCheck.CoverletTrackerNamespace}.Instrumented.Sample_1234").CreateType();

        var blocker = InstrumentationCheck.Blocker([instrumented, typeof(string).Assembly]);

        Assert.StartsWith("not measured: Instrumented.Sample is instrumented for code coverage", blocker, StringComparison.Ordinal);
    }

    [Fact]
    public void PlainAssemblies_AreMeasured() => Assert.Null(InstrumentationCheck.Blocker([typeof(string).Assembly, typeof(Assert).Assembly]));
}
