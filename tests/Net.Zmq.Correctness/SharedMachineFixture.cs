using NetZmqTests.Correctness;
using NetZmqTests.Gating.Running;

[assembly: AssemblyFixture(typeof(SharedMachineFixture))]

namespace NetZmqTests.Correctness;

/// <summary>
/// Holds the machine-wide measurement lock shared while Correctness runs: any number of Correctness runs may
/// share the machine, but never with a Perf run, which takes the lock exclusively.
/// </summary>
public sealed class SharedMachineFixture : IDisposable
{
    private readonly MeasurementLock _lock = MeasurementLock.Shared(message => TestContext.Current.SendDiagnosticMessage(message));

    public void Dispose() => _lock.Dispose();
}
