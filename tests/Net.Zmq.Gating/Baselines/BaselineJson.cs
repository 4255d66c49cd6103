using System.Text.Json;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// Reads a count baseline through the record type that writes it: the bytes checked as
/// <see cref="BaselineReader.CheckBytes"/> does, then deserialized strictly (every constructor field present, no null
/// where none is declared, no key twice). Every problem names the file and the field.
/// </summary>
internal static class BaselineJson
{
    public static JsonSerializerOptions Strict(JsonSerializerOptions written) => new(written)
    {
        RespectRequiredConstructorParameters = true,
        RespectNullableAnnotations = true,
        AllowDuplicateProperties = false,
    };

    /// <summary><paramref name="path"/> as a <typeparamref name="T"/>, once <paramref name="unsupported"/> has no
    /// objection to its schema version.</summary>
    public static T Read<T>(string path, JsonSerializerOptions strict, Func<int, string?> unsupported)
    {
        var bytes = File.ReadAllBytes(path);
        BaselineReader.CheckBytes(bytes, path);
        var schema = Deserialize<Versioned>(bytes, path, strict).SchemaVersion;
        return unsupported(schema) is { } why
            ? throw new BaselineFormatException(path, "$" + Name(nameof(Versioned.SchemaVersion)), why)
            : Deserialize<T>(bytes, path, strict);
    }

    /// <summary>A member's step in a field's path, named as the serializer names it.</summary>
    public static string Name(string member) => "." + JsonNamingPolicy.CamelCase.ConvertName(member);

    /// <summary>A dictionary key's step in a field's path.</summary>
    public static string Key(string key) => $"[\"{key}\"]";

    private static T Deserialize<T>(byte[] bytes, string path, JsonSerializerOptions options)
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
            throw new BaselineFormatException(path, field, e.Message);
        }
    }

    /// <summary>The field every baseline file opens with, read before the rest is.</summary>
    private sealed record Versioned(int SchemaVersion);
}
