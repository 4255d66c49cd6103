using System.Globalization;
using System.Text;
using System.Text.Json;

namespace NetZmqTests.Gating.Baselines;

/// <summary>Reads a time baseline file strictly: every problem names the file and the field's JSON path.</summary>
public static class BaselineReader
{
    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    public static BaselineFile Read(string path) => Parse(File.ReadAllBytes(path), path);

    /// <summary>Refuses what an editor or a broken write leaves: no bytes, a byte-order mark, not UTF-8.</summary>
    public static void CheckBytes(byte[] bytes, string path)
    {
        if (bytes.Length == 0)
        {
            throw new BaselineFormatException(path, "$", "the file is empty");
        }

        if (bytes.AsSpan().StartsWith(Encoding.UTF8.Preamble))
        {
            throw new BaselineFormatException(path, "$", "the file starts with a UTF-8 byte-order mark; save it as UTF-8 without one");
        }

        try
        {
            _ = StrictUtf8.GetCharCount(bytes);
        }
        catch (DecoderFallbackException e)
        {
            throw new BaselineFormatException(path, "$", $"the file is not valid UTF-8 (byte {e.Index} of the bad sequence)");
        }
    }

    private static JsonDocument Document(byte[] bytes, string path)
    {
        CheckBytes(bytes, path);
        try
        {
            return JsonDocument.Parse(bytes, new JsonDocumentOptions { AllowDuplicateProperties = false });
        }
        catch (JsonException e)
        {
            throw new BaselineFormatException(path, e.Path ?? "$",
                $"not valid JSON (line {e.LineNumber + 1}, byte {e.BytePositionInLine + 1}): {e.Message}");
        }
    }

    public static BaselineFile Parse(byte[] bytes, string path)
    {
        using var document = Document(bytes, path);
        var root = new BaselineField(path, "$", document.RootElement);
        var schema = root.Get("schemaVersion").Integer();
        if (schema is not (BaselineFile.CurrentSchemaVersion or BaselineFile.SingleClassSchemaVersion))
        {
            throw new BaselineFormatException(path, "$.schemaVersion",
                $"schema version {schema} is not supported; this suite reads version {BaselineFile.CurrentSchemaVersion} " +
                $"(and {BaselineFile.SingleClassSchemaVersion}, the single-class layout before it)");
        }

        var single = schema == BaselineFile.SingleClassSchemaVersion;
        return new BaselineFile(schema, root.Get("subject").Text(), root.Get("suite").Text(),
            ReadPolicy(root.Get("policy")), ReadTolerances(root.Get("defaultTolerances")),
            single ? CrossClassRule.NotDeclared : ReadCrossClass(root.Get("crossClass")),
            single ? [ReadClass(root, singleClass: true)] : ReadClasses(root.Get("classes")));
    }

    private static CrossClassRule ReadCrossClass(BaselineField node) =>
        new(node.Get("aggregateTolerance").NullableNonNegativeNumber(), node.Get("why").Text());

    /// <summary>The classes, each once: two entries for one class would leave unclear which one gates it.</summary>
    private static List<ClassBaseline> ReadClasses(BaselineField node)
    {
        var classes = new List<ClassBaseline>();
        foreach (var item in node.Items())
        {
            var read = ReadClass(item, singleClass: false);
            var label = item.Get("class");
            if (label.Text() != read.Key)
            {
                throw label.Invalid($"\"{label.Text()}\" is not the class its fingerprint makes (\"{read.Key}\"); the class is derived from the fingerprint");
            }

            if (classes.Any(c => c.Key == read.Key))
            {
                throw label.Invalid($"a second entry for the class \"{read.Key}\"; a file holds each machine class once");
            }

            classes.Add(read);
        }

        return classes.Count > 0 ? classes : throw node.Invalid("no class: a baseline file holds the values of at least one machine class");
    }

    /// <summary>One class: an entry of <c>classes</c>, or in schema 4 the root, as one refresh's values.</summary>
    private static ClassBaseline ReadClass(BaselineField node, bool singleClass)
    {
        var cases = new Dictionary<string, BaselineCase>(StringComparer.Ordinal);
        foreach (var (id, entry) in node.Get("cases").Properties())
        {
            cases.Add(id, ReadCase(entry));
        }

        var runs = singleClass ? BaselineRuns.SingleRefresh : ReadRuns(node.Get("runs"));
        return new ClassBaseline(ReadFingerprint(node.Get("fingerprint")), runs, cases)
        {
            AggregateTolerance = node.Get("aggregateTolerance").NonNegativeNumber(),
            ProcessBytesTolerance = node.Get("processBytesTolerance").NonNegativeNumber(),
        };
    }

    private static BaselineRuns ReadRuns(BaselineField node)
    {
        var values = node.Get("values");
        var runs = new BaselineRuns(values.Integer(), node.Get("swing").NonNegativeInteger());
        return runs.Values >= 1 ? runs : throw values.Invalid($"expected an integer ≥ 1 (the runs the values come from), found {runs.Values}");
    }

    private static Fingerprint ReadFingerprint(BaselineField node)
    {
        var machine = node.Get("machine");
        var subject = node.Get("subject");
        var recordedAt = node.Get("recordedAt");
        if (!DateTimeOffset.TryParse(recordedAt.Text(), CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out var at))
        {
            throw recordedAt.Invalid("expected an ISO 8601 date and time");
        }

        return new Fingerprint(
            at,
            new MachineFingerprint(
                machine.Get("cpu").Text(),
                machine.Get("cores").Integer(),
                machine.Get("os").Text(),
                machine.Get("runtime").Text(),
                machine.Get("gc").Text(),
                machine.Get("benchmarkDotNet").Text(),
                machine.Get("placement").Text())
            {
                CpuSignature = machine.Optional("cpuSignature")?.Text(),
                Kernel = machine.Optional("kernel")?.Text(),
            },
            new SubjectFingerprint(subject.Get("version").Text(), subject.Get("origin").Text(), subject.Get("nativeLibrary").Text()));
    }

    private static Policy ReadPolicy(BaselineField node) =>
        new(
            OnePerGate(node.Get("ratioBounds").Items(), b => new RatioBound(
                b.Get("variant").Text(), b.Get("reference").Text(), b.Get("max").PositiveNumber(), b.Get("why").Text()), Gates.GateId.For),
            OnePerGate(node.Get("bytesBounds").Items(), b => new BytesBound(
                b.Get("variant").Text(), b.Get("max").PositiveNumber(), b.Get("upToMessageBytes").NonNegativeInteger(), b.Get("why").Text()), Gates.GateId.For),
            node.Get("knownViolations").Items().Select(v => new KnownViolation(
                v.Get("case").Text(), v.Get("gate").GateIdentity(), v.Get("evidence").Text())).ToList());

    /// <summary>Bounds each on a gate of its own, so a known violation names one.</summary>
    private static List<T> OnePerGate<T>(List<BaselineField> items, Func<BaselineField, T> read, Func<T, Gates.GateId> gate)
    {
        var bounds = new List<T>();
        foreach (var item in items)
        {
            var bound = read(item);
            if (bounds.Any(b => gate(b) == gate(bound)))
            {
                throw item.Invalid($"a second bound on the gate {gate(bound)}; a gate has one bound");
            }

            bounds.Add(bound);
        }

        return bounds;
    }

    private static BaselineCase ReadCase(BaselineField node) =>
        new(
            node.Get("ratio").PositiveNumber(),
            node.Get("ratioLower").PositiveNumber(),
            node.Get("ratioUpper").PositiveNumber(),
            node.Get("bytesPerOperation").NonNegativeNumber(),
            node.Get("nanosecondsPerOperation").Items().Select(n => n.PositiveNumber()).ToList(),
            ReadTolerances(node.Get("tolerances")))
        {
            ProcessBytesPerOperation = node.Optional("processBytesPerOperation")?.NonNegativeNumber(),
            CpuRatio = node.Optional("cpuRatio") is { } cpu
                ? new Statistics.RatioEstimate(cpu.PositiveNumber(), node.Get("cpuRatioLower").PositiveNumber(), node.Get("cpuRatioUpper").PositiveNumber())
                : null,
        };

    private static Tolerances ReadTolerances(BaselineField node) =>
        new(node.Get("ratio").NonNegativeNumber(), node.Get("bytesRelative").NonNegativeNumber(), node.Get("bytesAbsolute").NonNegativeNumber())
        {
            RunToRun = node.Get("runToRun").NonNegativeNumber(),
            CpuRunToRun = node.Get("cpuRunToRun").NonNegativeNumber(),
        };
}
