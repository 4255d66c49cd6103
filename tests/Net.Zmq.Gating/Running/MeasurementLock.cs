namespace NetZmqTests.Gating.Running;

/// <summary>
/// Keeps measurements alone on the machine: Perf runs hold this machine-wide lock exclusively, other test runs
/// shared (Gating.Tests only when it is free, <see cref="SharedIfFree"/>), also when <c>dotnet test</c> starts every
/// project at once. On Unix a .NET FileStream takes an advisory flock: exclusive with FileShare.None, else shared.
/// </summary>
public sealed class MeasurementLock(FileStream handle) : IDisposable
{
    public static string LockPath { get; } = Path.Combine(Path.GetTempPath(), "net-zmq-tests.measurement.lock");

    /// <summary>Waits (bounded) for the lock; the message names who it waits for and what to do.</summary>
    public static MeasurementLock Acquire(bool exclusive, TimeSpan deadline, Action<string>? report = null)
    {
        var started = DateTime.UtcNow;
        for (var announced = false; ; announced = true)
        {
            try
            {
                var stream = new FileStream(LockPath, FileMode.OpenOrCreate, FileAccess.ReadWrite,
                    exclusive ? FileShare.None : FileShare.ReadWrite);
                if (announced)
                    report?.Invoke($"measurement lock acquired after {(DateTime.UtcNow - started).TotalSeconds:0} s");

                return new MeasurementLock(stream);
            }
            catch (IOException) when (DateTime.UtcNow - started < deadline)
            {
                if (!announced)
                {
                    report?.Invoke(exclusive
                        ? $"waiting for other test runs to finish before measuring ({LockPath} is held)"
                        : $"waiting for a Perf run to finish before running ({LockPath} is held exclusively)");
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

    /// <summary>The lock as every run that does not measure holds it: shared, its deadline past a Perf run.</summary>
    public static MeasurementLock Shared(Action<string>? report = null) =>
        Acquire(exclusive: false, TimeSpan.FromMinutes(15), report);

    /// <summary>
    /// The lock shared if it is free now, or null when a Perf run holds it: for runs of seconds that should neither
    /// wait for a measurement nor let one start under them. <paramref name="path"/>: another lock file, for its test.
    /// </summary>
    public static MeasurementLock? SharedIfFree(string? path = null)
    {
        try
        {
            return new MeasurementLock(new FileStream(path ?? LockPath, FileMode.OpenOrCreate, FileAccess.ReadWrite,
                FileShare.ReadWrite));
        }
        catch (IOException)
        {
            return null;
        }
    }

    public void Dispose() => handle.Dispose();
}
