using NetZmqTests.Orchestration.Selection;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>
/// The run controls of a run of several processes: how many, and where a deliberate regression applies.
/// </summary>
public sealed class PerfProcessSettingsTests
{
    [Theory]
    [InlineData("3", 3)]
    [InlineData(" 1 ", 1)]
    [InlineData(null, null)]
    public void Processes_FromEnvironment(string? text, int? expected) =>
        Assert.Equal(expected, PerfSettings.ProcessesFromEnvironment(name => name == "PERF_PROCESSES" ? text : null));

    [Theory]
    [InlineData("0")]
    [InlineData("21")]
    [InlineData("two")]
    public void Processes_Malformed_IsAnErrorNamingTheVariable(string text) =>
        Assert.Contains("PERF_PROCESSES", Assert.Throws<ArgumentException>(() => PerfSettings.ProcessesFromEnvironment(_ => text)).Message, StringComparison.Ordinal);

    [Fact]
    public void InjectedProcesses_FromEnvironment_AreTheNumbersListed()
    {
        Assert.Equal([1, 3], PerfSettings.InjectedProcessesFromEnvironment(name => name == "PERF_INJECT_PROCESSES" ? "1; 3" : null)!.Order());
        Assert.Null(PerfSettings.InjectedProcessesFromEnvironment(_ => null));
        Assert.Contains("PERF_INJECT_PROCESSES", Assert.Throws<ArgumentException>(() => PerfSettings.InjectedProcessesFromEnvironment(_ => "0")).Message,
            StringComparison.Ordinal);
    }
}
