using System.Runtime.CompilerServices;
using NetZmqTests.Orchestration.Counting;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// As this assembly loads, before the test framework runs: an instruction process starts listening for the names of
/// the precompiled methods it will run (<see cref="PrecompiledCodeNames"/>); any other process does nothing here.
/// </summary>
internal static class InstructionProcessStart
{
    [ModuleInitializer]
    internal static void Start() => PrecompiledCodeNames.StartInInstructionProcess();
}
