using System.Runtime.InteropServices;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Scenarios.Drivers.LibZmq;

/// <summary>
/// The floor: the few libzmq C functions the workloads need, declared as directly as C# allows (blittable arguments
/// but for the setup's endpoints, source-generated stubs), resolved by <see cref="LibZmqLibrary"/>. Calls whose errno
/// is read afterwards capture it in the stub (SetLastError), so the runtime cannot overwrite it before the check.
/// </summary>
internal static unsafe partial class LibZmqNative
{
    /// <summary>Pinned for its owner's life: the loops hand libzmq raw pointers with no fixed per message.</summary>
    public static byte[] PinnedArray(int length, out byte* address)
    {
        var array = GC.AllocateArray<byte>(length, pinned: true);
        address = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(array, 0);
        return array;
    }

    public const string Library = "libzmq";

    public const int ZMQ_PUB = 1;
    public const int ZMQ_SUB = 2;
    public const int ZMQ_ROUTER = 6;
    public const int ZMQ_PULL = 7;
    public const int ZMQ_PUSH = 8;
    public const int ZMQ_SUBSCRIBE = 6;
    public const int ZMQ_ROUTING_ID = 5;
    public const int ZMQ_TYPE = 16;
    public const int ZMQ_LINGER = 17;
    public const int ZMQ_SNDHWM = 23;
    public const int ZMQ_RCVHWM = 24;
    public const int ZMQ_RCVTIMEO = 27;
    public const int ZMQ_SNDTIMEO = 28;
    public const int ZMQ_LAST_ENDPOINT = 32;
    public const int ZMQ_ROUTER_MANDATORY = 33;
    public const int ZMQ_DONTWAIT = 1;
    public const int ZMQ_SNDMORE = 2;
    public const short ZMQ_POLLIN = 1;

    /// <summary>libzmq passes the platform's errno values through.</summary>
    public static readonly int EAGAIN = OperatingSystem.IsMacOS() ? 35 : 11;
    public static readonly int EHOSTUNREACH = OperatingSystem.IsMacOS() ? 65 : 113;

    /// <summary>True when the call that returned -1 was interrupted by a signal and is to be made again.</summary>
    public static bool Interrupted() => Interruptions.Retry(Marshal.GetLastPInvokeError(), DriverId.LibZmq);

    /// <summary>zmq_pollitem_t on POSIX (the fd is an int; Windows' SOCKET is pointer-sized).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct PollItem
    {
        public nint Socket;
        public int Fd;
        public short Events;
        public short ReturnedEvents;
    }

    [LibraryImport(Library)]
    public static partial void zmq_version(int* major, int* minor, int* patch);

    [LibraryImport(Library)]
    public static partial nint zmq_ctx_new();

    [LibraryImport(Library)]
    public static partial int zmq_ctx_shutdown(nint context);

    [LibraryImport(Library)]
    public static partial int zmq_ctx_term(nint context);

    [LibraryImport(Library, SetLastError = true)]
    public static partial nint zmq_socket(nint context, int type);

    [LibraryImport(Library)]
    public static partial int zmq_close(nint socket);

    [LibraryImport(Library, SetLastError = true)]
    public static partial int zmq_setsockopt(nint socket, int option, void* value, nuint length);

    [LibraryImport(Library, SetLastError = true)]
    public static partial int zmq_getsockopt(nint socket, int option, void* value, nuint* length);

    [LibraryImport(Library, SetLastError = true, StringMarshalling = StringMarshalling.Utf8)]
    public static partial int zmq_bind(nint socket, string endpoint);

    [LibraryImport(Library, SetLastError = true, StringMarshalling = StringMarshalling.Utf8)]
    public static partial int zmq_connect(nint socket, string endpoint);

    [LibraryImport(Library, SetLastError = true)]
    public static partial int zmq_send(nint socket, void* buffer, nuint length, int flags);

    [LibraryImport(Library, SetLastError = true)]
    public static partial int zmq_recv(nint socket, void* buffer, nuint length, int flags);

    [LibraryImport(Library, SetLastError = true)]
    public static partial int zmq_poll(PollItem* items, int count, CLong timeout);

    [LibraryImport(Library)]
    public static partial byte* zmq_strerror(int error);

    /// <summary>zmq_msg_t: 64 opaque bytes, pointer-aligned; lives on the caller's stack.</summary>
    [System.Runtime.CompilerServices.InlineArray(8)]
    public struct ZmqMsg
    {
        private ulong _element;
    }

    [LibraryImport(Library)]
    public static partial int zmq_msg_init(ZmqMsg* message);

    [LibraryImport(Library, SetLastError = true)]
    public static partial int zmq_msg_init_size(ZmqMsg* message, nuint size);

    /// <summary>Zero-copy: libzmq owns <paramref name="data"/>, calling <paramref name="free"/> once.</summary>
    [LibraryImport(Library, SetLastError = true)]
    public static partial int zmq_msg_init_data(ZmqMsg* message, void* data, nuint size,
        delegate* unmanaged[Cdecl]<void*, void*, void> free, void* hint);

    [LibraryImport(Library, SetLastError = true)]
    public static partial int zmq_msg_send(ZmqMsg* message, nint socket, int flags);

    [LibraryImport(Library, SetLastError = true)]
    public static partial int zmq_msg_recv(ZmqMsg* message, nint socket, int flags);

    [LibraryImport(Library)]
    public static partial void* zmq_msg_data(ZmqMsg* message);

    [LibraryImport(Library)]
    public static partial nuint zmq_msg_size(ZmqMsg* message);

    [LibraryImport(Library)]
    public static partial int zmq_msg_close(ZmqMsg* message);

    public static string Describe(int error) =>
        $"{Marshal.PtrToStringUTF8((nint)zmq_strerror(error))} (errno {error})";

    /// <summary>For the setup path: throws with libzmq's own message when a call returned -1.</summary>
    public static void Check(int result, string what)
    {
        if (result == -1)
            throw new LibZmqException(what, Marshal.GetLastPInvokeError());
    }
}

public sealed class LibZmqException(string what, int error)
    : Exception($"libzmq {what} failed: {LibZmqNative.Describe(error)}")
{
    public int Error { get; } = error;
}
