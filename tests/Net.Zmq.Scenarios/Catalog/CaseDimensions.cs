namespace NetZmqTests.Scenarios.Catalog;

/// <summary>A ZeroMQ implementation the suite can run its workloads on.</summary>
public enum DriverId
{
    /// <summary>Net.Zmq, the subject; an optional build input.</summary>
    NetZmq,

    /// <summary>libzmq through the thinnest P/Invoke: the floor Net.Zmq's overhead is measured against.</summary>
    LibZmq,

    /// <summary>NetMQ, the managed ZeroMQ: what a .NET user would pick instead; always available.</summary>
    NetMQ,

    /// <summary>
    /// Net.Zmq's base build: what a change (the head, <see cref="NetZmq"/>) is compared with, case by case in the same
    /// cells; an optional build input (NetZmqBaseSource, NetZmqBaseVersion). Its cases are the head's, run by the same
    /// driver code loaded a second time, over the base's Net.Zmq.
    /// </summary>
    NetZmqBase,
}

/// <summary>Which published table a case belongs to.</summary>
public enum Suite
{
    /// <summary>Net.Zmq's receive-mode table: ROUTER to ROUTER over tcp, four modes, four sizes.</summary>
    ReceiveModes,

    /// <summary>
    /// Every other pattern and transport in the four receive modes (ROUTER over tcp is ReceiveModes).
    /// </summary>
    Patterns,

    /// <summary>Net.Zmq's buffer-strategy table: ROUTER to ROUTER over tcp, blocking receive, six sizes.</summary>
    BufferStrategies,
}

public enum Pattern
{
    /// <summary>PUSH to PULL.</summary>
    PushPull,

    /// <summary>PUB to SUB (subscribed to everything).</summary>
    PubSub,

    /// <summary>ROUTER to ROUTER: every message is [routing id][payload].</summary>
    RouterRouter,
}

public enum Transport
{
    /// <summary>tcp on 127.0.0.1 with an ephemeral port.</summary>
    Tcp,

    /// <summary>In-process, within one driver's context.</summary>
    Inproc,
}

/// <summary>How the measured receiver waits for messages.</summary>
public enum ReceiveMode
{
    /// <summary>A blocking receive per frame.</summary>
    PureBlocking,

    /// <summary>Block for the first message, then drain without waiting.</summary>
    BlockingWithBatch,

    /// <summary>Drain without waiting; Thread.Sleep(1) when nothing is queued.</summary>
    NonBlocking,

    /// <summary>Poll until readable, then drain without waiting.</summary>
    Poller,
}

/// <summary>Where message bytes live on the way through.</summary>
public enum BufferStrategy
{
    /// <summary>
    /// The receive-mode and pattern suites' strategy: the sender copies out of one payload buffer it reuses, the
    /// receiver copies into one buffer it reuses (NetMQ: one Msg it reuses), so nothing is allocated per message by
    /// the workload itself.
    /// </summary>
    ReusedBuffer,

    /// <summary>A new managed array per message on both sides (NetMQ: a new array per frame).</summary>
    ByteArray,

    /// <summary>Arrays rented from ArrayPool&lt;byte&gt;.Shared and returned, on both sides.</summary>
    ArrayPool,

    /// <summary>A native message per message on both sides (NetMQ: a pooled Msg per frame).</summary>
    Message,

    /// <summary>
    /// The sender hands native memory to the library with a free callback; the receiver uses a native message.
    /// </summary>
    MessageZeroCopy,

    /// <summary>The sender rents from Net.Zmq's MessagePool (0.4.x only); the receiver uses a native message.</summary>
    MessagePool,

    /// <summary>
    /// MessagePool on both sides: the receiver rents a pooled message of the known size (0.4.x only).
    /// </summary>
    MessagePoolRecvPool,
}
