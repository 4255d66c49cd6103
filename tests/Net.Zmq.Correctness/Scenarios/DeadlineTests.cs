using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Workloads;

namespace NetZmqTests.Correctness.Scenarios;

/// <summary>
/// Every kind of wait has a deadline: when the operation's last message never comes, each receive mode's wait
/// (blocking receive, poll, non-blocking quiet spell) gives up after the idle timeout and names the case.
/// </summary>
public sealed class DeadlineTests
{
    private static readonly WorkloadOptions ShortDeadline = WorkloadOptions.Correctness with { IdleTimeout = TimeSpan.FromMilliseconds(500) };

    public static TheoryData<string> OneCasePerDriverAndMode { get; } = new(
        CaseCatalog.All.Where(c => c.MessageSize == 64).Select(c => c.Id));

    [Theory(Timeout = 60_000)]
    [MemberData(nameof(OneCasePerDriverAndMode))]
    public async Task LastMessageNeverSent_OperationFailsWithTimeout_NamingCaseAndProgress(string caseId)
    {
        var definition = CaseCatalog.Get(caseId);
        DriverRequirement.Require(definition.Driver);

        var failure = await Task.Run(() =>
        {
            using var workload = RouterWorkload.Open(definition, ShortDeadline);
            return Assert.Throws<WorkloadFaultException>(
                () => workload.RunOperation(MessageFault.Lose(CaseCatalog.MessagesPerOperation - 1)));
        }, TestContext.Current.CancellationToken);

        Assert.Equal(FaultKind.Timeout, failure.Kind);
        Assert.StartsWith(caseId + ":", failure.Message, StringComparison.Ordinal);
        Assert.Contains("0.5 s", failure.Message, StringComparison.Ordinal);
        Assert.Contains("9,999 of 10,000 messages received", failure.Message, StringComparison.Ordinal);
    }
}
