using static NetZmqTests.Scenarios.Drivers.LibZmq.LibZmqNative;

namespace NetZmqTests.Scenarios.Drivers.LibZmq;

/// <summary>
/// The floor receiver's handshake: a control frame within a wait of its own. (The file name sorts after
/// LibZmqReceiveSocket.cs: the explain command reads a type's members from the first file that declares it.)
/// </summary>
internal unsafe partial struct LibZmqReceiveSocket
{
    public readonly int ReceiveControl(byte[] control, TimeSpan wait)
    {
        LibZmqSession.SetInt(_socket, ZMQ_RCVTIMEO, (int)wait.TotalMilliseconds);
        try
        {
            fixed (byte* frame = control)
            {
                if (_routed)
                {
                    var idLength = BlockingRecv(frame, control.Length);
                    if (idLength < 0)
                    {
                        ThrowUnlessWouldBlock();
                        return -1;
                    }

                    RouterIdentities.CheckSender(control.AsSpan(0, idLength));
                }

                var length = BlockingRecv(frame, control.Length);
                if (length < 0)
                    ThrowUnlessWouldBlock();

                return length;
            }
        }
        finally
        {
            LibZmqSession.SetInt(_socket, ZMQ_RCVTIMEO, (int)_idle.TotalMilliseconds);
        }
    }
}
