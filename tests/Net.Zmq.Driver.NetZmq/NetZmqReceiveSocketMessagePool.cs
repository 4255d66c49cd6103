#if NETZMQ_MESSAGEPOOL
using Net.Zmq;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Driver.NetZmq;

/// <summary>
/// The receive bodies that name MessagePool, each in a method of its own and never inlined: the runtime refuses a
/// whole method that names a member its Net.Zmq lacks, so a build without MessagePool (0.5.0) still runs the rest.
/// (The file name sorts after NetZmqReceiveSocket.cs, the file the explain command reads the type's members from.)
/// </summary>
internal partial struct NetZmqReceiveSocket
{
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private readonly void ReceivePooled(ReceiveLedger ledger)
    {
        // Dispose returns the message to the pool; the receiver knows the size, as this API requires.
        using var pooled = MessagePool.Shared.Rent(_size);
        var pooledLength = ReceiveMessage(pooled, _size);
        ledger.Accept(pooled.Data, pooledLength);
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private readonly int ReceiveSized(Message message, int size) => _socket.Recv(message, size);
}
#endif
