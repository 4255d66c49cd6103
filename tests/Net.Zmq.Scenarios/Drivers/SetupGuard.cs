namespace NetZmqTests.Scenarios.Drivers;

/// <summary>Socket setup that cannot leak: if configuring a freshly made socket throws, the socket is closed.</summary>
internal static class SetupGuard
{
    public static T DisposeOnFailure<TResource, T>(TResource resource, Func<TResource, T> configure)
        where TResource : IDisposable =>
        CleanUpOnFailure(resource, r => r.Dispose(), configure);

    /// <summary>The same for a raw handle (libzmq's socket pointer) with its own close call.</summary>
    public static T CleanUpOnFailure<TResource, T>(
        TResource resource, Action<TResource> cleanUp, Func<TResource, T> configure)
    {
        try
        {
            return configure(resource);
        }
        catch
        {
            cleanUp(resource);
            throw;
        }
    }
}
