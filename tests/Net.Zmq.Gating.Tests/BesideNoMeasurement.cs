using NetZmqTests.Gating.Running;
using NetZmqTests.Gating.Tests;

[assembly: AssemblyFixture(typeof(BesideNoMeasurement))]

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// These tests open no socket and take seconds, so they never wait for a Perf run: they hold the measurement lock
/// shared when it is free (a Perf run starting meanwhile waits the few seconds for them), and run without it when a
/// Perf run holds it. A measurement they run beside sees them as a neighbour (NeighbourLoad) and judges the cells
/// they touched by CPU time, as beside any other process.
/// </summary>
public sealed class BesideNoMeasurement : IDisposable
{
    private readonly MeasurementLock? _lock = Take();

    private static MeasurementLock? Take()
    {
        var taken = MeasurementLock.SharedIfFree();
        if (taken is null)
        {
            TestContext.Current.SendDiagnosticMessage(
                $"a Perf run holds {MeasurementLock.LockPath}: these tests run now, beside it, rather than wait for it");
        }

        return taken;
    }

    public void Dispose() => _lock?.Dispose();
}
