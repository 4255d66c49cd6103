namespace NetZmqTests.Gating.Baselines;

/// <summary>Reads a time baseline file strictly (<see cref="FileLayout"/>): every problem names the file and the
/// field's JSON path.</summary>
public static class BaselineReader
{
    public static BaselineFile Read(string path)
    {
        var bytes = File.ReadAllBytes(path);
        var options = BaselineJson.TimeBaselines;
        return BaselineJson.SchemaVersion(bytes, path, options) switch
        {
            BaselineFile.CurrentSchemaVersion => BaselineJson.Deserialize<FileLayout>(bytes, path, options).To(path),
            BaselineFile.SingleClassSchemaVersion =>
                BaselineJson.Deserialize<SingleClassLayout>(bytes, path, options).To(path),
            var schema => throw BaselineJson.Unsupported(path, schema, BaselineFile.CurrentSchemaVersion,
                $" (and {BaselineFile.SingleClassSchemaVersion}, the single-class layout before it)"),
        };
    }
}
