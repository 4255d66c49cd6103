using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Suites;

/// <summary>
/// A suite of two subjects' cases, paired per case: <see cref="Subject"/> over <see cref="Reference"/>, measured in the
/// same cells, operations interleaved (binding overhead, head ÷ base). Everything else asks this declaration.
/// </summary>
/// <param name="Suite">The suite's id; its case ids are its prefix and the subject's cross-driver key.</param>
/// <param name="GroupOf">The group a pair is analysed in (a suite, a cell).</param>
/// <param name="Analyze">The pairs, subject's measurement under the paired identity, to ratios.</param>
public sealed record PairedSuite(SuiteId Suite, DriverId Subject, DriverId Reference, PairedJudgement Judgement,
    Func<CaseDefinition, string> GroupOf,
    Func<IReadOnlyList<(CaseMeasurement Subject, CaseMeasurement Reference)>, List<AnalyzedCase>> Analyze)
{
    /// <summary>What else a paired case carries from its subject's case (a no-entry reason, a sleep bound).</summary>
    public Func<CaseIdentity, CaseDefinition, CaseIdentity, CaseIdentity> Refine { get; init; } =
        (paired, _, _) => paired;

    /// <summary>The file's declaration, where it is judged against one; null otherwise.</summary>
    public SuiteDeclaration? FileDeclaration { get; init; }

    /// <summary>The suite as a reader names it, e.g. "Head against base".</summary>
    public string Title { get; init; } = $"{Suite.Suite}";

    /// <summary>The two as gates and sentences name them, one lower-case word each, e.g. ("head", "base").</summary>
    public (string Subject, string Reference) Words { get; init; } = ("subject", "reference");

    /// <summary>The reference as messages name it, e.g. "the base".</summary>
    public string ReferenceName => $"the {Words.Reference}";

    /// <summary>What Gating calls the two where it judges one against the other.</summary>
    public Pairing Pairing => new(Suite.Suite, Title, Words.Subject, Words.Reference);

    /// <summary>The reference's own cases where it is only this suite's reference: shown, judged by no file.</summary>
    public ConfirmableSuite ShownAsReference(SuiteId suite, IReadOnlyList<AnalyzedCase> cases) =>
        GateStage.Gated(suite, ZmqDrivers.Get(Reference), cases, $"none: it is what {Suite} judges {Subject} against");

    private string Prefix => $"{Suite.Subject}/{Suite.Suite}/";

    /// <summary>A subject's case's paired id, e.g. <c>NetZmq/HeadAgainstBase/Patterns/PushPull/…</c>.</summary>
    public string IdOf(CaseDefinition subjectCase) => Prefix + subjectCase.CrossDriverKey;

    /// <summary>The subject's case behind a paired case id; null when the id is not one of this suite.</summary>
    public CaseDefinition? SubjectCaseOf(string pairedId) =>
        pairedId.StartsWith(Prefix, StringComparison.Ordinal)
            ? CaseDefinition.Parse($"{Subject}/{pairedId[Prefix.Length..]}")
            : null;

    /// <summary>The subject's and reference's catalog cases behind a paired id; null if not this suite's.</summary>
    public IReadOnlyList<string>? MeasuredCases(string pairedId) =>
        SubjectCaseOf(pairedId) is { } subject ? [subject.Id, subject.On(Reference).Id] : null;

    /// <summary>Subject's measured cases the reference also ran, each over its pair, null unless both ran.</summary>
    public List<AnalyzedCase>? Of(IEnumerable<AnalyzedCase> measured)
    {
        var all = measured.Where(c => DerivedSuites.Find(c.Case.SuiteId) is null).ToList();
        var references = all.Where(c => c.Case.Subject == Reference.ToString())
            .ToDictionary(c => c.Case.CrossSubjectKey);
        var pairs = all
            .Where(c => c.Case.Subject == Subject.ToString() && references.ContainsKey(c.Case.CrossSubjectKey))
            .Select(c => (Subject: c.Measurement with { Case = Identity(CaseCatalog.Get(c.Case.Id), c.Case) },
                Reference: references[c.Case.CrossSubjectKey].Measurement))
            .ToList();
        return pairs.Count == 0 ? null : Analyze(pairs);
    }

    private CaseIdentity Identity(CaseDefinition subjectCase, CaseIdentity measured) => Refine(
        new CaseIdentity(IdOf(subjectCase), Suite.Subject, Suite.Suite, Group: GroupOf(subjectCase),
            Variant: subjectCase.KeyWithinSuite, ReferenceVariant: Reference.ToString(),
            CrossSubjectKey: subjectCase.CrossDriverKey), subjectCase, measured);
}

/// <summary>
/// Suites whose cases are made from two measured cases each (<see cref="PairedSuite"/>), not measured themselves.
/// </summary>
public static class DerivedSuites
{
    /// <summary>Every paired suite, in judging order after the run's own (reference-judged first).</summary>
    public static IReadOnlyList<PairedSuite> All { get; } = [HeadAgainstBase.Paired, BindingOverhead.Paired];

    public static PairedSuite? Find(SuiteId suite) => All.FirstOrDefault(p => p.Suite == suite);

    /// <summary>The measured cases behind a gated id: a derived case's two, or a measured case itself.</summary>
    public static IReadOnlyList<string> MeasuredCases(string gatedId) =>
        All.Select(p => p.MeasuredCases(gatedId)).FirstOrDefault(c => c is not null) ?? [gatedId];

    /// <summary>Every derived case <paramref name="measured"/> makes; none where it lacks their two cases.</summary>
    public static IEnumerable<AnalyzedCase> Of(IReadOnlyList<AnalyzedCase> measured) =>
        All.SelectMany(p => p.Of(measured) ?? []);

    /// <summary>
    /// The paired suite a subject is only the reference of (the base build), with no file of its own; else null.
    /// </summary>
    public static PairedSuite? ReferenceOnly(DriverId driver) =>
        All.FirstOrDefault(p => p.Reference == driver && p.Judgement.ByTheReference);
}
