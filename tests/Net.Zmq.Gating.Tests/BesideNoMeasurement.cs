using NetZmqTests.Gating.Running;
using NetZmqTests.Gating.Tests;

[assembly: AssemblyFixture(typeof(BesideNoMeasurement))]

namespace NetZmqTests.Gating.Tests;

/// <summary>
/// These tests open no socket and wait for nothing but a Perf measurement in progress: they hold the measurement
/// lock shared, as Correctness does, so plain <c>dotnet test</c> never runs them beside the Perf project's clock.
/// Alone, or beside Correctness, they start at once.
/// </summary>
public sealed class BesideNoMeasurement : IDisposable
{
    private readonly MeasurementLock _lock = MeasurementLock.Shared(message => TestContext.Current.SendDiagnosticMessage(message));

    public void Dispose() => _lock.Dispose();
}
