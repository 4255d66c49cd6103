namespace NetZmqTests.Gating.Baselines;

/// <summary>A baseline file that cannot be used as it is. The message names the file and the field.</summary>
public sealed class BaselineFormatException(string path, string field, string problem)
    : Exception($"{path}: {field}: {problem}")
{
    public string Path { get; } = path;

    public string Field { get; } = field;
}
