using System.Security.Cryptography;
using NetZmqTests.Gating.Platform;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Sequence;

/// <summary>What a run measured and how (<see cref="RunIdentity"/>): what shards must share to be merged.</summary>
public static class PerfRunIdentity
{
    /// <param name="selection">The whole run's selection, before any shard takes its share: every shard names the same
    /// drivers.</param>
    public static RunIdentity Of(PerfSettings settings, SourceLayout layout, PerfRunSelection selection) =>
        new(GitCommit.Of(layout.RepositoryRoot), settings.Profile.Description, settings.Filter?.ToString(), settings.Injection?.Text, settings.Processes,
            settings.Placement.IsPinned ? "pinned" : "free",
            [.. selection.Cases.Select(c => c.Driver).Distinct().Order().Select(Describe)]);

    /// <summary>A driver's version, plus a hash of a Net.Zmq build's files (head and base may share one).</summary>
    private static string Describe(DriverId id) =>
        $"{id} {ZmqDrivers.Get(id).Availability.Provenance?.Version ?? "?"}" + (id switch
        {
            DriverId.NetZmq => NetZmqBuildFiles.Head,
            DriverId.NetZmqBase => NetZmqBuildFiles.Base.Files,
            _ => null,
        } is { } files ? $" sha256:{Hash(files)}" : "");

    private static string Hash(NetZmqBuildFiles files)
    {
        using var sha = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        foreach (var path in new[] { files.AssemblyPath("Net.Zmq"), files.AssemblyPath("Net.Zmq.Core"), files.NativeLibraryPath }.Where(File.Exists))
            sha.AppendData(File.ReadAllBytes(path));

        return Convert.ToHexStringLower(sha.GetHashAndReset())[..16];
    }
}
