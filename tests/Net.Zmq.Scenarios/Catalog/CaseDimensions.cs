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
}

/// <summary>Which published table a case belongs to.</summary>
public enum Suite
{
    ReceiveModes,
}

public enum Pattern
{
    RouterRouter,
}

public enum Transport
{
    /// <summary>tcp on 127.0.0.1 with an ephemeral port.</summary>
    Tcp,
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
    /// The receive-mode suite's strategy: the sender copies out of one payload buffer it reuses, the receiver
    /// copies into one buffer it reuses (NetMQ: one Msg it reuses), so nothing is allocated per message by the
    /// workload itself.
    /// </summary>
    ReusedBuffer,
}
