using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Baselines;
using NetZmqTests.Gating.Gates;
using NetZmqTests.Gating.Measurements;
using NetZmqTests.Gating.Reporting;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Gating.Tests;

/// <summary>Fixed, synthetic measurements: what the gating logic and the renderer are tested on.</summary>
internal static class SampleMeasurements
{
    /// <summary>
    /// The pair the sample run with a paired build judges one against the other, named as a change against its base.
    /// </summary>
    public static Pairing Pair { get; } = new("HeadAgainstBase", "Head against base", "head", "base");

    public const string Subject = "Sample";
    public const string Suite = "ReceiveModes";
    public const string BaselinePath = "baselines/Sample.ReceiveModes.json";

    public static CaseIdentity Identity(string subject, string variant, string group = "64B") =>
        new($"{subject}/{Suite}/RouterRouter/Tcp/{variant}/ReusedBuffer/{group}", subject, Suite, group, variant, "PureBlocking",
            $"{Suite}/RouterRouter/Tcp/{variant}/ReusedBuffer/{group}");

    /// <summary>
    /// Ten samples around <paramref name="nanoseconds"/>, spread by ±<paramref name="spread"/> (relative), in a fixed
    /// order.
    /// </summary>
    public static double[] Around(double nanoseconds, double spread = 0.01) =>
        [.. Enumerable.Range(0, 10).Select(i => nanoseconds * (1 + (spread * ((i * 7 % 10) - 4.5) / 4.5)))];

    public static CaseMeasurement Case(string variant, double nanoseconds, double bytes = 0, string subject = Subject, string group = "64B",
        double spread = 0.01) =>
        new(Identity(subject, variant, group), 10_000, group == "64B" ? 64 : 65536, Around(nanoseconds, spread), bytes, 0.5, 0, 0);

    public static IReadOnlyList<AnalyzedCase> Group(double pureBlocking, double poller, double pollerBytes = 0, double pollerSpread = 0.01) =>
        SuiteAnalysis.Analyze([Case("PureBlocking", pureBlocking), Case("Poller", poller, pollerBytes, spread: pollerSpread)]);

    public static BaselineFile Baseline(double pollerRatio = 1.0, double pollerBytes = 0, Tolerances? tolerances = null,
        IReadOnlyList<KnownViolation>? knownViolations = null, IReadOnlyList<BytesBound>? bytesBounds = null)
    {
        var t = tolerances ?? new Tolerances(Ratio: 0.10, BytesRelative: 0.05, BytesAbsolute: 1024);
        return OneClassFile(Subject, new Policy([new RatioBound("Poller", "PureBlocking", 1.10, "the product owner's bound")], bytesBounds ?? [], knownViolations ?? []), t,
            new Dictionary<string, BaselineCase>
            {
                [Identity(Subject, "PureBlocking").Id] = new(1, 1, 1, 0, Around(5_000_000), t),
                [Identity(Subject, "Poller").Id] = new(pollerRatio, pollerRatio * 0.97, pollerRatio * 1.03, pollerBytes, Around(5_000_000 * pollerRatio), t),
            });
    }

    /// <summary>A file with one class, <see cref="SampleFingerprint"/>'s, measured in 5 runs.</summary>
    public static BaselineFile OneClassFile(string subject, Policy policy, Tolerances defaults, IReadOnlyDictionary<string, BaselineCase> cases) =>
        new(BaselineFile.CurrentSchemaVersion, subject, Suite, policy, defaults,
            new CrossClassRule(0.15, "the sample suite's mean moved 2 % on another machine"),
            [new ClassBaseline(SampleFingerprint, new BaselineRuns(5, 5), cases)]);

    /// <summary>The file with its one class changed by <paramref name="change"/>.</summary>
    public static BaselineFile WithClass(this BaselineFile file, Func<ClassBaseline, ClassBaseline> change) =>
        file with { Classes = [change(file.Classes.Single())] };

    /// <summary>The file with one case of its one class changed by <paramref name="change"/>.</summary>
    public static BaselineFile WithCase(this BaselineFile file, string id, Func<BaselineCase, BaselineCase> change) =>
        file.WithClass(c => c with { Cases = new Dictionary<string, BaselineCase>(c.Cases) { [id] = change(c.Cases[id]) } });

    public static Fingerprint SampleFingerprint { get; } = new(
        new DateTimeOffset(2026, 11, 22, 12, 0, 0, TimeSpan.Zero),
        new MachineFingerprint("Sample CPU", 2, "Sample OS", ".NET 10.0.0 X64", "Workstation, concurrent, latency Interactive", "0.15.8", "pinned: sample")
        {
            CpuSignature = "family 26 model 2 stepping 1",
            Kernel = "Linux 6.1.0-sample",
        },
        new SubjectFingerprint("1.2.3", "a sample package folder", "libsample 4.3.5, libsample.so sha256 0123456789ab"));

    /// <summary>
    /// A whole run: two subjects (one with a failing and one with a known-violating gate), one absent subject; on the
    /// machine the baselines were recorded on, or on <paramref name="machine"/>.
    /// </summary>
    public static JudgedRun Run(MachineFingerprint? machine = null)
    {
        var here = machine ?? SampleFingerprint.Machine;
        var known = new KnownViolation(Identity("Floor", "Poller", "64KiB").Id, new NetZmqTests.Gating.Gates.GateId(NetZmqTests.Gating.Gates.GateKind.RatioPolicy, "Poller", "PureBlocking"), "measured 1.3 in 5 of 5 runs");
        GatedSuite Subject(string name, IReadOnlyList<CaseMeasurement> cases, BaselineFile baseline)
        {
            var analyzed = SuiteAnalysis.Analyze(cases);
            var basis = BaselineBasis.Choose(baseline, here);
            return new GatedSuite(name, Suite, $"{name} 1.2.3 from a sample folder", SampleFingerprint.Subject, analyzed,
                $"baselines/{name}.{Suite}.json", basis, GateEvaluator.Evaluate(analyzed, basis, $"baselines/{name}.{Suite}.json"));
        }

        // The binding's cases also have CPU times (the floor's do not): the tables show both ratios, or "–".
        static CaseMeasurement WithCpu(CaseMeasurement m, double cpuOverWall) =>
            m with { CpuNanosecondsPerOperation = [.. m.NanosecondsPerOperation.Select(ns => ns * cpuOverWall)] };
        var binding = Subject("Binding",
            [WithCpu(Case("PureBlocking", 5_000_000, subject: "Binding"), 1.5), WithCpu(Case("Poller", 5_100_000, 40, subject: "Binding"), 1.4),
             WithCpu(Case("PureBlocking", 300_000_000, subject: "Binding", group: "64KiB"), 1.2),
             WithCpu(Case("Poller", 420_000_000, subject: "Binding", group: "64KiB"), 1.2)],
            BaselineFor("Binding", ("64B", 1.0), ("64KiB", 1.0)));
        var floor = Subject("Floor",
            [Case("PureBlocking", 4_000_000, subject: "Floor"), Case("Poller", 4_100_000, subject: "Floor"),
             Case("PureBlocking", 280_000_000, subject: "Floor", group: "64KiB"), Case("Poller", 364_000_000, subject: "Floor", group: "64KiB")],
            BaselineFor("Floor", ("64B", 1.0), ("64KiB", 1.3)) with
            {
                Policy = new Policy([new RatioBound("Poller", "PureBlocking", 1.10, "the product owner's bound")], [], [known]),
            });
        return new JudgedRun(new DateTimeOffset(2026, 11, 22, 12, 0, 0, TimeSpan.Zero), TimeSpan.FromSeconds(93), MeasurementProfile.Default, 10_000,
            here, [binding, floor], [new AbsentSubject("Missing", "Missing is not installed here; enable it with -p:Missing=on")],
            [new CrossSubjectComparison("Binding overhead", "Binding", ["Floor", "Missing"], "The binding's time over the floor's.")],
            [new RunNote(NoteKind.Refreshed, "Refreshed baselines/Binding.ReceiveModes.json: observed values of 4 cases; policy and tolerances unchanged.")],
            [
                new ClaimCheck("C1", "Poller runs within 0.97-1.01 × PureBlocking.", ClaimVerdict.DoesNotHold, "64B 1.020 [1.010, 1.030]",
                    ClaimGate.Of(new RatioBound("Poller", "PureBlocking", 1.10, "the product owner's"))),
                new ClaimCheck("C2", "Batching is free.", ClaimVerdict.Unclear, "64B 1.050 [0.950, 1.150]"),
                new ClaimCheck("C3", "Sleeping is slow.", ClaimVerdict.Holds, "64B 1.500 [1.400, 1.600]"),
                new ClaimCheck("C4", "Pools allocate nothing.", ClaimVerdict.NotMeasured, "Binding did not measure the cases this claim is about in this run"),
            ]) { HeadlineSuite = Suite, Instructions = SampleInstructions.Of([.. binding.Cases.Select(c => c.Case)], withBase: false) };
    }

    /// <summary>
    /// <see cref="Run"/> with a base build of the binding measured beside it: the base's cases shown, and the binding's
    /// over the base's (the head 4 % slower at Poller 64 KiB, as good as equal elsewhere; equal everywhere unless
    /// <paramref name="headChanged"/>) as the head ÷ base suite.
    /// </summary>
    public static JudgedRun RunWithBase(MachineFingerprint? machine = null, bool headChanged = true)
    {
        var run = Run(machine);
        var head = run.Subjects.Single(s => s.Subject == "Binding");
        var @base = head.Cases.Select(c => c.Measurement with
        {
            Case = c.Case with { Id = c.Case.Id.Replace("Binding/", "BindingBase/", StringComparison.Ordinal), Subject = "BindingBase" },
            NanosecondsPerOperation = [.. c.Measurement.NanosecondsPerOperation.Select(ns => headChanged && c.Case.Variant == "Poller" && c.Case.Group == "64KiB" ? ns / 1.04 : ns * 0.999)],
            CpuNanosecondsPerOperation = [.. c.Measurement.CpuNanosecondsPerOperation.Select(ns => ns * 0.998)],
        }).ToList();
        var compared = head.Cases.Zip(@base, (h, b) => SuiteAnalysis.Against(h.Measurement with
            {
                Case = h.Case with
                {
                    Id = $"Binding/{Pair.Suite}/{h.Case.CrossSubjectKey}", Suite = Pair.Suite, Group = $"{Suite}/{h.Case.Group}",
                    Variant = h.Case.CrossSubjectKey, ReferenceVariant = "BindingBase",
                },
            }, b) with { ReferenceBytesPerOperation = b.BytesAllocatedPerOperation }).ToList();
        var counts = SampleCounts(head.Cases.Select(c => c.Case).ToList());
        var callGates = compared.Select((c, i) => CallCountRule.Evaluate(PairedGates.Id(GateKind.PairedCalls, Pair),
            counts.Of(head.Cases[i].Case.Id)! with { Case = c.Case.Id },
            CallCountRule.Of(counts.Of(head.Cases[i].Case.Id.Replace("Binding/", "BindingBase/", StringComparison.Ordinal))!),
            RunCounts.VaryingIn(counts.Cases.Where(k => k.Case.StartsWith("BindingBase/", StringComparison.Ordinal))), "the base", Pair.BaselinePath));
        var instructions = SampleInstructions.Of([.. head.Cases.Select(c => c.Case)], withBase: true, headChanged);
        var instructionGates = SampleInstructions.Gates(instructions, [.. head.Cases.Select(c => c.Case)], [.. compared.Select(c => c.Case.Id)]);
        var judged = new GatedSuite("Binding", Pair.Suite, head.Description, head.Fingerprint, compared, Pair.BaselinePath, null,
            [.. PairedGates.Evaluate(compared, Pair, PairedGates.Default), .. callGates, .. instructionGates]) { ShowTables = false };
        var shown = new GatedSuite("BindingBase", Suite, "BindingBase 1.2.2 from another sample folder", SampleFingerprint.Subject with { Version = "1.2.2" },
            SuiteAnalysis.Analyze(@base), "none: the base is what the head is judged against", null, []);
        return run with
        {
            Subjects = [judged, .. run.Subjects, shown],
            Comparisons = [new CrossSubjectComparison("Head against base", "Binding", ["BindingBase"], "The head's time over its base's."), .. run.Comparisons],
            Counts = counts,
            Instructions = instructions,
            Paired = new PairedBuilds(Pair, "Binding 1.2.3 from a sample folder", "BindingBase 1.2.2 from another sample folder", "base",
                [new NotComparable($"Binding/{Pair.Suite}/ReceiveModes/RouterRouter/Tcp/Pool/ReusedBuffer/64B", "the base has no pool")]),
        };
    }

    /// <summary>
    /// Native calls of the head's cases and the base's: a receive and a send per message, a poll per batch (varying)
    /// for Poller, and one call the base makes per message at 64 B that the head no longer does (a change, not a
    /// failure).
    /// </summary>
    public static RunCounts SampleCounts(IReadOnlyList<CaseIdentity> heads)
    {
        static IReadOnlyDictionary<string, long> Repetition(CaseIdentity c, int repetition, bool isBase) =>
            new Dictionary<string, long>(StringComparer.Ordinal)
            {
                ["lib_recv:ok"] = 1000,
                ["lib_send:ok"] = 1000,
                ["lib_poll:ok"] = c.Variant == "Poller" ? 40 + repetition : 0,
                ["lib_getopt:ok"] = isBase && c.Group == "64B" ? 1000 : 0,
            }.Where(p => p.Value > 0).ToDictionary(p => p.Key, p => p.Value, StringComparer.Ordinal);
        return new RunCounts(
        [
            .. heads.Select(c => new CountedCase(c.Id, 1000, [.. Enumerable.Range(0, 3).Select(r => Repetition(c, r, isBase: false))])),
            .. heads.Select(c => new CountedCase(c.Id.Replace("Binding/", "BindingBase/", StringComparison.Ordinal), 1000,
                [.. Enumerable.Range(0, 3).Select(r => Repetition(c, r, isBase: true))])),
        ], null);
    }

    public static BaselineFile BaselineFor(string subject, params (string Group, double PollerRatio)[] groups)
    {
        var t = new Tolerances(0.10, 0.05, 1024);
        var cases = new Dictionary<string, BaselineCase>();
        foreach (var (group, ratio) in groups)
        {
            cases[Identity(subject, "PureBlocking", group).Id] = new(1, 1, 1, 0, Around(1_000_000), t);
            cases[Identity(subject, "Poller", group).Id] = new(ratio, ratio, ratio, 0, Around(1_000_000 * ratio), t);
        }

        return OneClassFile(subject, new Policy([new RatioBound("Poller", "PureBlocking", 1.10, "the product owner's bound")], [], []), t, cases);
    }
}
