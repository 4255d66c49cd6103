using Snapshooter;
using Snapshooter.Core;
using Snapshooter.Core.Serialization;

namespace NetZmqTests.Gating.Snapshots;

public sealed class SnapshotMismatchException(string message) : Exception(message);

/// <summary>
/// Snapshot tests of texts (reports) with Snapshooter, named explicitly (it finds test names only under xUnit v2):
/// <c>testFolder/__snapshots__/name</c>, plain markdown a reviewer reads in a diff. A changed text fails and is written
/// to <c>__snapshots__/__mismatch__/</c>; a missing snapshot is created locally, but fails when <c>CI</c> is set.
/// </summary>
public static class TextSnapshots
{
    public static void Match(string text, string testFolder, string name, Func<string, string?> environment)
    {
        var folder = Path.Combine(testFolder, FileNames.SnapshotFolderName);
        var snapshot = Path.Combine(folder, name);
        var mismatch = Path.Combine(folder, FileNames.MismatchFolderName, name);
        var ci = environment("CI");
        if (!string.IsNullOrEmpty(ci) && !File.Exists(snapshot))
        {
            Directory.CreateDirectory(Path.GetDirectoryName(mismatch)!);
            File.WriteAllText(mismatch, text);
            throw new SnapshotMismatchException(
                $"{snapshot} does not exist, and CI is set (CI={ci}), so it is not created here. The text is in " +
                $"{mismatch}: review it and commit it as the snapshot.");
        }

        var serializer = new SnapshotSerializer(new GlobalSnapshotSettingsResolver());
        var files = new SnapshotFileHandler();
        var snapshotAssert = new SnapshotAssert(serializer, files, new SnapshotEnvironmentCleaner(files),
            new JsonSnapshotComparer(new MismatchAssert(snapshot, mismatch), serializer),
            new JsonSnapshotFormatter(serializer));
        // Snapshooter adds the __snapshots__ folder itself.
        snapshotAssert.AssertSnapshot(text, new SnapshotFullName(name, testFolder), new MatchOptions());
    }

    private sealed class MismatchAssert(string snapshot, string mismatch) : IAssert
    {
        public void Assert(string expectedSnapshot, string actualSnapshot)
        {
            if (expectedSnapshot == actualSnapshot)
                return;

            var expected = Unquote(expectedSnapshot).Split('\n');
            var actual = Unquote(actualSnapshot).Split('\n');
            var common = Math.Min(expected.Length, actual.Length);
            var line = Enumerable.Range(0, common).FirstOrDefault(i => expected[i] != actual[i], common);
            throw new SnapshotMismatchException(
                $"The text differs from its snapshot {snapshot} from line {line + 1}:\n" +
                $"  snapshot: {(line < expected.Length ? expected[line] : "(end)")}\n" +
                $"  now:      {(line < actual.Length ? actual[line] : "(end)")}\n" +
                $"The new text is in {mismatch}; if the change is intended, review it and replace the snapshot " +
                "with it.");
        }

        /// <summary>Snapshooter compares texts JSON-serialized; show the lines themselves.</summary>
        private static string Unquote(string serialized) => serialized.StartsWith('"')
            ? System.Text.Json.JsonSerializer.Deserialize<string>(serialized) ?? serialized
            : serialized;
    }
}
