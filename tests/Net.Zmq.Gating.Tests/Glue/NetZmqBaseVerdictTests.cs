using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Gating.Tests.Glue;

/// <summary>
/// The base build's verdict file, as build/NetZmqBase.targets writes it, read back: a base, a reason, or an error
/// naming the file.
/// </summary>
public sealed class NetZmqBaseVerdictTests : IDisposable
{
    private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("netzmq-base-verdict-");

    public void Dispose() => _folder.Delete(recursive: true);

    [Fact]
    public void Available_IsABaseWithItsVersionAndOrigin()
    {
        Write("available|Net.Zmq 0.5.0 restored from /packages/base/: the base build.", "0.5.0");

        var (files, status) = NetZmqBuildFiles.ReadBase(_folder.FullName);

        Assert.NotNull(files);
        Assert.Equal(("base", _folder.FullName, "0.5.0", "Net.Zmq 0.5.0 restored from /packages/base/: the base build"),
            (files.Name, files.Folder, files.PackageVersion, files.Origin));
        Assert.StartsWith("Net.Zmq 0.5.0 restored from", status, StringComparison.Ordinal);
    }

    [Fact]
    public void Absent_IsNoBase_WithTheBuildsReason()
    {
        Write("absent|no base build was given. Give one with -p:NetZmqBaseSource=…", "");

        var (files, status) = NetZmqBuildFiles.ReadBase(_folder.FullName);

        Assert.Null(files);
        Assert.Equal("no base build was given. Give one with -p:NetZmqBaseSource=…", status);
    }

    [Fact]
    public void NoVerdictFile_IsNoBase_NamingTheFile()
    {
        var (files, status) = NetZmqBuildFiles.ReadBase(_folder.FullName);

        Assert.Null(files);
        Assert.Contains(Path.Combine(_folder.FullName, "verdict.txt"), status, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("available without a bar", "0.5.0")]
    [InlineData("available|an origin but no version line")]
    [InlineData("maybe|something")]
    public void AnUnreadableVerdict_IsAnErrorNamingTheFileAndLine(params string[] lines)
    {
        Write(lines);

        var error = Assert.Throws<InvalidDataException>(() => NetZmqBuildFiles.ReadBase(_folder.FullName));

        Assert.StartsWith($"{Path.Combine(_folder.FullName, "verdict.txt")}, line 1: expected", error.Message, StringComparison.Ordinal);
    }

    private void Write(params string[] lines) => File.WriteAllLines(Path.Combine(_folder.FullName, "verdict.txt"), lines);
}
