using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Orchestration.Sequence;

namespace NetZmqTests.Orchestration.Counting;

/// <summary>
/// A kind of count baseline file (native calls, instructions): one per suite in its own folder, none per machine class
/// (a count per message does not depend on the CPU); read strictly, written whole and atomically.
/// </summary>
/// <param name="What">What it holds, as a note says it (for example "native calls").</param>
public sealed record CountBaselineKind<TFile, TCounted>(string Folder, string What, GateKind Gate,
    Func<string, TFile> Read, Action<TFile, string> Write,
    Func<SuiteId, CountedOn, IReadOnlyList<TCounted>, TFile?, TFile> Record, Func<TCounted, string> CaseOf)
    where TFile : class
{
    public string PathOf(string baselinesDirectory, SuiteId suite) =>
        Path.Combine(baselinesDirectory, Folder, suite.FileName);
}

/// <summary>The kinds of count baseline: every folder the store checks.</summary>
public static class CountBaselineKinds
{
    public static CountBaselineKind<CallBaseline, CountedCase> Calls { get; } = new(
        CallBaseline.Folder, "native calls", GateKind.CallsRegression, CallBaseline.Read,
        (file, path) => file.Write(path),
        (suite, on, counted, previous) =>
            CallBaseline.Record(suite.Subject, suite.Suite, on.Subject, counted, previous),
        c => c.Case);

    public static CountBaselineKind<InstructionBaseline, CountedInstructions> Instructions { get; } = new(
        InstructionBaseline.Folder, "instructions", GateKind.InstructionsRegression, InstructionBaseline.Read,
        (file, path) => file.Write(path),
        (suite, on, counted, previous) => InstructionBaseline.Record(suite.Subject, suite.Suite, on, counted, previous),
        c => c.Case);
}

    /// <summary>
    /// A suite's counted cases against its count baseline of one kind, refreshed first when asked; a missing or
    /// unreadable file is a failing gate naming it, so no counting run passes over it.
    /// </summary>
public sealed class CountBaselineGates(BaselineStore store, bool refreshing, string runtime, string cpu)
{
    private readonly List<RunNote> _notes = [];

    /// <summary>The files refreshed or written again, as notes.</summary>
    public IReadOnlyList<RunNote> Notes => _notes;

    /// <summary>What this run counts on: subject and version, runtime, native library, CPU.</summary>
    public CountedOn CountedOn(GatedSuite suite) =>
        new($"{suite.Subject} {suite.Fingerprint.Version}", runtime, suite.Fingerprint.NativeLibrary, cpu);

    /// <summary>
    /// The suite's cases of <paramref name="all"/>, each by <paramref name="evaluate"/> (given the file and its name)
    /// where the file has an entry for it.
    /// </summary>
    public IReadOnlyList<GateResult> Judge<TFile, TCounted>(CountBaselineKind<TFile, TCounted> kind, GatedSuite suite,
        IEnumerable<TCounted> all, Func<TFile, TCounted, string, GateResult?> evaluate)
        where TFile : class
    {
        var prefix = $"{suite.Subject}/{suite.Suite}/";
        List<TCounted> counted = [.. all.Where(c => kind.CaseOf(c).StartsWith(prefix, StringComparison.Ordinal))];
        if (counted.Count == 0)
            return [];

        var id = new GateId(kind.Gate);
        var load = store.Load(kind, suite.SuiteId);
        GateResult Unusable(string problem) =>
            new(id, suite.SuiteId.ToString(), $"no {kind.What} to judge against", problem, GateVerdict.Fail,
                load.Shown);
        if (load.Error is { } error && !refreshing)
            return [Unusable(BaselineCommands.Unreadable(error))];

        var file = refreshing ? Refresh(kind, suite, load, counted) : load.File;
        return file is null
            ? [Unusable(BaselineCommands.Missing(load.Shown))]
            : [.. counted.Select(c => evaluate(file, c, load.Shown) ?? new GateResult(id, kind.CaseOf(c), "counted",
                $"an entry in the {kind.What} baseline", GateVerdict.NotApplied, load.Shown,
                $"{load.Shown} has no entry for this case: a refresh writes it"))];
    }

    /// <summary>The suite's file of <paramref name="kind"/> written afresh from <paramref name="counted"/>.</summary>
    private TFile Refresh<TFile, TCounted>(CountBaselineKind<TFile, TCounted> kind, GatedSuite suite,
        BaselineLoad<TFile> load, List<TCounted> counted)
        where TFile : class
    {
        if (load.Error is not null)
            _notes.Add(PerfRunNotes.CountsWrittenAgain(suite.SuiteId, load.Shown, load.Error));

        var file = store.Write(kind, load, kind.Record(suite.SuiteId, CountedOn(suite), counted, load.File));
        _notes.Add(PerfRunNotes.CountsRefreshed(suite.SuiteId, load.Shown, kind.What, counted.Count));
        return file;
    }
}
