using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Suites;

/// <summary>How a paired suite's cases are judged.</summary>
public enum PairedJudgement
{
    /// <summary>Against the suite's own baseline file, by its <see cref="SuiteDeclaration"/>, like any suite.</summary>
    AgainstItsBaselineFile,

    /// <summary>
    /// Directly, with no file: the reference subject was measured in the same cells, so nothing of the machine or the
    /// process is left to be judged against (<see cref="Gating.Gates.PairedGates"/>).
    /// </summary>
    AgainstTheReference,

    /// <summary>Measured and shown in the report, judged by no gate.</summary>
    ShownOnly,
}

/// <summary>
/// A suite made of two subjects' cases, paired per case: each case of <see cref="Subject"/> over the same case of
/// <see cref="Reference"/>, both measured in the same cells, their operations interleaved. The binding's overhead
/// (Net.Zmq over the floor) and head ÷ base are two of them; the run, the confirmation, the gate stage, the report and
/// <c>explain</c> ask this declaration, and name neither.
/// </summary>
/// <param name="Suite">The suite's id; its case ids are its prefix and the subject's case's cross-driver key.</param>
/// <param name="GroupOf">The group a pair is analysed in (what its cases share: a suite, a cell).</param>
/// <param name="Analyze">The pairs, the subject's measurement already under the paired case's identity, to
/// ratios.</param>
public sealed record PairedSuite(SuiteId Suite, DriverId Subject, DriverId Reference, PairedJudgement Judgement,
    Func<CaseDefinition, string> GroupOf, Func<IReadOnlyList<(CaseMeasurement Subject, CaseMeasurement Reference)>, List<AnalyzedCase>> Analyze)
{
    /// <summary>
    /// What else a paired case carries from its subject's case (a declared reason to have no entry, a sleep bound).
    /// </summary>
    public Func<CaseIdentity, CaseDefinition, CaseIdentity, CaseIdentity> Refine { get; init; } = (paired, _, _) => paired;

    /// <summary>
    /// How its file judges it, where it is judged against one (<see cref="PairedJudgement.AgainstItsBaselineFile"/>);
    /// null otherwise.
    /// </summary>
    public SuiteDeclaration? FileDeclaration { get; init; }

    /// <summary>The suite as a reader names it, e.g. "Head against base".</summary>
    public string Title { get; init; } = $"{Suite.Suite}";

    /// <summary>The two as gates and sentences name them, one lower-case word each, e.g. ("head", "base").</summary>
    public (string Subject, string Reference) Words { get; init; } = ("subject", "reference");

    /// <summary>The reference as messages name it, e.g. "the base".</summary>
    public string ReferenceName => $"the {Words.Reference}";

    /// <summary>What Gating calls the two where it judges one against the other.</summary>
    public Pairing Pairing => new(Suite.Suite, Title, Words.Subject, Words.Reference);

    /// <summary>Judged directly against its reference measured in the same run, with no file (head ÷ base).</summary>
    public bool JudgedAgainstTheReference => Judgement == PairedJudgement.AgainstTheReference;

    /// <summary>Judged against a baseline file of its own, like a driver's suite (the binding overhead).</summary>
    public bool JudgedAgainstItsFile => Judgement == PairedJudgement.AgainstItsBaselineFile;

    /// <summary>
    /// Its cases judged the way it is declared: against the reference, against its file through
    /// <paramref name="gates"/>, or shown only.
    /// </summary>
    public ConfirmableSuite Judge(GateStage gates, IReadOnlyList<AnalyzedCase> cases) => Judgement switch
    {
        PairedJudgement.AgainstTheReference => GateStage.JudgeAgainstTheReference(this, cases),
        PairedJudgement.ShownOnly => GateStage.ShownOnly(this, cases),
        _ => gates.Judge(ZmqDrivers.Get(Subject), Suite, cases),
    };

    private string Prefix => $"{Suite.Subject}/{Suite.Suite}/";

    /// <summary>
    /// The paired case of the subject's case <paramref name="subjectCase"/>, e.g.
    /// <c>NetZmq/HeadAgainstBase/Patterns/PushPull/…</c>.
    /// </summary>
    public string IdOf(CaseDefinition subjectCase) => Prefix + subjectCase.CrossDriverKey;

    /// <summary>The subject's case behind a paired case id; null when the id is not one of this suite.</summary>
    public CaseDefinition? SubjectCaseOf(string pairedId) =>
        pairedId.StartsWith(Prefix, StringComparison.Ordinal) ? CaseDefinition.Parse($"{Subject}/{pairedId[Prefix.Length..]}") : null;

    /// <summary>
    /// The catalog cases behind a paired case id, the subject's and the reference's; null when the id is not one of
    /// this suite.
    /// </summary>
    public IReadOnlyList<string>? MeasuredCases(string pairedId) =>
        SubjectCaseOf(pairedId) is { } subject ? [subject.Id, subject.On(Reference).Id] : null;

    /// <summary>
    /// The subject's measured cases that the reference also ran, each over its pair; null unless both subjects were
    /// measured.
    /// </summary>
    public List<AnalyzedCase>? Of(IEnumerable<AnalyzedCase> measured)
    {
        var all = measured.Where(c => !DerivedSuites.IsDerived(c.Case.SuiteId)).ToList();
        var references = all.Where(c => c.Case.Subject == Reference.ToString()).ToDictionary(c => c.Case.CrossSubjectKey);
        var pairs = all.Where(c => c.Case.Subject == Subject.ToString() && references.ContainsKey(c.Case.CrossSubjectKey))
            .Select(c => (Subject: c.Measurement with { Case = Identity(CaseCatalog.Get(c.Case.Id), c.Case) }, Reference: references[c.Case.CrossSubjectKey].Measurement))
            .ToList();
        return pairs.Count == 0 ? null : Analyze(pairs);
    }

    private CaseIdentity Identity(CaseDefinition subjectCase, CaseIdentity measured) => Refine(
        new CaseIdentity(IdOf(subjectCase), Suite.Subject, Suite.Suite, Group: GroupOf(subjectCase), Variant: subjectCase.KeyWithinSuite,
            ReferenceVariant: Reference.ToString(), CrossSubjectKey: subjectCase.CrossDriverKey), subjectCase, measured);
}
