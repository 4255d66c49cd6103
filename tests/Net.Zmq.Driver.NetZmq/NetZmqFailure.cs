using System.Runtime.ExceptionServices;
using Net.Zmq;
using Net.Zmq.Core.Native;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Driver.NetZmq;

/// <summary>
/// What a Net.Zmq call that threw means (Net.Zmq throws where libzmq returns -1). Call sites keep their own retry loop
/// rather than pass a delegate, which would put an indirect call on the measured path.
/// </summary>
internal static class NetZmqFailure
{
    /// <summary>
    /// Returns when a signal interrupted the call (EINTR): make it again. Throws otherwise: a
    /// <see cref="TimeoutException"/> when the socket's timeout ran out (EAGAIN), else Net.Zmq's own, stack kept.
    /// </summary>
    public static void RetryOrThrow(ZmqException failure, string what, TimeSpan idle)
    {
        if (Interruptions.Retry(failure.ErrorNumber, DriverId.NetZmq))
            return;

        if (failure.ErrorNumber == ZmqConstants.EAGAIN)
            throw MessageReceiver.Idle(what, idle, failure);

        ExceptionDispatchInfo.Throw(failure);
    }
}
