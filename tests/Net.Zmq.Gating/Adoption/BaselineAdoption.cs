using NetZmqTests.Gating.Baselines;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Adoption;

/// <summary>
/// Writes an adopted class into every baseline file the runs measured, other classes byte for byte. Every class is
/// derived before the first file is written, so a refused adoption leaves all of them as they were.
/// </summary>
public static class BaselineAdoption
{
    /// <summary>Adopts the runs' class; returns a line per file and note.</summary>
    public static IReadOnlyList<string> Apply(string baselinesDirectory, IReadOnlyList<ResultsFile> runs)
    {
        var planned = runs.SelectMany(r => r.Suites.Select(s => s.SuiteId)).Distinct()
            .OrderBy(s => s.FileName, StringComparer.Ordinal).Select(suite =>
        {
            var path = Path.Combine(baselinesDirectory, suite.FileName);
            if (!File.Exists(path))
            {
                throw new InvalidOperationException(
                    $"{path} does not exist: a new baseline file is created, and its policy reviewed, with a refresh " +
                    $"({BaselineCommands.Refresh}); adopt the machine after that");
            }

            var file = BaselineReader.Read(path);
            return (Path: path, File: file, Adopted: ClassAdoption.Adopt(suite, runs, file));
        }).ToList();

        var lines = new List<string>();
        foreach (var (path, file, adopted) in planned)
        {
            BaselineWriter.WriteAtomically(file.WithClass(adopted.Class), path);
            var added = adopted.Class;
            var verb = file.ClassOf(added.Fingerprint.Machine) is null ? "added" : "replaced";
            lines.Add(F($"{Path.GetFileName(path)}: {verb} the class \"{added.Key}\" from {added.Runs.Values} runs: ") +
                F($"{added.Cases.Count} cases, aggregateTolerance {added.AggregateTolerance:0.###}, ") +
                F($"processBytesTolerance {added.ProcessBytesTolerance:0.##}; ") +
                $"{file.Classes.Count(c => c.Key != added.Key)} other class(es) unchanged");
            lines.AddRange(adopted.Notes.Select(n => $"  {n}"));
        }

        return lines;
    }
}
