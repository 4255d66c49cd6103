using NetZmqTests.Gating.Gates;
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
public sealed record Explanation(string Id, IReadOnlyList<string> Lines, IReadOnlyList<SourceLine> Sources,
    IReadOnlyList<GateResult> Gates, IReadOnlyList<string> Problems);

/// <summary>
/// From a case id to the code, read from the code itself: its profiles, cell and reference, receive loop and driver
/// body as file:line, every gate that judges it (the gate code run on its baseline's values) and its baseline entries.
/// <c>dotnet run --project build/Explain -- &lt;case id&gt;</c> prints it.
/// </summary>
public sealed partial class CaseExplainer(string repositoryRoot)
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
                .Where(n => CaseDefinition.Parse(id) is { } other
                            && n.Driver == other.Driver && n.Strategy == other.Strategy)
                .Select(n => n.Reason))
            : $"'{id}' is no case id. An id is <driver>/<suite>/<pattern>/<transport>/<mode>/<strategy>/<size>, e.g. " +
              "NetZmq/Patterns/PushPull/Inproc/Poller/ReusedBuffer/1KiB; --list prints them all.");
        var said = new Said([], [], []);
        var reference = PerfCases.ReferenceOf(c);
        DescribeCase(c, reference, said);
        DescribeLoop(c, said);
        var gates = GatesOf(c, reference, said);
        said.Lines.AddRange(CaseCounts.Lines(_store, new(repositoryRoot, repositoryRoot), c));
        said.Say($"Run it alone: PERF_FILTER='{id}' dotnet test --filter Category=Perf");
        return new Explanation(id, said.Lines, said.Sources, gates, said.Problems);
    }

    /// <summary>What an explanation collects: its lines, the file:line it cites, what the code does not say.</summary>
    private sealed record Said(List<string> Lines, List<SourceLine> Sources, List<string> Problems)
    {
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
        said.Say($"  driver {c.Driver}, suite {c.Suite}, pattern {c.Pattern}, transport {c.Transport}, mode {c.Mode}, "
            + $"strategy {c.Strategy}, size {CaseDefinition.FormatSize(c.MessageSize)}");
        said.Say($"Profiles (PerfSelection.InProfile): "
            + string.Join(", ", MeasurementProfile.All
                .Select(p => $"{p.Name} {(PerfSelection.InProfile(p, c) ? "yes" : "no")}"))
            + (referenceOf is null ? "" : $"; it is measured only as {referenceOf.ReferenceName} of "
                + $"{referenceOf.Title}, beside {referenceOf.Subject}'s same case, when one is given"));

        var cell = CaseCatalog.All.Where(o => o.Cell == c.Cell && PerfSelection.InProfile(MeasurementProfile.Default, o)
            && DerivedSuites.ReferenceOnly(o.Driver) is null).ToList();
        said.Say($"Cell {c.Cell}: {cell.Count} cases of the default profile measured together in alternating "
            + $"operations ({string.Join("; ", cell.GroupBy(o => o.Driver).Select(g => $"{g.Key} {g.Count()}"))})");
        said.Say(identity.IsReference
            ? $"Reference: it is the reference of its group {identity.Group} ({identity.ReferenceVariant}): "
                + "the others' times are ratios to its"
            : $"Reference: {reference.Id} (group {identity.Group}): "
                + "its time is judged only as a ratio to this case's, measured with it");
    }

    /// <summary>The receive loop the case runs and the driver body that loop calls, as file:line.</summary>
    private void DescribeLoop(CaseDefinition c, Said said)
    {
        var loop = MessageReceiver.LoopOf(c.Mode, c.Strategy);
        var receiver = _sources.Type("SocketReceiver");
        var loopLine = receiver is null ? null : _sources.Member(receiver, $"Receive{loop}");
        said.Say($"Receive loop: SocketReceiver<TSocket>.Receive{loop}  "
            + said.At(loopLine, $"the loop Receive{loop}"));
        var body = _sources.Type(BodyOf(c.Driver));
        said.Say($"Driver body: {BodyOf(c.Driver)}  {said.At(body, $"the body {BodyOf(c.Driver)}")}");
        foreach (var member in loopLine is null || body is null ? [] : _sources.CallsOn(loopLine, "_socket"))
            said.Say($"  {member,-18} {said.At(_sources.Member(body!, member), $"{BodyOf(c.Driver)}.{member}")}");
    }
}
