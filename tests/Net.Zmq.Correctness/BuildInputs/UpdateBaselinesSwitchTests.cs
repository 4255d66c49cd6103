namespace NetZmqTests.Correctness.BuildInputs;

/// <summary>
/// <c>dotnet test -- UpdateBaselines=true</c> reaches the tests only through build/TestRun.targets, which turns it
/// into a test-process environment variable. This checks the target on the Perf project itself.
/// </summary>
public sealed class UpdateBaselinesSwitchTests
{
    private const string PerfProject = "tests/Net.Zmq.PerfTests/Net.Zmq.PerfTests.csproj";

    [Theory]
    [InlineData("UpdateBaselines=true")]
    [InlineData("Other=1%3BupdateBaselines=TRUE")]
    public void RunSetting_BecomesTheTestProcessEnvironmentVariable(string runSettings)
    {
        var (exitCode, output) = DotnetMsbuild.Run(PerfProject,
            ["-t:MapUpdateBaselinesToEnvironment", $"-p:VSTestCLIRunSettings={runSettings}", "-getProperty:VSTestCLIRunSettings"]);

        Assert.Equal(0, exitCode);
        Assert.EndsWith(";RunConfiguration.EnvironmentVariables.UpdateBaselines=true", output.Trim(), StringComparison.Ordinal);
    }

    [Fact]
    public void OtherRunSettings_AreLeftAlone()
    {
        var (exitCode, output) = DotnetMsbuild.Run(PerfProject,
            ["-t:MapUpdateBaselinesToEnvironment", "-p:VSTestCLIRunSettings=UpdateBaselines=false", "-getProperty:VSTestCLIRunSettings"]);

        Assert.Equal(0, exitCode);
        Assert.Equal("UpdateBaselines=false", output.Trim());
    }
}
