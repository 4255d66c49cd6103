using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Counting;
using NetZmqTests.Orchestration.Suites;

namespace NetZmqTests.Orchestration.Sequence;

/// <summary>A baseline file as a run found it: the file (null where there is none), or why it is unusable.</summary>
public sealed record BaselineLoad<TFile>(string Path, string Shown, TFile? File, string? Error)
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
    /// <summary>This store's loads by path (a path holds one file type).</summary>
    private readonly Dictionary<string, object> _loads = new(StringComparer.Ordinal);

    /// <summary>A suite's count baseline of <paramref name="kind"/>.</summary>
    public BaselineLoad<TFile> Load<TFile, TCounted>(CountBaselineKind<TFile, TCounted> kind, SuiteId suite)
        where TFile : class =>
        Load(kind.PathOf(layout.BaselinesDirectory, suite), (path, _) => kind.Read(path), (_, problem) => problem);

    /// <summary>Writes a count baseline whole (temporary file, then rename); the next look reads it again.</summary>
    public TFile Write<TFile, TCounted>(CountBaselineKind<TFile, TCounted> kind, BaselineLoad<TFile> load, TFile file)
        where TFile : class
    {
        kind.Write(file, load.Path);
        _loads.Remove(load.Path);
        return file;
    }

    /// <summary>A suite's time baseline; the file of a suite no declaration names is not read.</summary>
    public BaselineLoad<BaselineFile> Load(SuiteId suite, bool refreshing)
    {
        var declared = SuiteDeclarations.Find(suite);
        return Load(Path.Combine(layout.BaselinesDirectory, suite.FileName), (path, shown) =>
            {
                var file = declared is null
                    ? throw new BaselineFormatException(shown, "$", "no suite is declared")
                    : BaselineReader.Read(path);
                BaselineValidation.RequireBelongs(file, shown, suite.Subject, suite.Suite, declared.MayHold);
                return file;
            },
            (shown, problem) => declared is null
                ? $"{shown}: no suite {suite.Subject}.{suite.Suite} is declared (known: " +
                  $"{string.Join(", ", SuiteDeclarations.All.Select(d => d.Id.FileName))}). The file was not changed."
                : $"{problem}. The file was not changed" +
                  $"{(refreshing ? ", and is not refreshed until it is repaired" : "")}.");
    }

    /// <summary>
    /// The one way a file is read: once per run, strictly; <paramref name="unusable"/> words a format error
    /// (given the file as shown and the problem).
    /// </summary>
    private BaselineLoad<TFile> Load<TFile>(
        string path, Func<string, string, TFile> read, Func<string, string, string> unusable)
        where TFile : class
    {
        if (_loads.GetValueOrDefault(path) is BaselineLoad<TFile> load)
            return load;

        var shown = layout.Display(path);
        try
        {
            load = new(path, shown, File.Exists(path) ? read(path, shown) : null, null);
        }
        catch (BaselineFormatException e)
        {
            load = new(path, shown, null, unusable(shown, e.Message));
        }

        _loads[path] = load;
        return load;
    }

    /// <summary>
    /// Every baseline file validated, measurable here or not: a corrupt file of a driver this machine lacks would
    /// otherwise fail later elsewhere. Each problem names the file and the field.
    /// </summary>
    public IReadOnlyList<BaselineProblem> ProblemsInEveryFile() =>
    [
        .. AllFiles().Select(shown => SuiteId.FromFileName(shown) is not { } suite
                ? new BaselineProblem(shown, null, $"{shown}: a baseline file is named <subject>.<suite>.json")
                : Load(suite, refreshing: false).Error is { } error ? new BaselineProblem(shown, suite, error) : null)
            .OfType<BaselineProblem>(),
        .. CountBaselineProblems(CountBaselineKinds.Calls),
        .. CountBaselineProblems(CountBaselineKinds.Instructions),
    ];

    /// <summary>One kind's count baselines, those of drivers not measured here included.</summary>
    private IEnumerable<BaselineProblem> CountBaselineProblems<TFile, TCounted>(CountBaselineKind<TFile, TCounted> kind)
        where TFile : class
    {
        var directory = Path.Combine(layout.BaselinesDirectory, kind.Folder);
        var files = Directory.Exists(directory) ? Directory.EnumerateFiles(directory, "*.json") : [];
        return files.Order(StringComparer.Ordinal)
            .Select(path => Load(path, (_, _) => kind.Read(path), (_, problem) => problem))
            .Where(load => load.Error is not null)
            .Select(load => new BaselineProblem(
                load.Shown, SuiteId.FromFileName(load.Path), $"{load.Error}. The file was not changed."));
    }

    public IEnumerable<string> AllFiles() =>
        Directory.EnumerateFiles(layout.BaselinesDirectory, "*.json")
            .Order(StringComparer.Ordinal).Select(layout.Display);

    /// <summary>
    /// Rewrites <paramref name="cases"/>' observed values on this machine's class atomically, other classes untouched;
    /// refused under CI. A new file declares no cross-class rule: that is measured and written by hand.
    /// </summary>
    public BaselineFile Refresh(
        BaselineLoad<BaselineFile> load, SuiteId suite, IReadOnlyList<AnalyzedCase> cases, Fingerprint fingerprint)
    {
        var refreshed = BaselineRefresh.Apply(load.File, suite.Subject, suite.Suite, cases, fingerprint,
            new NewFileDefaults(
                Tolerances.Default, SuiteDeclarations.Of(suite).NewFilePolicy, CrossClassRule.NotDeclared));
        BaselineWriter.WriteAtomically(refreshed, load.Path);
        _loads.Remove(load.Path);
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
