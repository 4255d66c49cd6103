namespace NetZmqTests.Correctness.BuildInputs;

/// <summary>
/// The base-build switches (build/NetZmqBase.targets), exercised on the real build: the base probe of the
/// Correctness project (into a private obj folder, so this build's own output is untouched) with a base that
/// exists nowhere, with none, and with a switch value that means nothing.
/// </summary>
public sealed class NetZmqBaseSwitchTests
{
    private const string AbsentVersion = "0.0.0-absent";

    [Fact]
    public void Auto_WithAnUnrestorableBase_WarnsInOneLineNamingVersionAndRemedy()
    {
        var (exitCode, output) = RunBaseProbe($"-p:NetZmqBaseVersion={AbsentVersion}");

        Assert.Equal(0, exitCode);
        var warning = Assert.Single(output.Split('\n'), line => line.Contains("warning NZT003", StringComparison.Ordinal));
        Assert.Matches($@"Net\.Zmq {AbsentVersion} is not restorable as the base from the sources in nuget\.config .*\(NU110\d: .+-p:NetZmqBaseSource=", warning);
    }

    /// <summary>A folder given is a base asked for: in auto mode too, a folder without it fails the build.</summary>
    [Fact]
    public void Auto_WithAGivenFolderWithoutTheBase_Fails()
    {
        var folder = Directory.CreateTempSubdirectory("netzmq-empty-base-");
        try
        {
            var (exitCode, output) = RunBaseProbe($"-p:NetZmqBaseVersion={AbsentVersion}", $"-p:NetZmqBaseSource={folder.FullName}");

            Assert.NotEqual(0, exitCode);
            Assert.Contains($"error NZT006: -p:NetZmqBaseSource was given, but Net.Zmq {AbsentVersion} is not restorable as the base from the sources in nuget.config and {folder.FullName}/", output, StringComparison.Ordinal);
            Assert.DoesNotContain("NZT003", output, StringComparison.Ordinal);
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }

    [Fact]
    public void Required_WithAnUnrestorableBase_FailsNamingTheVersion()
    {
        var (exitCode, output) = RunBaseProbe($"-p:NetZmqBaseVersion={AbsentVersion}", "-p:NetZmqBase=required");

        Assert.NotEqual(0, exitCode);
        Assert.Contains($"error NZT004: -p:NetZmqBase=required, but Net.Zmq {AbsentVersion} is not restorable as the base", output, StringComparison.Ordinal);
    }

    [Fact]
    public void Required_WithoutABase_FailsSayingHowToGiveOne()
    {
        var (exitCode, output) = RunBaseProbe("-p:NetZmqBase=required");

        Assert.NotEqual(0, exitCode);
        Assert.Contains("error NZT004: -p:NetZmqBase=required, but no base build was given. Give one with -p:NetZmqBaseSource=", output, StringComparison.Ordinal);
    }

    [Fact]
    public void NoBaseAsked_IsQuiet()
    {
        var (exitCode, output) = RunBaseProbe();

        Assert.Equal(0, exitCode);
        Assert.DoesNotContain("NZT00", output, StringComparison.Ordinal);
    }

    [Fact]
    public void UnknownSwitchValue_AndMissingFolder_AreErrorsNamingThem()
    {
        var (exitCode, output) = RunBaseProbe("-p:NetZmqBase=sometimes");
        Assert.NotEqual(0, exitCode);
        Assert.Contains("NetZmqBase='sometimes' is not one of auto, required, off.", output, StringComparison.Ordinal);

        (exitCode, output) = RunBaseProbe("-p:NetZmqBaseSource=/nonexistent/base-packages");
        Assert.NotEqual(0, exitCode);
        Assert.Contains("NetZmqBaseSource='/nonexistent/base-packages': folder /nonexistent/base-packages/ does not exist.", output, StringComparison.Ordinal);
    }

    private static (int ExitCode, string Output) RunBaseProbe(params string[] arguments) =>
        DotnetMsbuild.RunWithPrivateObj(Path.Combine("tests", "Net.Zmq.Correctness", "Net.Zmq.Correctness.csproj"), ["-t:ProbeNetZmqBase", .. arguments]);
}
