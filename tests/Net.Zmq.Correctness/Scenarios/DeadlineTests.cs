using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Correctness.Scenarios;

/// <summary>
/// Every kind of wait has a deadline: when the operation's last message never comes, each receive mode's wait
/// (blocking receive, poll, non-blocking quiet spell) gives up after the idle timeout and names the case.
/// </summary>
public sealed class DeadlineTests
{
    // Short enough to keep the test quick, long enough that a loaded machine's scheduling stalls do not end the
    // operation before the missing message is the only thing it waits for (0.5 s did, with four runs at once).
    private static readonly WorkloadOptions ShortDeadline = WorkloadOptions.Correctness with { IdleTimeout = TimeSpan.FromSeconds(2) };

    /// <summary>
    /// Every receive loop once at 64 B: each mode with and without a routing-id frame (PUB/SUB runs PUSH/PULL's
    /// loop, inproc tcp's), and each buffer strategy's loop.
    /// </summary>
    public static TheoryData<string> OneCasePerReceiveLoop { get; } = new(
        CaseCatalog.All.Where(c => c.MessageSize == 64 && c.Transport == Transport.Tcp && c.Pattern != Pattern.PubSub)
            .Select(c => c.Id));

    [Theory(Timeout = 60_000)]
    [MemberData(nameof(OneCasePerReceiveLoop))]
    public async Task LastMessageNeverSent_OperationFailsWithTimeout_NamingCaseAndProgress(string caseId)
    {
        var definition = CaseCatalog.Get(caseId);
        DriverRequirement.Require(definition);

        var failure = await Task.Run(() =>
        {
            using var workload = MessageWorkload.Open(definition, ShortDeadline);
            return Assert.Throws<WorkloadFaultException>(
                () => workload.RunOperation(MessageFault.Lose(CaseCatalog.MessagesPerOperation - 1)));
        }, TestContext.Current.CancellationToken);

        Assert.Equal(FaultKind.Timeout, failure.Kind);
        Assert.StartsWith(caseId + ":", failure.Message, StringComparison.Ordinal);
        Assert.Matches(@" for 2 s \([\d,]+ of 10,000 messages received in this operation\)$", failure.Message);
    }
}
