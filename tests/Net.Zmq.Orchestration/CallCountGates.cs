using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;

namespace NetZmqTests.Orchestration;

/// <summary>
/// The native call counts as gates (<see cref="CallCountRule"/>), added to the suites they belong to once the time gates
/// are confirmed (a count needs no confirmation): each head case against the base's same case, in head ÷ base; and
/// every counted case of a gated subject against its suite's call baseline (<see cref="CallBaseline"/>), on any machine.
/// </summary>
public sealed class CallCountGates(SourceLayout layout, bool refreshing, List<RunNote> notes)
{
    public List<SubjectRun> Attach(List<SubjectRun> subjects, RunCounts counts)
    {
        var counted = counts.Cases.ToDictionary(c => c.Case, StringComparer.Ordinal);
        return [.. subjects.Select(s =>
            DerivedSuites.Find(s.SuiteId) is { Judgement: PairedJudgement.AgainstTheReference } paired
                ? s with { Gates = [.. s.Gates, .. AgainstTheReference(paired, s, counted, RunCounts.VaryingIn(counts.Cases.Where(c => c.Case.StartsWith($"{paired.Reference}/", StringComparison.Ordinal))))] }
            : Enum.TryParse<DriverId>(s.Subject, out var driver) && DerivedSuites.ReferenceOnly(driver) is not null ? s
            : s with { Gates = [.. s.Gates, .. BaselineGates(s, [.. counts.Cases.Where(c => c.Case.StartsWith($"{s.Subject}/{s.Suite}/", StringComparison.Ordinal))])] })];
    }

    /// <summary>What the report and the test output say where calls were not counted, or some workloads failed while they were.</summary>
    public static IEnumerable<RunNote> Notes(RunCounts counts)
    {
        if (counts.Skipped is { } why)
        {
            yield return new RunNote(NoteKind.CallsNotCounted, $"Native calls were not counted, so no call count was gated: {why}.");
        }

        foreach (var failure in counts.Failures)
        {
            yield return new RunNote(NoteKind.CallsNotCounted, $"A workload failed while its native calls were counted, so its cases' counts are missing: {failure}");
        }
    }

    /// <summary>Each paired case's subject counts against its reference's: no function called more often per message than the reference calls it.</summary>
    private static IEnumerable<GateResult> AgainstTheReference(PairedSuite paired, SubjectRun compared, Dictionary<string, CountedCase> counted, IReadOnlySet<string> varying)
    {
        foreach (var comparison in compared.Cases)
        {
            if (paired.MeasuredCases(comparison.Case.Id) is not [var subject, var reference]
                || !counted.TryGetValue(subject, out var subjectCounts) || !counted.TryGetValue(reference, out var referenceCounts))
            {
                continue;
            }

            yield return CallCountRule.Evaluate(PairedGates.Id(GateKind.PairedCalls, paired.Pairing), subjectCounts with { Case = comparison.Case.Id },
                CallCountRule.Of(referenceCounts), varying, paired.ReferenceName, paired.Pairing.Source);
        }
    }

    /// <summary>
    /// The suite's counted cases against its call baseline: refreshed first when asked; a missing or unreadable file is a
    /// failing gate naming it (and the field), so no run that counts passes over it.
    /// </summary>
    private IEnumerable<GateResult> BaselineGates(SubjectRun suite, IReadOnlyList<CountedCase> counted)
    {
        if (counted.Count == 0)
        {
            return [];
        }

        var id = new GateId(GateKind.CallsRegression);
        var path = CallBaseline.PathOf(layout.BaselinesDirectory, suite.Subject, suite.Suite);
        var shown = layout.Display(path);
        GateResult Unusable(string problem) => new(id, $"{suite.Subject}/{suite.Suite}", "no call counts to judge against", problem, GateVerdict.Fail, shown);
        CallBaseline? file = null;
        try
        {
            file = File.Exists(path) ? CallBaseline.Read(path) : null;
        }
        catch (BaselineFormatException e) when (!refreshing)
        {
            return [Unusable($"{e.Message}; fix it, or write it again with dotnet test --filter Category=Perf -- UpdateBaselines=true")];
        }
        catch (BaselineFormatException e)
        {
            notes.Add(new RunNote(NoteKind.Refreshed, $"{shown} could not be read ({e.Message}): written again from this run alone.") { Suite = suite.SuiteId });
        }

        if (refreshing)
        {
            file = CallBaseline.Record(suite.Subject, suite.Suite, $"{suite.Subject} {suite.Fingerprint.Version}", counted, file);
            file.Write(path);
            notes.Add(new RunNote(NoteKind.Refreshed, $"Refreshed {shown}: the native calls of {counted.Count} cases.") { Suite = suite.SuiteId });
        }

        if (file is null)
        {
            return [Unusable($"{shown} does not exist; create it with dotnet test --filter Category=Perf -- UpdateBaselines=true, then review it")];
        }

        return counted.Select(c => file.For(c.Case) is { } entry
            ? CallCountRule.Evaluate(id, c, entry.Reference, entry.Varying, "the baseline", shown)
            : new GateResult(id, c.Case, "counted", "an entry in the call baseline", GateVerdict.NotApplied, shown,
                $"{shown} has no entry for this case: a refresh writes it"));
    }
}
