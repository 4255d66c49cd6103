using System.IO.Compression;
using System.Text.RegularExpressions;

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

    /// <summary>A folder given is a build asked for: in auto mode too, a folder without the version fails.</summary>
    [Fact]
    public void Auto_WithAGivenFolderWithoutTheVersion_FailsNamingTheFolder()
    {
        var folder = Directory.CreateTempSubdirectory("netzmq-empty-source-");
        try
        {
            var (exitCode, output) = RunDriverBuild("-t:Restore", "-p:NetZmq=auto", $"-p:NetZmqSource={folder.FullName}");

            Assert.NotEqual(0, exitCode);
            Assert.Matches(
                $@"error NZT005: -p:NetZmqSource was given, but Net\.Zmq {AbsentVersion} is not restorable from the sources in nuget\.config and {Regex.Escape(folder.FullName)}/ \(NU110\d",
                output);
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }

    /// <summary>
    /// Net.Zmq's packages pin dependencies a source may not serve (0.4.1: ObjectPool 8.0.0, served here from 8.0.11):
    /// NuGet takes the next version (NU1603, kept a warning) and the probe's status says what it substituted. The
    /// package here is a stand-in holding only such a pin (no code, never built against), restored into a private
    /// folder.
    /// </summary>
    [Fact]
    public void AGivenFolderWhoseDependencyIsSubstituted_Restores_AndTheStatusSaysWhat()
    {
        var scratch = Directory.CreateTempSubdirectory("netzmq-substituted-");
        try
        {
            const string version = "0.0.0-substituted";
            var source = Directory.CreateDirectory(Path.Combine(scratch.FullName, "source")).FullName;
            PackageWithOnePin(Path.Combine(source, $"Net.Zmq.{version}.nupkg"), version, "Microsoft.Extensions.ObjectPool", "8.0.10000");
            var verdict = Path.Combine(scratch.FullName, "verdict.txt");

            var (exitCode, output) = DotnetMsbuild.Run(Path.Combine("build", "NetZmqProbe", "NetZmqProbe.csproj"),
            [
                "-restore", "-t:WriteNetZmqProbeResult", $"-p:NetZmqVersion={version}", $"-p:NetZmqSource={source}",
                $"-p:NetZmqProbeResultFile={verdict}", $"-p:BaseIntermediateOutputPath={scratch.FullName}/obj/",
                $"-p:RestorePackagesPath={scratch.FullName}/packages/",
            ]);

            Assert.True(exitCode == 0, output);
            Assert.Contains("warning NU1603", output, StringComparison.Ordinal);
            Assert.Matches(
                $@"^available\|Net\.Zmq {version} restored from {Regex.Escape(source)}/: .* NuGet substituted a dependency \(NU1603\): .*Microsoft\.Extensions\.ObjectPool \(>= 8\.0\.10000\).* was resolved instead\.",
                File.ReadAllText(verdict));
        }
        finally
        {
            scratch.Delete(recursive: true);
        }
    }

    [Fact]
    public void UnknownSwitchValue_IsAnErrorNamingTheValue()
    {
        var (exitCode, output) = RunDriverBuild("-t:Restore", "-p:NetZmq=sometimes");

        Assert.NotEqual(0, exitCode);
        Assert.Contains("NetZmq='sometimes' is not one of auto, required, off.", output, StringComparison.Ordinal);
    }

    /// <summary>A package of the given id and version whose only content is one dependency.</summary>
    private static void PackageWithOnePin(string path, string version, string dependency, string dependencyVersion)
    {
        using var zip = ZipFile.Open(path, ZipArchiveMode.Create);
        using var writer = new StreamWriter(zip.CreateEntry("Net.Zmq.nuspec").Open());
        writer.Write($"""
            <?xml version="1.0" encoding="utf-8"?>
            <package xmlns="http://schemas.microsoft.com/packaging/2013/05/nuspec.xsd">
              <metadata>
                <id>Net.Zmq</id><version>{version}</version><authors>Net.Zmq.Tests</authors>
                <description>A stand-in that holds one dependency pin.</description>
                <dependencies><group targetFramework="net8.0"><dependency id="{dependency}" version="{dependencyVersion}" /></group></dependencies>
              </metadata>
            </package>
            """);
    }

    private static (int ExitCode, string Output) RunDriverBuild(params string[] arguments) =>
        DotnetMsbuild.RunWithPrivateObj(Path.Combine("tests", "Net.Zmq.Driver.NetZmq", "Net.Zmq.Driver.NetZmq.csproj"), [.. arguments, $"-p:NetZmqVersion={AbsentVersion}"]);
}
