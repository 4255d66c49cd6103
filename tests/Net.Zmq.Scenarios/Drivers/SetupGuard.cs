namespace NetZmqTests.Scenarios.Drivers;

/// <summary>Socket setup that cannot leak: if configuring a freshly made socket throws, the socket is closed.</summary>
internal static class SetupGuard
{
    public static T DisposeOnFailure<TResource, T>(TResource resource, Func<TResource, T> configure)
        where TResource : IDisposable
    {
        try
        {
            return configure(resource);
        }
        catch
        {
            resource.Dispose();
            throw;
        }
    }
}
