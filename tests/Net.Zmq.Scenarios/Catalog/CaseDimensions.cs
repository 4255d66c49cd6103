namespace NetZmqTests.Scenarios.Catalog;

/// <summary>A ZeroMQ implementation the suite can run its workloads on.</summary>
public enum DriverId
{
    /// <summary>Net.Zmq, the subject; an optional build input.</summary>
    NetZmq,

    /// <summary>libzmq through the thinnest P/Invoke: the floor Net.Zmq's overhead is measured against.</summary>
    LibZmq,

    /// <summary>NetMQ, the managed ZeroMQ a .NET user would pick instead; always available.</summary>
    NetMQ,

    /// <summary>
    /// Net.Zmq's base build, compared with the head case by case in the same cells: the same driver code loaded again
    /// over the base's Net.Zmq; an optional build input (NetZmqBaseSource, NetZmqBaseVersion).
    /// </summary>
    NetZmqBase,
}

/// <summary>Which published table a case belongs to.</summary>
public enum Suite
{
    /// <summary>Net.Zmq's receive-mode table: ROUTER to ROUTER over tcp, four modes, four sizes.</summary>
    ReceiveModes,

    /// <summary>Every other pattern and transport in the four receive modes.</summary>
    Patterns,

    /// <summary>Net.Zmq's buffer-strategy table: ROUTER to ROUTER over tcp, blocking receive, six sizes.</summary>
    BufferStrategies,
}

public enum Pattern
{
    PushPull,

    PubSub,

    /// <summary>ROUTER to ROUTER: every message is [routing id][payload].</summary>
    RouterRouter,
}

public enum Transport
{
    Tcp,

    /// <summary>In-process, within one driver's context.</summary>
    Inproc,
}

/// <summary>
/// How the measured receiver waits: a blocking receive per frame; block for one, then drain without waiting; drain,
/// with Thread.Sleep(1) when nothing is queued; poll until readable, then drain.
/// </summary>
public enum ReceiveMode
{
    PureBlocking,

    BlockingWithBatch,

    NonBlocking,

    Poller,
}

/// <summary>Where message bytes live on the way through.</summary>
public enum BufferStrategy
{
    /// <summary>
    /// One reused buffer on each side (NetMQ: one reused Msg), so the workload allocates nothing per message.
    /// </summary>
    ReusedBuffer,

    /// <summary>A new managed array per message on both sides (NetMQ: a new array per frame).</summary>
    ByteArray,

    /// <summary>Arrays rented from ArrayPool&lt;byte&gt;.Shared and returned, on both sides.</summary>
    ArrayPool,

    /// <summary>A native message per message on both sides (NetMQ: a pooled Msg per frame).</summary>
    Message,

    /// <summary>The sender hands native memory over with a free callback; the receiver uses a native message.
    /// </summary>
    MessageZeroCopy,

    /// <summary>The sender rents from Net.Zmq's MessagePool (0.4.x only); the receiver uses a native message.</summary>
    MessagePool,

    /// <summary>MessagePool on both sides: the receiver rents a pooled message of known size (0.4.x only).</summary>
    MessagePoolRecvPool,
}
