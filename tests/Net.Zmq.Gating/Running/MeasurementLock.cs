namespace NetZmqTests.Gating.Running;

/// <summary>
/// Keeps measurements alone on the machine. Perf runs hold this machine-wide lock exclusively for their whole
/// run; Correctness runs hold it shared (any number of them together), and Gating.Tests runs shared only when it is
/// free (<see cref="SharedIfFree"/>). So a Perf run waits for running test runs and Correctness waits for it — also
/// when plain <c>dotnet test</c> starts every project at once.
/// On Unix a .NET FileStream takes an advisory flock: exclusive with FileShare.None, shared otherwise.
/// </summary>
public sealed class MeasurementLock : IDisposable
{
    public static string LockPath { get; } = Path.Combine(Path.GetTempPath(), "net-zmq-tests.measurement.lock");

    private readonly FileStream _handle;

    private MeasurementLock(FileStream handle) => _handle = handle;

    /// <summary>Waits (bounded) for the lock; the message names who it waits for and what to do.</summary>
    public static MeasurementLock Acquire(bool exclusive, TimeSpan deadline, Action<string>? report = null)
    {
        var started = DateTime.UtcNow;
        var announced = false;
        while (true)
        {
            try
            {
                var stream = new FileStream(LockPath, FileMode.OpenOrCreate, FileAccess.ReadWrite,
                    exclusive ? FileShare.None : FileShare.ReadWrite);
                if (announced)
                {
                    report?.Invoke($"measurement lock acquired after {(DateTime.UtcNow - started).TotalSeconds:0} s");
                }

                return new MeasurementLock(stream);
            }
            catch (IOException) when (DateTime.UtcNow - started < deadline)
            {
                if (!announced)
                {
                    report?.Invoke(exclusive
                        ? $"waiting for other test runs to finish before measuring ({LockPath} is held)"
                        : $"waiting for a Perf run to finish before running ({LockPath} is held exclusively)");
                    announced = true;
                }

                Thread.Sleep(200);
            }
            catch (IOException e)
            {
                throw new TimeoutException(
                    $"{LockPath} stayed held for {deadline.TotalMinutes:0} min: another test run is still going. " +
                    "Perf measurements never share the machine with other test runs.", e);
            }
        }
    }

    /// <summary>
    /// The lock as every run that does not measure holds it: shared, so any number run together and none beside a
    /// Perf measurement (a Perf run takes about 7 minutes, hence the deadline).
    /// </summary>
    public static MeasurementLock Shared(Action<string>? report = null) => Acquire(exclusive: false, TimeSpan.FromMinutes(15), report);

    /// <summary>
    /// The lock shared if it is free now, or null when a Perf run holds it: for runs of seconds that should neither
    /// wait minutes for a measurement nor let one start under them. <paramref name="path"/>: another lock file, for its
    /// test.
    /// </summary>
    public static MeasurementLock? SharedIfFree(string? path = null)
    {
        try
        {
            return new MeasurementLock(new FileStream(path ?? LockPath, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.ReadWrite));
        }
        catch (IOException)
        {
            return null;
        }
    }

    public void Dispose() => _handle.Dispose();
}
