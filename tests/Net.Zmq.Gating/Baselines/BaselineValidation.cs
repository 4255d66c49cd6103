namespace NetZmqTests.Gating.Baselines;

/// <summary>
/// What the reader cannot know on its own: that the file belongs where it lies, and that every case it holds
/// exists. A file copied under another name, or an entry whose id was mistyped or whose case was renamed, would
/// otherwise be read happily and never checked against anything.
/// </summary>
public static class BaselineValidation
{
    public static void RequireBelongs(BaselineFile file, string path, string subject, string suite, Func<string, bool> isKnownCase)
    {
        if (file.Subject != subject)
            throw new BaselineFormatException(path, "$.subject", $"the file is {subject}'s, by its name, but says \"{file.Subject}\"");

        if (file.Suite != suite)
            throw new BaselineFormatException(path, "$.suite", $"the file is the {suite} suite's, by its name, but says \"{file.Suite}\"");

        foreach (var (machineClass, index) in file.Classes.Select((c, i) => (c, i)))
        {
            var unknown = machineClass.Cases.Keys.Where(id => !isKnownCase(id)).Order(StringComparer.Ordinal).FirstOrDefault();
            if (unknown is not null)
            {
                var field = file.SchemaVersion == BaselineFile.SingleClassSchemaVersion ? $"$.cases[\"{unknown}\"]" : $"$.classes[{index}].cases[\"{unknown}\"]";
                throw new BaselineFormatException(path, field,
                    $"no case of {subject}'s {suite} suite has this id (mistyped, or a case that was renamed or removed): remove the entry, or rename it to the case's id");
            }
        }
    }
}
