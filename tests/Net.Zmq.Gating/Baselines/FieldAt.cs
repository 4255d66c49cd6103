using System.Globalization;
using System.Runtime.CompilerServices;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// A field of a baseline file by its JSON path, so that every problem names the file and the field. A checked
/// value's member is the argument's last name, spelled as the serializer spells it.
/// </summary>
internal readonly record struct FieldAt(string File, string Path)
{
    public FieldAt Step(string member) =>
        member.Length == 0 ? this : new(File, Path + BaselineJson.Name(member[(member.LastIndexOf('.') + 1)..]));

    public FieldAt Item(int index) => new(File, $"{Path}[{index}]");

    public FieldAt Key(string key) => new(File, Path + BaselineJson.Key(key));

    public BaselineFormatException Invalid(string problem) => new(File, Path, problem);

    /// <summary>A number > 0; null where the field was absent.</summary>
    public double Positive(double? value, [CallerArgumentExpression(nameof(value))] string member = "")
    {
        var at = Step(member);
        return value is not { } v
            ? throw Invalid($"the field \"{at.Path[(at.Path.LastIndexOf('.') + 1)..]}\" is missing")
            : v > 0 && double.IsFinite(v) ? v : throw at.Invalid(Found("a finite number > 0", v));
    }

    public double NonNegative(double value, [CallerArgumentExpression(nameof(value))] string member = "") =>
        value >= 0 && double.IsFinite(value) ? value : throw Step(member).Invalid(Found("a finite number ≥ 0", value));

    /// <summary>A number ≥ 0, or null where the field is absent or says "none".</summary>
    public double? NonNegative(double? value, [CallerArgumentExpression(nameof(value))] string member = "") =>
        value is { } v ? NonNegative(v, member) : null;

    /// <summary>A count's messages: at least one.</summary>
    public void AtLeastOne(int messages, [CallerArgumentExpression(nameof(messages))] string member = "")
    {
        if (messages <= 0)
            throw Step(member).Invalid($"{messages} messages: a count is per at least one message");
    }

    public int NonNegative(int value, [CallerArgumentExpression(nameof(value))] string member = "") =>
        value >= 0 ? value : throw Step(member).Invalid(Found("an integer ≥ 0", value));

    /// <summary>What a file keeps of a measured value.</summary>
    public static double Round(double value, int decimals) => Math.Round(value, decimals, MidpointRounding.AwayFromZero);

    public static double? Round(double? value, int decimals) => value is { } v ? Round(v, decimals) : null;

    private static string Found(string expected, double value) =>
        string.Create(CultureInfo.InvariantCulture, $"expected {expected}, found {value}");
}
