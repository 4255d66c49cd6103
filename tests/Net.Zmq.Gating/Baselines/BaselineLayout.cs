using NetZmqTests.Gating.Gates;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// A time baseline file's layout as records the serializer reads and writes. <c>Of</c> rounds a class's values as the
/// file keeps them; <c>To</c> checks what was read, naming the file and field of every problem.
/// </summary>
internal sealed record FileLayout(int SchemaVersion, string Subject, string Suite, Policy Policy,
    TolerancesLayout DefaultTolerances, CrossClassRule CrossClass, IReadOnlyList<ClassLayout> Classes)
{
    public static FileLayout Of(BaselineFile file) =>
        new(BaselineFile.CurrentSchemaVersion, file.Subject, file.Suite, file.Policy,
            TolerancesLayout.Of(file.DefaultTolerances),
            file.CrossClass with { AggregateTolerance = FieldAt.Round(file.CrossClass.AggregateTolerance, 4) },
            [.. file.Classes.Select(ClassLayout.Of)]);

    /// <summary>The file read from <paramref name="path"/>; in schema 4 its one class is the root.</summary>
    public BaselineFile To(string path, bool singleClass = false)
    {
        var root = new FieldAt(path, "$");
        var classes = new List<ClassBaseline>();
        foreach (var (i, entry) in Classes.Index())
        {
            var at = singleClass ? root : root.Step(nameof(Classes)).Item(i);
            var read = entry.To(at, singleClass);
            var label = at.Step(nameof(entry.Class));
            if (!singleClass && entry.Class != read.Key)
            {
                throw label.Invalid($"\"{entry.Class}\" is not the class its fingerprint makes (\"{read.Key}\"); " +
                                    "the class is derived from the fingerprint");
            }

            if (classes.Any(c => c.Key == read.Key))
                throw label.Invalid($"a second entry for the class \"{read.Key}\"; a file holds each machine class once");

            classes.Add(read);
        }

        return classes.Count == 0
            ? throw root.Step(nameof(Classes))
                .Invalid("no class: a baseline file holds the values of at least one machine class")
            : new BaselineFile(SchemaVersion, Subject, Suite, Checked(Policy, root.Step(nameof(Policy))),
                DefaultTolerances.To(root.Step(nameof(DefaultTolerances))),
                CrossClass with
                {
                    AggregateTolerance = root.Step(nameof(CrossClass)).NonNegative(CrossClass.AggregateTolerance),
                },
                classes);
    }

    /// <summary>Bounds each > 0 and on a gate of its own, so a known violation names one.</summary>
    private static Policy Checked(Policy policy, FieldAt at)
    {
        var gates = new HashSet<GateId>();
        var bounds = policy.RatioBounds
            .Select((b, i) => (GateId.For(b), at.Step(nameof(policy.RatioBounds)).Item(i), b.Max, 0))
            .Concat(policy.BytesBounds.Select((b, i) =>
                (GateId.For(b), at.Step(nameof(policy.BytesBounds)).Item(i), b.Max, b.UpToMessageBytes)));
        foreach (var (gate, item, max, upToMessageBytes) in bounds)
        {
            item.Positive(max);
            item.NonNegative(upToMessageBytes);
            if (!gates.Add(gate))
                throw item.Invalid($"a second bound on the gate {gate}; a gate has one bound");
        }

        return policy;
    }
}

/// <summary>The single-class layout of schema 4: one class's fields at the root, no cross-class rule.</summary>
internal sealed record SingleClassLayout(int SchemaVersion, string Subject, string Suite, Policy Policy,
    TolerancesLayout DefaultTolerances, FingerprintLayout Fingerprint, double AggregateTolerance,
    double ProcessBytesTolerance, IReadOnlyDictionary<string, CaseLayout> Cases)
{
    public BaselineFile To(string path) =>
        new FileLayout(SchemaVersion, Subject, Suite, Policy, DefaultTolerances, CrossClassRule.NotDeclared,
            [new ClassLayout("", Fingerprint, new(1, 0), AggregateTolerance, ProcessBytesTolerance, Cases)])
            .To(path, singleClass: true);
}
