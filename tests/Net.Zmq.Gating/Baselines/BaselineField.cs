using System.Text.Json;
using NetZmqTests.Gating.Gates;

namespace NetZmqTests.Gating.Baselines;

/// <summary>A JSON value with the path it was reached by, so that every error can name its field.</summary>
internal readonly record struct BaselineField(string File, string Path, JsonElement Element)
{
    public BaselineFormatException Invalid(string problem) => new(File, Path, problem);

    public BaselineField Get(string name) =>
        Expect(JsonValueKind.Object, "an object").TryGetProperty(name, out var value)
            ? new BaselineField(File, $"{Path}.{name}", value)
            : throw Invalid($"the field \"{name}\" is missing");

    /// <summary>
    /// A field that only some entries have (the process-wide bytes of a subject counted so); null when absent.
    /// </summary>
    public BaselineField? Optional(string name) =>
        Element.ValueKind == JsonValueKind.Object && !Element.TryGetProperty(name, out _) ? null : Get(name);

    public List<(string Name, BaselineField Value)> Properties()
    {
        var (file, path) = (File, Path);
        return [.. Expect(JsonValueKind.Object, "an object").EnumerateObject()
            .Select(p => (p.Name, new BaselineField(file, $"{path}[\"{p.Name}\"]", p.Value)))];
    }

    public List<BaselineField> Items()
    {
        var (file, path) = (File, Path);
        return [.. Expect(JsonValueKind.Array, "an array").EnumerateArray()
            .Select((item, i) => new BaselineField(file, $"{path}[{i}]", item))];
    }

    public string Text() => Expect(JsonValueKind.String, "a string").GetString()!;

    private JsonElement Expect(JsonValueKind kind, string what) =>
        Element.ValueKind == kind ? Element : throw Invalid($"expected {what}, found {Describe(Element.ValueKind)}");

    /// <summary>
    /// A gate's identity in its canonical spelling; a shown gate name (as older files held) is refused with the forms.
    /// </summary>
    public GateId GateIdentity() =>
        GateId.Parse(Text()) ?? throw Invalid($"\"{Text()}\" is not a gate id; known violations name a gate as one of: {GateId.Forms}");

    public int Integer() =>
        Element.ValueKind == JsonValueKind.Number && Element.TryGetInt32(out var value)
            ? value
            : throw Invalid($"expected an integer, found {Describe(Element.ValueKind)} {Element.GetRawText()}");

    public int NonNegativeInteger()
    {
        var value = Integer();
        return value >= 0 ? value : throw Invalid($"expected an integer ≥ 0, found {value}");
    }

    /// <summary>A number ≥ 0, or JSON null where the field says "none" (a rule that does not apply).</summary>
    public double? NullableNonNegativeNumber() => Element.ValueKind == JsonValueKind.Null ? null : NonNegativeNumber();

    public double NonNegativeNumber()
    {
        var value = Number();
        return value >= 0 ? value : throw Invalid($"expected a number ≥ 0, found {Element.GetRawText()}");
    }

    public double PositiveNumber()
    {
        var value = Number();
        return value > 0 ? value : throw Invalid($"expected a number > 0, found {Element.GetRawText()}");
    }

    private double Number()
    {
        // JSON has no NaN or infinity; a quoted "NaN" or "1.5" arrives as a string and is rejected here.
        if (Element.ValueKind != JsonValueKind.Number)
        {
            throw Invalid($"expected a number, found {Describe(Element.ValueKind)} {Element.GetRawText()}");
        }

        // A literal beyond double's range (1e999) is valid JSON but no finite number.
        return Element.TryGetDouble(out var value) && double.IsFinite(value)
            ? value
            : throw Invalid($"expected a finite number, found {Element.GetRawText()}");
    }

    private static string Describe(JsonValueKind kind) => kind switch
    {
        JsonValueKind.Object => "an object",
        JsonValueKind.Array => "an array",
        JsonValueKind.String => "a string",
        JsonValueKind.Number => "a number",
        JsonValueKind.True or JsonValueKind.False => "a boolean",
        JsonValueKind.Null => "null",
        _ => "nothing",
    };
}
