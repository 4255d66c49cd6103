namespace NetZmqTests.Correctness.BuildInputs;

/// <summary>
/// The Net.Zmq switches, exercised on the real build: restore the Net.Zmq driver's project, the one that references
/// Net.Zmq (into a private obj folder, so this build's own output is untouched), with a version that exists nowhere.
/// </summary>
public sealed class NetZmqSwitchTests
{
    private const string AbsentVersion = "0.0.0-absent";

    [Fact]
    public void Required_WithAnUnrestorableVersion_FailsNamingVersionSourcesAndRemedy()
    {
        var (exitCode, output) = RunDriverBuild("-t:Restore", "-p:NetZmq=required");

        Assert.NotEqual(0, exitCode);
        Assert.Matches(
            $@"error NZT002: -p:NetZmq=required, but Net\.Zmq {AbsentVersion} is not restorable from the sources in nuget\.config \(NU110\d: [^)]+\).*-p:NetZmqSource=",
            output);
    }

    [Fact]
    public void Auto_WithAnUnrestorableVersion_WarnsInOneLineAndCompilesTheDriverOut()
    {
        var (exitCode, output) = RunDriverBuild("-restore", "-t:ReportNetZmq", "-p:NetZmq=auto");

        Assert.Equal(0, exitCode);
        var warning = Assert.Single(output.Split('\n'), line => line.Contains("warning NZT001", StringComparison.Ordinal));
        Assert.Contains($"Net.Zmq {AbsentVersion} is not restorable", warning, StringComparison.Ordinal);
        Assert.Contains("the Net.Zmq driver is compiled out", warning, StringComparison.Ordinal);
    }

    [Fact]
    public void UnknownSwitchValue_IsAnErrorNamingTheValue()
    {
        var (exitCode, output) = RunDriverBuild("-t:Restore", "-p:NetZmq=sometimes");

        Assert.NotEqual(0, exitCode);
        Assert.Contains("NetZmq='sometimes' is not one of auto, required, off.", output, StringComparison.Ordinal);
    }

    private static (int ExitCode, string Output) RunDriverBuild(params string[] arguments) =>
        DotnetMsbuild.RunWithPrivateObj(Path.Combine("tests", "Net.Zmq.Driver.NetZmq", "Net.Zmq.Driver.NetZmq.csproj"), [.. arguments, $"-p:NetZmqVersion={AbsentVersion}"]);
}
