using System.Text.Json;

namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// Writes a baseline file's <c>policy</c> object (its ratio bounds, bytes bounds and reviewed known violations) in
/// the fixed layout <see cref="BaselineWriter"/> keeps, so that a refresh shows up in review as a small diff.
/// </summary>
internal static class BaselinePolicyWriter
{
    /// <summary>Writes <paramref name="policy"/> as the <c>policy</c> property of the object being written.</summary>
    public static void Write(Utf8JsonWriter json, Policy policy)
    {
        json.WriteStartObject("policy");
        WriteObjects(json, "ratioBounds", policy.RatioBounds, bound =>
        {
            json.WriteString("variant", bound.Variant);
            json.WriteString("reference", bound.Reference);
            json.WriteNumber("max", bound.Max);
            json.WriteString("why", bound.Why);
        });
        WriteObjects(json, "bytesBounds", policy.BytesBounds, bound =>
        {
            json.WriteString("variant", bound.Variant);
            json.WriteNumber("max", bound.Max);
            json.WriteNumber("upToMessageBytes", bound.UpToMessageBytes);
            json.WriteString("why", bound.Why);
        });
        WriteObjects(json, "knownViolations", policy.KnownViolations, violation =>
        {
            json.WriteString("case", violation.Case);
            json.WriteString("gate", violation.Gate.Key);
            json.WriteString("evidence", violation.Evidence);
        });
        json.WriteEndObject();
    }

    /// <summary>An array of objects, each written by <paramref name="fields"/>.</summary>
    private static void WriteObjects<T>(Utf8JsonWriter json, string name, IEnumerable<T> items, Action<T> fields)
    {
        json.WriteStartArray(name);
        foreach (var item in items)
        {
            json.WriteStartObject();
            fields(item);
            json.WriteEndObject();
        }

        json.WriteEndArray();
    }
}
