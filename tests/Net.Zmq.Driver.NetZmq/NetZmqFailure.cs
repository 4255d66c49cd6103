using System.Runtime.ExceptionServices;
using Net.Zmq;
using Net.Zmq.Core.Native;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Driver.NetZmq;

/// <summary>
/// What a Net.Zmq call that threw means, decided once for every blocking receive, send and poll of the driver. Net.Zmq
/// throws where libzmq returns -1 (its Recv and Send treat only EAGAIN specially), so each call site catches and asks
/// here. The call sites keep their own loop around the call rather than pass it in as a delegate: the call is the
/// measured hot path, and a delegate would put an indirect call into every operation of the binding's figures.
/// </summary>
internal static class NetZmqFailure
{
    /// <summary>
    /// Returns when the call should be made again: a signal interrupted it before anything happened (EINTR; counted by
    /// <see cref="Interruptions"/>). Throws otherwise: where the socket's own timeout ran out (EAGAIN under RCVTIMEO or
    /// SNDTIMEO) a <see cref="TimeoutException"/> saying <paramref name="what"/> for <paramref name="idle"/>; any other
    /// error as Net.Zmq threw it, its stack kept.
    /// </summary>
    public static void RetryOrThrow(ZmqException failure, string what, TimeSpan idle)
    {
        if (Interruptions.Retry(failure.ErrorNumber, DriverId.NetZmq))
        {
            return;
        }

        if (failure.ErrorNumber == ZmqConstants.EAGAIN)
        {
            throw MessageReceiver.Idle(what, idle, failure);
        }

        ExceptionDispatchInfo.Throw(failure);
    }
}
