namespace NetZmqTests.Scenarios.Catalog;

/// <summary>What a workload's two ends are: everything in a case but its driver and suite.</summary>
public readonly record struct WorkloadShape(
    Pattern Pattern, Transport Transport, ReceiveMode Mode, BufferStrategy Strategy, int MessageSize)
{
    public static WorkloadShape Of(CaseDefinition definition) =>
        new(definition.Pattern, definition.Transport, definition.Mode, definition.Strategy, definition.MessageSize);

    public bool Routed => Pattern == Pattern.RouterRouter;

    public override string ToString() =>
        string.Join('/', Pattern, Transport, Mode, Strategy, CaseDefinition.FormatSize(MessageSize));
}
