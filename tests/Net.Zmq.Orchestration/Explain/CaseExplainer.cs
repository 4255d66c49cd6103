using System.Globalization;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.Orchestration.Selection;
using NetZmqTests.Orchestration.Sequence;
using NetZmqTests.Orchestration.Suites;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Explain;

/// <summary>What <see cref="CaseExplainer"/> found for one case: the text, and what the fast test checks.</summary>
/// <param name="Gates">Every gate that judges the case, from the gate code itself.</param>
/// <param name="Problems">What the code does not say: a loop, a body, an undeclared missing entry.</param>
public sealed record Explanation(string Id, IReadOnlyList<string> Lines, IReadOnlyList<SourceLine> Sources, IReadOnlyList<GateResult> Gates,
    IReadOnlyList<string> Problems);

/// <summary>
/// From a case id to the code, read from the code itself: its profiles, cell and reference, receive loop and driver
/// body as file:line, every gate that judges it (the gate code run on its baseline's values) and its baseline entries.
/// <c>dotnet run --project build/Explain -- &lt;case id&gt;</c> prints it.
/// </summary>
public sealed class CaseExplainer(string repositoryRoot)
{
    private readonly SourceIndex _sources = new(repositoryRoot);
    private readonly BaselineStore _store = new(new SourceLayout(repositoryRoot, repositoryRoot));

    /// <summary>A driver's receive body, named, not referenced (internal, per-build); a fast test finds it.</summary>
    public static string BodyOf(DriverId driver) => driver switch
    {
        DriverId.LibZmq => "LibZmqReceiveSocket",
        DriverId.NetMQ => "NetMqReceiveSocket",
        _ => "NetZmqReceiveSocket",
    };

    /// <summary>Every case id of this build's catalog (pool cases only where its Net.Zmq has MessagePool).</summary>
    public static IEnumerable<string> AllIds => CaseCatalog.All.Select(c => c.Id);

    public Explanation Explain(string id)
    {
        var c = CaseCatalog.All.FirstOrDefault(x => x.Id == id) ?? throw new ArgumentException(CaseCatalog.IsKnownId(id)
            ? $"'{id}' is a case of another build only: " + string.Join("; ", CaseCatalog.StrategiesNotExpressed
                .Where(n => CaseDefinition.Parse(id) is { } other && n.Driver == other.Driver && n.Strategy == other.Strategy).Select(n => n.Reason))
            : $"'{id}' is no case id. An id is <driver>/<suite>/<pattern>/<transport>/<mode>/<strategy>/<size>, e.g. " +
              "NetZmq/Patterns/PushPull/Inproc/Poller/ReusedBuffer/1KiB; --list prints them all.");
        var said = new Said();
        var reference = PerfCases.ReferenceOf(c);
        DescribeCase(c, reference, said);
        DescribeLoop(c, said);
        var gates = GatesOf(c, reference, said);
        said.Lines.AddRange(CaseCounts.Lines(repositoryRoot, c));
        said.Lines.AddRange(CaseCounts.InstructionLines(repositoryRoot, c));
        said.Say($"Run it alone: PERF_FILTER='{id}' dotnet test --filter Category=Perf");
        return new Explanation(id, said.Lines, said.Sources, gates, said.Problems);
    }

    /// <summary>What an explanation collects: its lines, the file:line it cites, what the code does not say.</summary>
    private sealed class Said
    {
        public List<string> Lines { get; } = [];

        public List<SourceLine> Sources { get; } = [];

        public List<string> Problems { get; } = [];

        public void Say(string line) => Lines.Add(line);

        /// <summary>The line as shown, kept as a source; or "(not found)", kept as a problem.</summary>
        public string At(SourceLine? line, string what)
        {
            if (line is null)
            {
                Problems.Add($"{what}: not found in the sources");
                return "(not found)";
            }

            Sources.Add(line);
            return line.ToString();
        }
    }

    /// <summary>The case's dimensions, the profiles that run it, its cell and its reference.</summary>
    private static void DescribeCase(CaseDefinition c, CaseDefinition reference, Said said)
    {
        var identity = PerfCases.Identify(c);
        var referenceOf = DerivedSuites.ReferenceOnly(c.Driver);
        said.Say(c.Id);
        said.Say($"  driver {c.Driver}, suite {c.Suite}, pattern {c.Pattern}, transport {c.Transport}, mode {c.Mode}, strategy {c.Strategy}, size {CaseDefinition.FormatSize(c.MessageSize)}");
        said.Say($"Profiles (PerfSelection.InProfile): " + string.Join(", ", MeasurementProfile.All.Select(p => $"{p.Name} {(PerfSelection.InProfile(p, c) ? "yes" : "no")}")) +
            (referenceOf is null ? "" : $"; it is measured only as {referenceOf.ReferenceName} of {referenceOf.Title}, beside {referenceOf.Subject}'s same case, when one is given"));

        var cell = CaseCatalog.All.Where(o => o.Cell == c.Cell && PerfSelection.InProfile(MeasurementProfile.Default, o) && DerivedSuites.ReferenceOnly(o.Driver) is null).ToList();
        said.Say($"Cell {c.Cell}: {cell.Count} cases of the default profile measured together in alternating operations (" +
            string.Join("; ", cell.GroupBy(o => o.Driver).Select(g => $"{g.Key} {g.Count()}")) + ")");
        said.Say(identity.IsReference
            ? $"Reference: it is the reference of its group {identity.Group} ({identity.ReferenceVariant}): the others' times are ratios to its"
            : $"Reference: {reference.Id} (group {identity.Group}): its time is judged only as a ratio to this case's, measured with it");
    }

    /// <summary>The receive loop the case runs and the driver body that loop calls, as file:line.</summary>
    private void DescribeLoop(CaseDefinition c, Said said)
    {
        var loop = MessageReceiver.LoopOf(c.Mode, c.Strategy);
        var receiver = _sources.Type("SocketReceiver");
        var loopLine = receiver is null ? null : _sources.Member(receiver, $"Receive{loop}");
        said.Say($"Receive loop: SocketReceiver<TSocket>.Receive{loop}  {said.At(loopLine, $"the loop Receive{loop}")}");
        var body = _sources.Type(BodyOf(c.Driver));
        said.Say($"Driver body: {BodyOf(c.Driver)}  {said.At(body, $"the body {BodyOf(c.Driver)}")}");
        foreach (var member in loopLine is null || body is null ? [] : _sources.CallsOn(loopLine, "_socket"))
        {
            said.Say($"  {member,-18} {said.At(_sources.Member(body!, member), $"{BodyOf(c.Driver)}.{member}")}");
        }
    }

    /// <summary>Every gate judging the case: its suite's, then those of paired suites it is the subject of.</summary>
    private List<GateResult> GatesOf(CaseDefinition c, CaseDefinition reference, Said said)
    {
        if (DerivedSuites.ReferenceOnly(c.Driver) is { } referenceOf)
        {
            said.Say($"Gates: none of its own; {referenceOf.Subject}'s same case is judged against it ({referenceOf.Title}, no baseline file)");
            return [];
        }

        var gates = Judged(new SuiteId(c.Driver.ToString(), c.Suite.ToString()), c.Id, SyntheticCases.Group(c, reference), said);
        // File-judged first, like its own suite: the explanation reads outward from files to the reference builds.
        foreach (var paired in DerivedSuites.All.Where(p => p.Subject == c.Driver && CaseCatalog.IsKnownId(c.On(p.Reference).Id)).OrderByDescending(p => p.JudgedAgainstItsFile))
        {
            gates.AddRange(PairedGates(paired, c, reference, said));
        }

        return gates;
    }

    /// <summary>The case's gates in a paired suite: against the suite's file, or against its reference.</summary>
    private List<GateResult> PairedGates(PairedSuite paired, CaseDefinition c, CaseDefinition reference, Said said)
    {
        var pairedId = paired.IdOf(c);
        var both = SyntheticCases.Group(c, reference).Concat(SyntheticCases.Group(c.On(paired.Reference), reference.On(paired.Reference)));
        var cases = paired.Of(SuiteAnalysis.Analyze([.. both.Select(a => a.Measurement)])) ?? [];
        if (paired.JudgedAgainstItsFile)
        {
            said.Say($"{paired.Title} {pairedId}: measured where {paired.ReferenceName}'s same case is (profiles: " +
                string.Join(", ", MeasurementProfile.All.Where(p => PerfSelection.InProfile(p, c.On(paired.Reference))).Select(p => p.Name)) + ")");
            return Judged(paired.Suite, pairedId, cases, said);
        }

        if (!paired.JudgedAgainstTheReference)
        {
            said.Say($"{paired.Title} {pairedId}: over {paired.ReferenceName}'s same case, shown in the report, not gated");
            return [];
        }

        var gates = Gating.Gates.PairedGates.Evaluate(cases, paired.Pairing, Gating.Gates.PairedGates.Default).Where(g => g.Case == pairedId).ToList();
        said.Say($"{paired.Title} {pairedId} (measured beside {paired.ReferenceName} when one is given; judged against it, no file):");
        gates.ForEach(g => said.Say($"  {g.Id.Key,-36} {g.Gate}: {g.Bound}"));
        said.Say($"  and {Gating.Gates.PairedGates.Id(GateKind.PairedAggregate, paired.Pairing).Name} over every comparable case of the suite");
        return gates;
    }

    /// <summary>The case's gates in a suite, per class of its file, and its entry per class or why none.</summary>
    private List<GateResult> Judged(SuiteId suite, string caseId, IReadOnlyList<AnalyzedCase> cases, Said said)
    {
        var load = _store.Load(suite, refreshing: false);
        if (load.File is not { } file)
        {
            said.Problems.Add($"{load.Shown}: {load.Error ?? "does not exist"}");
            said.Say($"Baseline {load.Shown}: {load.Error ?? "does not exist"}");
            return [];
        }

        var judged = cases.Single(a => a.Case.Id == caseId);
        var first = file.Classes[0];
        var gates = SuiteDeclarations.Of(suite).Evaluate(cases, new BaselineBasis(file, first, TimeJudgement.OwnClass, null), load.Shown)
            .Where(g => g.Case == caseId).ToList();
        said.Say($"Gates ({load.Shown}; bounds from the class \"{first.Key}\", on a machine of that class):");
        gates.ForEach(g => said.Say($"  {g.Id.Key,-36} {g.Gate}: {g.Bound}{(g.Verdict == GateVerdict.NotApplied ? " (shown, not judged)" : "")}"));
        if (!judged.Case.IsReference && first.Cases.ContainsKey(caseId))
        {
            said.Say($"  and {new GateId(GateKind.Aggregate).Name} over the suite, where {AggregateRule.MinimumGroups} or more groups are measured");
        }

        foreach (var machineClass in file.Classes)
        {
            said.Say(machineClass.Cases.TryGetValue(caseId, out var entry)
                ? string.Create(CultureInfo.InvariantCulture,
                    $"  entry, class \"{machineClass.Key}\": ratio {entry.Ratio:0.000} [{entry.RatioLower:0.000}, {entry.RatioUpper:0.000}], {entry.BytesPerOperation:0} B per operation, tolerance {entry.Tolerances.Ratio:P0}, runs swing ±{entry.Tolerances.RunToRun:P1}")
                : judged.Case.Unbaselined is { } why
                    ? $"  no entry, class \"{machineClass.Key}\": unbaselined by declaration, {why}"
                    : $"  no entry, class \"{machineClass.Key}\": MISSING (a run measuring it fails its baseline/entry gate)");
            if (!machineClass.Cases.ContainsKey(caseId) && judged.Case.Unbaselined is null)
            {
                said.Problems.Add($"{load.Shown}, class {machineClass.Key}: no entry for {caseId}, and it is not declared unbaselined");
            }
        }

        return gates;
    }
}
