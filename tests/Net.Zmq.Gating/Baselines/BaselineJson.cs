using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.RegularExpressions;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// Reads a baseline through the record type that writes it: the bytes checked (<see cref="CheckBytes"/>), then
/// deserialized strictly (every constructor field present, no null where none is declared, no key twice). Every
/// problem names the file and the field.
/// </summary>
internal static class BaselineJson
{
    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    /// <summary>The results' options, text unescaped: the files are reviewed in a diff, never embedded.</summary>
    public static JsonSerializerOptions Readable { get; } =
        new(Reporting.ReportFiles.Json) { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    /// <summary>The time baselines' options: a field that holds nothing is left out.</summary>
    public static JsonSerializerOptions TimeBaselines { get; } =
        Strict(new(Readable) { DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull });

    public static JsonSerializerOptions Strict(JsonSerializerOptions written) => new(written)
    {
        RespectRequiredConstructorParameters = true,
        RespectNullableAnnotations = true,
        AllowDuplicateProperties = false,
    };

    /// <summary><paramref name="path"/> as a <typeparamref name="T"/> of schema <paramref name="current"/>; for
    /// another, <paramref name="older"/> may add a word on what to do.</summary>
    public static T Read<T>(string path, JsonSerializerOptions strict, int current, Func<int, string>? older = null)
    {
        var bytes = File.ReadAllBytes(path);
        var schema = SchemaVersion(bytes, path, strict);
        return schema == current
            ? Deserialize<T>(bytes, path, strict)
            : throw Unsupported(path, schema, current, older?.Invoke(schema) ?? "");
    }

    /// <summary>The field every baseline file opens with, read once its bytes are checked.</summary>
    public static int SchemaVersion(byte[] bytes, string path, JsonSerializerOptions strict)
    {
        CheckBytes(bytes, path);
        return Deserialize<Versioned>(bytes, path, strict).SchemaVersion;
    }

    public static BaselineFormatException Unsupported(string path, int schema, int current, string more) =>
        new(path, "$" + Name(nameof(Versioned.SchemaVersion)),
            $"schema version {schema} is not supported; this suite reads version {current}{more}");

    /// <summary>A member's step in a field's path, named as the serializer names it.</summary>
    public static string Name(string member) => "." + JsonNamingPolicy.CamelCase.ConvertName(member);

    /// <summary>A dictionary key's step in a field's path.</summary>
    public static string Key(string key) => $"[\"{key}\"]";

    public static T Deserialize<T>(byte[] bytes, string path, JsonSerializerOptions options)
    {
        try
        {
            return JsonSerializer.Deserialize<T>(bytes, options)
                   ?? throw new BaselineFormatException(path, "$", "the file holds null");
        }
        catch (JsonException e)
        {
            var field = (e.Path ?? "$").Replace("['", "[\"", StringComparison.Ordinal)
                .Replace("']", "\"]", StringComparison.Ordinal);
            throw new BaselineFormatException(path, field, Problem(e));
        }
    }

    /// <summary>The serializer's message in the words of a file's reader; the field is named already.</summary>
    private static string Problem(JsonException e)
    {
        var message = e.Message.Split(" Path: ")[0];
        var missing = Regex.Matches(message, "(?<=required properties including: .*)'([^']+)'");
        return e.InnerException is JsonException // the reader's, on text that is not JSON
            ? $"not valid JSON (line {e.LineNumber + 1}, byte {e.BytePositionInLine + 1}): {message}"
            : missing.Count > 0
                ? $"the field {string.Join(", ", missing.Select(m => $"\"{m.Groups[1].Value}\""))} is missing"
                : message.StartsWith("The JSON value could not be converted", StringComparison.Ordinal)
                    ? "not the kind of value this field holds (a number, a string, an object or an array)"
                    : message;
    }

    /// <summary>Refuses what an editor or a broken write leaves: no bytes, a byte-order mark, not UTF-8.</summary>
    private static void CheckBytes(byte[] bytes, string path)
    {
        if (bytes.Length == 0)
            throw new BaselineFormatException(path, "$", "the file is empty");

        if (bytes.AsSpan().StartsWith(Encoding.UTF8.Preamble))
        {
            throw new BaselineFormatException(path, "$",
                "the file starts with a UTF-8 byte-order mark; save it as UTF-8 without one");
        }

        try
        {
            _ = StrictUtf8.GetCharCount(bytes);
        }
        catch (DecoderFallbackException e)
        {
            throw new BaselineFormatException(path, "$",
                $"the file is not valid UTF-8 (byte {e.Index} of the bad sequence)");
        }
    }

    private sealed record Versioned(int SchemaVersion);
}
