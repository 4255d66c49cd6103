using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Counting;
using NetZmqTests.Orchestration.Suites;

namespace NetZmqTests.Orchestration.Sequence;

/// <summary>A baseline as a run found it: the file, or why it cannot be used.</summary>
public sealed record BaselineLoad(string Path, string Shown, BaselineFile? File, string? Error);

/// <summary>A count baseline as a run found it: the file (null where there is none), or why it is unusable.</summary>
public sealed record CountBaselineLoad<TFile>(string Path, string Shown, TFile? File, string? Error)
    where TFile : class;

/// <summary>What is wrong with one baseline file, naming the file and the field.</summary>
/// <param name="Suite">The suite its name stands for; null for a name that stands for none.</param>
public sealed record BaselineProblem(string Shown, SuiteId? Suite, string Problem);

/// <summary>
/// The checked-in baselines: time files per machine class (<see cref="BaselineFile"/>) and count files
/// (<see cref="CountBaselineKinds"/>), read strictly, every file on every run, refreshed atomically. Each file is read
/// once per run, except one this run wrote: read again so that a refresh's output is validated like any file.
/// </summary>
public sealed class BaselineStore(SourceLayout layout)
{
    private readonly Dictionary<SuiteId, BaselineLoad> _read = [];
    private readonly Dictionary<(string Folder, SuiteId Suite), object> _counts = [];

    /// <summary>A suite's count baseline of <paramref name="kind"/>, read strictly once per run.</summary>
    public CountBaselineLoad<TFile> Load<TFile, TCounted>(CountBaselineKind<TFile, TCounted> kind, SuiteId suite)
        where TFile : class
    {
        if (_counts.TryGetValue((kind.Folder, suite), out var read))
        {
            return (CountBaselineLoad<TFile>)read;
        }

        var path = kind.PathOf(layout.BaselinesDirectory, suite);
        var shown = layout.Display(path);
        CountBaselineLoad<TFile> load;
        try
        {
            load = new(path, shown, System.IO.File.Exists(path) ? kind.Read(path) : null, null);
        }
        catch (BaselineFormatException e)
        {
            load = new(path, shown, null, e.Message);
        }

        _counts[(kind.Folder, suite)] = load;
        return load;
    }

    /// <summary>Writes a count baseline whole (temporary file, then rename); the next look reads it again.</summary>
    public TFile Write<TFile, TCounted>(CountBaselineKind<TFile, TCounted> kind, CountBaselineLoad<TFile> load, TFile file)
        where TFile : class
    {
        kind.Write(file, load.Path);
        _counts.Remove((kind.Folder, SuiteId.FromFileName(load.Path) ?? default));
        return file;
    }

    public BaselineLoad Load(SuiteId suite, bool refreshing)
    {
        if (!_read.TryGetValue(suite, out var read))
        {
            read = Read(suite, refreshing);
            _read[suite] = read;
        }

        return read;
    }

    private BaselineLoad Read(SuiteId suite, bool refreshing)
    {
        var path = System.IO.Path.Combine(layout.BaselinesDirectory, suite.FileName);
        var shown = layout.Display(path);
        if (!System.IO.File.Exists(path))
        {
            return new BaselineLoad(path, shown, null, null);
        }

        if (SuiteDeclarations.Find(suite) is not { } declared)
        {
            return new BaselineLoad(path, shown, null,
                $"{shown}: no suite {suite.Subject}.{suite.Suite} is declared (known: " +
                $"{string.Join(", ", SuiteDeclarations.All.Select(d => d.Id.FileName))}). The file was not changed.");
        }

        try
        {
            var file = BaselineReader.Read(path);
            BaselineValidation.RequireBelongs(file, shown, suite.Subject, suite.Suite, declared.MayHold);
            return new BaselineLoad(path, shown, file, null);
        }
        catch (BaselineFormatException e)
        {
            return new BaselineLoad(path, shown, null,
                $"{e.Message}. The file was not changed" +
                $"{(refreshing ? ", and is not refreshed until it is repaired" : "")}.");
        }
    }

    /// <summary>
    /// Every baseline file validated, measurable here or not: a corrupt file of a driver this machine lacks would
    /// otherwise fail later elsewhere. Each problem names the file and the field.
    /// </summary>
    public IReadOnlyList<BaselineProblem> ProblemsInEveryFile()
    {
        var problems = new List<BaselineProblem>();
        foreach (var file in Directory.EnumerateFiles(layout.BaselinesDirectory, "*.json").Order(StringComparer.Ordinal))
        {
            var shown = layout.Display(file);
            if (SuiteId.FromFileName(file) is not { } suite)
            {
                problems.Add(new BaselineProblem(shown, null, $"{shown}: a baseline file is named <subject>.<suite>.json"));
                continue;
            }

            if (Load(suite, refreshing: false).Error is { } error)
            {
                problems.Add(new BaselineProblem(shown, suite, error));
            }
        }

        problems.AddRange(CountBaselineKinds.Folders.SelectMany(f => CountBaselineProblems(f.Folder, f.Read)));
        return problems;
    }

    /// <summary>One folder's count baselines, those of drivers not measured here included.</summary>
    private IEnumerable<BaselineProblem> CountBaselineProblems(string folder, Action<string> read)
    {
        var directory = System.IO.Path.Combine(layout.BaselinesDirectory, folder);
        if (!Directory.Exists(directory))
        {
            yield break;
        }

        foreach (var file in Directory.EnumerateFiles(directory, "*.json").Order(StringComparer.Ordinal))
        {
            string? problem = null;
            try
            {
                read(file);
            }
            catch (BaselineFormatException e)
            {
                problem = $"{e.Message}. The file was not changed.";
            }

            if (problem is not null)
            {
                yield return new BaselineProblem(layout.Display(file), SuiteId.FromFileName(file), problem);
            }
        }
    }

    public IEnumerable<string> AllFiles() =>
        Directory.EnumerateFiles(layout.BaselinesDirectory, "*.json")
            .Order(StringComparer.Ordinal).Select(layout.Display);

    /// <summary>
    /// Rewrites <paramref name="cases"/>' observed values on this machine's class atomically, other classes untouched;
    /// refused under CI. A new file declares no cross-class rule: that is measured and written by hand.
    /// </summary>
    public BaselineFile Refresh(BaselineLoad load, SuiteId suite, IReadOnlyList<AnalyzedCase> cases, Fingerprint fingerprint)
    {
        var refreshed = BaselineRefresh.Apply(load.File, suite.Subject, suite.Suite, cases, fingerprint,
            new NewFileDefaults(Tolerances.Default, SuiteDeclarations.Of(suite).NewFilePolicy, CrossClassRule.NotDeclared));
        BaselineWriter.WriteAtomically(refreshed, load.Path);
        _read.Remove(suite);
        return refreshed;
    }

    /// <summary>
    /// Every baseline file the run gated nothing against, with the reason: a driver gone since the refresh must never
    /// pass or fail a run silently. <paramref name="scope"/> says what the run measured.
    /// </summary>
    public IEnumerable<RunNote> Unchecked(
        IReadOnlyCollection<string> gatedFiles, IReadOnlyList<AbsentSubject> absent, string scope)
    {
        // An unreadable file is its own failure (ProblemsInEveryFile): the report doesn't also call it unchecked.
        var unreadable = ProblemsInEveryFile().Select(p => p.Shown).ToHashSet(StringComparer.Ordinal);
        foreach (var shown in AllFiles().Where(f => !gatedFiles.Contains(f) && !unreadable.Contains(f)))
        {
            var suite = SuiteId.FromFileName(shown);
            var madeOf = suite is { } id && SuiteDeclarations.Find(id) is { } declared
                ? declared.MadeOf.Select(d => d.ToString()).ToList() : [];
            var missing = madeOf.Select(subject => absent.FirstOrDefault(a => a.Subject == subject))
                .FirstOrDefault(a => a is not null);
            var why = missing is null ? $"none of its cases was measured in this run ({scope})"
                : missing.Subject == suite?.Subject ? $"{missing.Subject} was not measured: {missing.Reason}"
                : $"it is made of {string.Join(" and ", madeOf)} cases, " +
                  $"and {missing.Subject} was not measured: {missing.Reason}";
            yield return PerfRunNotes.NotChecked(suite, shown, why);
        }
    }
}
