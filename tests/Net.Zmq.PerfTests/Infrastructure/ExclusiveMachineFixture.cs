using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Processes;
using NetZmqTests.PerfTests.Infrastructure;

[assembly: AssemblyFixture(typeof(ExclusiveMachineFixture))]
[assembly: CollectionBehavior(DisableTestParallelization = true)]

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>
/// Holds the machine-wide measurement lock exclusively while this assembly's tests run; a process a Perf run started
/// (<see cref="ProcessEntryPoints"/>) runs under its run's lock and takes none.
/// </summary>
public sealed class ExclusiveMachineFixture : IDisposable
{
    private readonly MeasurementLock? _lock =
        Environment.GetEnvironmentVariable(MeasurementRequest.Variable) is not null
        || Environment.GetEnvironmentVariable(CountingRequest.Variable) is not null
        || Environment.GetEnvironmentVariable(InstructionRequest.Variable) is not null
        ? null
        : MeasurementLock.Acquire(exclusive: true, TimeSpan.FromMinutes(15),
            message => TestContext.Current.SendDiagnosticMessage(message));

    public void Dispose() => _lock?.Dispose();
}
