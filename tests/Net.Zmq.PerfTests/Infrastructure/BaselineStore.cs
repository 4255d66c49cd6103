using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.PerfTests.Infrastructure;

/// <summary>A baseline as a run found it: the file, or why it cannot be used.</summary>
internal sealed record BaselineLoad(string Path, string Shown, BaselineFile? File, string? Error);

/// <summary>
/// The checked-in baselines: where each subject's and suite's file lies, reading it strictly (and checking it
/// belongs where it lies and names only cases of its suite), every file on every run, and refreshing.
/// </summary>
internal sealed class BaselineStore(SourceLayout layout)
{
    /// <summary>The suite of Net.Zmq's time over the floor's, case by case: gated like any suite, against its own file.</summary>
    public const string OverheadSuite = "BindingOverhead";

    public BaselineLoad Load(string subject, string suite, bool refreshing)
    {
        var path = System.IO.Path.Combine(layout.BaselinesDirectory, BaselineFile.FileName(subject, suite));
        var shown = layout.Display(path);
        if (!System.IO.File.Exists(path))
        {
            return new BaselineLoad(path, shown, null, null);
        }

        try
        {
            var file = BaselineReader.Read(path);
            BaselineValidation.RequireBelongs(file, shown, subject, suite, id => IsKnownCase(id, subject, suite));
            return new BaselineLoad(path, shown, file, null);
        }
        catch (BaselineFormatException e)
        {
            return new BaselineLoad(path, shown, null,
                $"{e.Message}. The file was not changed{(refreshing ? ", and is not refreshed until it is repaired" : "")}.");
        }
    }

    /// <summary>
    /// Every baseline file, read and validated whether or not its subject can be measured here: a corrupt file of a
    /// driver this machine lacks would otherwise pass here and fail later elsewhere. Each problem names the file and the field.
    /// </summary>
    public IReadOnlyList<string> ProblemsInEveryFile()
    {
        var problems = new List<string>();
        foreach (var file in Directory.EnumerateFiles(layout.BaselinesDirectory, "*.json").Order(StringComparer.Ordinal))
        {
            var name = System.IO.Path.GetFileNameWithoutExtension(file).Split('.');
            if (name.Length != 2)
            {
                problems.Add($"{layout.Display(file)}: a baseline file is named <subject>.<suite>.json");
                continue;
            }

            if (Load(name[0], name[1], refreshing: false).Error is { } error)
            {
                problems.Add(error);
            }
        }

        return problems;
    }

    public IEnumerable<string> AllFiles() =>
        Directory.EnumerateFiles(layout.BaselinesDirectory, "*.json").Order(StringComparer.Ordinal).Select(layout.Display);

    /// <summary>Rewrites the observed values of <paramref name="cases"/> (atomically); refused under CI before anything is measured.</summary>
    public static BaselineFile Refresh(BaselineLoad load, string subject, string suite, IReadOnlyList<AnalyzedCase> cases, Fingerprint fingerprint, Policy newFilePolicy)
    {
        var refreshed = BaselineRefresh.Apply(load.File, subject, suite, cases, fingerprint, NewFileTolerances, newFilePolicy);
        BaselineWriter.WriteAtomically(refreshed, load.Path);
        return refreshed;
    }

    /// <summary>A case id this file may hold: a case of the catalog in this subject and suite (overhead entries name Net.Zmq's case).</summary>
    private static bool IsKnownCase(string id, string subject, string suite)
    {
        var prefix = $"{subject}/{suite}/";
        if (!id.StartsWith(prefix, StringComparison.Ordinal))
        {
            return false;
        }

        return suite == OverheadSuite ? CaseCatalog.IsKnownId($"{subject}/{id[prefix.Length..]}") : CaseCatalog.IsKnownId(id);
    }

    /// <summary>
    /// Tolerances a case new to a file starts with (baselines/README.md says how they were checked): a time ratio 5 %
    /// above its baseline, significantly; bytes per operation counted exactly on the measured threads, so only
    /// 0.5 % + 1 KiB of slack (one 24-byte object per message is 240 KiB).
    /// </summary>
    public static Tolerances NewFileTolerances { get; } = new(Ratio: 0.05, BytesRelative: 0.005, BytesAbsolute: 1024);
}
