using System.Text.Json;
using NetZmqTests.Gating.Counting;
using static NetZmqTests.Gating.Reporting.Units;

namespace NetZmqTests.Gating.Reporting;

/// <summary>
/// The run's per-case figures for a history over commits, in github-action-benchmark's <c>customSmallerIsBetter</c>
/// format (docs/from-a-checkout.md charts them).
/// </summary>
public static class HistoryFile
{
    public const string FileName = "history.json";

    public sealed record Entry(string Name, string Unit, double Value, string? Range = null);

    public static IReadOnlyList<Entry> Of(JudgedRun run)
    {
        var instructions = run.Instructions.Cases.SelectMany(c => InstructionProfiles.Judged.Select(part =>
            new Entry($"{c.Case} {part.ToString().ToLowerInvariant()}", "instructions/message",
                Math.Round(c.PerMessage(part), 1))));
        var calls = run.Counts.Cases.Select(c => new Entry($"{c.Case} native calls", "calls/message",
            Math.Round(Repeated.Median([.. c.Repetitions.Select(r => r.Values.Sum())]) / c.MessagesPerRepetition, 3)));
        var ratios = run.Paired is { } paired && run.PairedRun is { } compared
            ? compared.Cases.Select(c => new Entry($"{c.Case.Id} {paired.Pairing.Ratio}", "ratio",
                Math.Round(c.Ratio.Value, 4), F($"[{c.Ratio.Lower:0.0000}, {c.Ratio.Upper:0.0000}]")))
            : [];
        return [.. instructions, .. calls, .. ratios];
    }

    public static string Render(JudgedRun run) => JsonSerializer.Serialize(Of(run), Options) + "\n";

    // results.json's options, but a point without an interval has no "range" at all (the tool reads it as text).
    private static readonly JsonSerializerOptions Options = new(ReportFiles.Json)
    {
        DefaultIgnoreCondition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull,
    };
}
