using System.Globalization;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Running;
using NetZmqTests.Scenarios.Catalog;
using NetZmqTests.Scenarios.Drivers;

namespace NetZmqTests.Orchestration.Explain;

/// <summary>What <see cref="CaseExplainer"/> found for one case: the text, and what the fast test checks in it.</summary>
/// <param name="Sources">Every file:line the text points at.</param>
/// <param name="Gates">Every gate that judges the case, from the gate code itself.</param>
/// <param name="Problems">What the code does not say: a loop or body member not found, an entry missing without a declaration.</param>
public sealed record Explanation(string Id, IReadOnlyList<string> Lines, IReadOnlyList<SourceLine> Sources, IReadOnlyList<GateResult> Gates,
    IReadOnlyList<string> Problems);

/// <summary>
/// From a case id to the code, read from the code itself: the profiles that run the case (<see cref="PerfSelection"/>),
/// its cell and reference case (<see cref="PerfCases"/>), the receive loop it runs (<see cref="MessageReceiver.LoopOf"/>)
/// and the driver body that loop calls, as file:line, every gate that judges it with its rule and bound (the gate
/// code run on the case with its baseline's own values, so the list is the run's), and its baseline entries, or why
/// it has none. <c>dotnet run --project build/Explain -- &lt;case id&gt;</c> prints it.
/// </summary>
public sealed class CaseExplainer(string repositoryRoot)
{
    private readonly SourceIndex _sources = new(repositoryRoot);
    private readonly BaselineStore _store = new(new SourceLayout(repositoryRoot, repositoryRoot));

    /// <summary>
    /// The receive body of <paramref name="driver"/>: a struct the loops are specialised over, internal to its driver's
    /// assembly, so named here, not referenced (Net.Zmq's assembly is also loaded per build, and compiled out where
    /// Net.Zmq does not restore); the fast test finds each name in the sources.
    /// </summary>
    public static string BodyOf(DriverId driver) => driver switch
    {
        DriverId.LibZmq => "LibZmqReceiveSocket",
        DriverId.NetMQ => "NetMqReceiveSocket",
        _ => "NetZmqReceiveSocket",
    };

    /// <summary>Every case id of this build's catalog (Net.Zmq's pool cases only where its Net.Zmq has MessagePool).</summary>
    public static IEnumerable<string> AllIds => CaseCatalog.All.Select(c => c.Id);

    public Explanation Explain(string id)
    {
        var c = CaseCatalog.All.FirstOrDefault(x => x.Id == id) ?? throw new ArgumentException(CaseCatalog.IsKnownId(id)
            ? $"'{id}' is a case of another build only: " + string.Join("; ", CaseCatalog.StrategiesNotExpressed
                .Where(n => CaseDefinition.Parse(id) is { } other && n.Driver == other.Driver && n.Strategy == other.Strategy).Select(n => n.Reason))
            : $"'{id}' is no case id. An id is <driver>/<suite>/<pattern>/<transport>/<mode>/<strategy>/<size>, e.g. " +
              "NetZmq/Patterns/PushPull/Inproc/Poller/ReusedBuffer/1KiB; --list prints them all.");
        var lines = new List<string>();
        var sources = new List<SourceLine>();
        var problems = new List<string>();
        void Say(string line) => lines.Add(line);
        string At(SourceLine? line, string what)
        {
            if (line is null)
            {
                problems.Add($"{what}: not found in the sources");
                return "(not found)";
            }

            sources.Add(line);
            return line.ToString();
        }

        var identity = PerfCases.Identify(c);
        Say(id);
        Say($"  driver {c.Driver}, suite {c.Suite}, pattern {c.Pattern}, transport {c.Transport}, mode {c.Mode}, strategy {c.Strategy}, size {CaseDefinition.FormatSize(c.MessageSize)}");
        Say($"Profiles (PerfSelection.InProfile): " + string.Join(", ", MeasurementProfile.All.Select(p => $"{p.Name} {(PerfSelection.InProfile(p, c) ? "yes" : "no")}")) +
            (c.Driver == DriverId.NetZmqBase ? "; the base build is measured only beside the head, when a base is given (-p:NetZmqBaseSource)" : ""));

        var cell = CaseCatalog.All.Where(o => o.Cell == c.Cell && PerfSelection.InProfile(MeasurementProfile.Default, o) && o.Driver != DriverId.NetZmqBase).ToList();
        Say($"Cell {c.Cell}: {cell.Count} cases of the default profile measured together in alternating operations (" +
            string.Join("; ", cell.GroupBy(o => o.Driver).Select(g => $"{g.Key} {g.Count()}")) + ")");
        var reference = PerfCases.ReferenceOf(c);
        Say(identity.IsReference
            ? $"Reference: it is the reference of its group {identity.Group} ({identity.ReferenceVariant}): the others' times are ratios to its"
            : $"Reference: {reference.Id} (group {identity.Group}): its time is judged only as a ratio to this case's, measured with it");

        var loop = MessageReceiver.LoopOf(c.Mode, c.Strategy);
        var receiver = _sources.Type("SocketReceiver");
        var loopLine = receiver is null ? null : _sources.Member(receiver, $"Receive{loop}");
        Say($"Receive loop: SocketReceiver<TSocket>.Receive{loop}  {At(loopLine, $"the loop Receive{loop}")}");
        var body = _sources.Type(BodyOf(c.Driver));
        Say($"Driver body: {BodyOf(c.Driver)}  {At(body, $"the body {BodyOf(c.Driver)}")}");
        foreach (var member in loopLine is null || body is null ? [] : _sources.CallsOn(loopLine, "_socket"))
        {
            Say($"  {member,-18} {At(_sources.Member(body!, member), $"{BodyOf(c.Driver)}.{member}")}");
        }

        var gates = new List<GateResult>();
        if (c.Driver == DriverId.NetZmqBase)
        {
            Say("Gates: none of its own; the head's same case is judged against it (head ÷ base, no baseline file)");
        }
        else
        {
            var suite = new SuiteId(c.Driver.ToString(), c.Suite.ToString());
            gates.AddRange(Judged(suite, id, Group(c, reference), problems, Say));
            if (c.Driver == DriverId.NetZmq && CaseCatalog.IsKnownId(c.On(DriverId.LibZmq).Id))
            {
                var overheadId = BindingOverhead.IdOf(c);
                var both = Group(c, reference).Concat(Group(c.On(DriverId.LibZmq), reference.On(DriverId.LibZmq)));
                Say($"Binding overhead {overheadId}: measured where the floor's same case is (profiles: " +
                    string.Join(", ", MeasurementProfile.All.Where(p => PerfSelection.InProfile(p, c.On(DriverId.LibZmq))).Select(p => p.Name)) + ")");
                gates.AddRange(Judged(BindingOverhead.Suite, overheadId, BindingOverhead.Of(SuiteAnalysis.Analyze([.. both.Select(a => a.Measurement)])) ?? [], problems, Say));
            }

            if (c.Driver == DriverId.NetZmq)
            {
                var compared = HeadAgainstBase.Of(SuiteAnalysis.Analyze([.. Group(c, reference).Concat(Group(c.On(DriverId.NetZmqBase), reference.On(DriverId.NetZmqBase))).Select(a => a.Measurement)])) ?? [];
                var head = HeadAgainstBaseGates.Evaluate(compared, HeadAgainstBaseGates.Default).Where(g => g.Case == HeadAgainstBase.IdOf(c)).ToList();
                Say($"Head against base {HeadAgainstBase.IdOf(c)} (with -p:NetZmqBaseSource; HeadAgainstBaseGates, no file):");
                head.ForEach(g => Say($"  {g.Id.Key,-36} {g.Gate}: {g.Bound}"));
                Say($"  and {new GateId(GateKind.HeadAggregate).Name} over every comparable case of the suite");
                gates.AddRange(head);
            }
        }

        lines.AddRange(CaseCallCounts.Lines(repositoryRoot, c));
        Say($"Run it alone: PERF_FILTER='{id}' dotnet test --filter Category=Perf");
        return new Explanation(id, lines, sources, gates, problems);
    }

    /// <summary>
    /// The gates of <paramref name="caseId"/> in <paramref name="suite"/>, from the suite's own judgement run on
    /// <paramref name="cases"/> against each class of its file, and the case's entry per class (or why it has none).
    /// </summary>
    private List<GateResult> Judged(SuiteId suite, string caseId, IReadOnlyList<AnalyzedCase> cases, List<string> problems, Action<string> say)
    {
        var load = _store.Load(suite, refreshing: false);
        if (load.File is not { } file)
        {
            problems.Add($"{load.Shown}: {load.Error ?? "does not exist"}");
            say($"Baseline {load.Shown}: {load.Error ?? "does not exist"}");
            return [];
        }

        var judged = cases.Single(a => a.Case.Id == caseId);
        var first = file.Classes[0];
        var gates = SuiteDeclarations.Of(suite).Evaluate(cases, new BaselineBasis(file, first, TimeJudgement.OwnClass, null), load.Shown)
            .Where(g => g.Case == caseId).ToList();
        say($"Gates ({load.Shown}; bounds from the class \"{first.Key}\", on a machine of that class):");
        gates.ForEach(g => say($"  {g.Id.Key,-36} {g.Gate}: {g.Bound}{(g.Verdict == GateVerdict.NotApplied ? " (shown, not judged)" : "")}"));
        if (!judged.Case.IsReference && first.Cases.ContainsKey(caseId))
        {
            say($"  and {new GateId(GateKind.Aggregate).Name} over the suite, where {AggregateRule.MinimumGroups} or more groups are measured");
        }

        foreach (var machineClass in file.Classes)
        {
            say(machineClass.Cases.TryGetValue(caseId, out var entry)
                ? string.Create(CultureInfo.InvariantCulture,
                    $"  entry, class \"{machineClass.Key}\": ratio {entry.Ratio:0.000} [{entry.RatioLower:0.000}, {entry.RatioUpper:0.000}], {entry.BytesPerOperation:0} B per operation, tolerance {entry.Tolerances.Ratio:P0}, runs swing ±{entry.Tolerances.RunToRun:P1}")
                : judged.Case.Unbaselined is { } why
                    ? $"  no entry, class \"{machineClass.Key}\": unbaselined by declaration, {why}"
                    : $"  no entry, class \"{machineClass.Key}\": MISSING (a run measuring it fails its baseline/entry gate)");
            if (!machineClass.Cases.ContainsKey(caseId) && judged.Case.Unbaselined is null)
            {
                problems.Add($"{load.Shown}, class {machineClass.Key}: no entry for {caseId}, and it is not declared unbaselined");
            }
        }

        return gates;
    }

    /// <summary>
    /// The case and its reference, measured alike (synthetic operations): every gate that judges the case appears,
    /// and a gate's bound comes from the baseline and the policy, never from what was measured.
    /// </summary>
    private static IReadOnlyList<AnalyzedCase> Group(CaseDefinition c, CaseDefinition reference)
    {
        var cases = new[] { reference, c }.Distinct().Select(d => Synthetic(PerfCases.Identify(d), d.MessageSize)).ToList();
        return SuiteAnalysis.Analyze(cases);
    }

    private static CaseMeasurement Synthetic(CaseIdentity identity, int messageSize)
    {
        const int operations = 12;
        double[] times = [.. Enumerable.Range(0, operations).Select(i => 1e7 * (1 + (0.001 * (i % 3))))];
        return new CaseMeasurement(identity, CaseCatalog.MessagesPerOperation, messageSize, times, 0, 0, 0, 0)
        {
            CpuNanosecondsPerOperation = times,
            PairingUnits = [.. Enumerable.Range(0, operations)],
            Blocks = [.. Enumerable.Range(0, operations).Select(i => i / 2)],
            ProcessBytesPerOperation = identity.Subject == nameof(DriverId.NetMQ) ? 0 : null,
        };
    }
}
