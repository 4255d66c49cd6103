namespace NetZmqTests.Gating.Measurements;

/// <summary>
/// What one measuring process of a run measured: its seed (<c>PERF_SEED</c> replays it), which build of the subject it
/// loaded first (empty where only one was), its wall time and every case. A run is a set of these.
/// </summary>
public sealed record MeasuredProcess(
    int Process, int Seed, string LoadedFirst, double Seconds, IReadOnlyList<CaseMeasurement> Measurements)
{
    /// <summary>Whether it measured in the test process itself rather than in a process of its own.</summary>
    public bool InThisProcess { get; init; }

    /// <summary>
    /// A confirmation's processes joined by the earlier passes' of the same cases, each renumbered: judged alone, a
    /// confirmation is less precise than the pass it confirms and clears real slowdowns. Where the first pass measured
    /// in one process, one more cannot make a process level of two: the confirmation is judged alone.
    /// </summary>
    public static IReadOnlyList<MeasuredProcess> WithEarlierPasses(IReadOnlyList<IReadOnlyList<MeasuredProcess>> passes)
    {
        var again = passes[^1];
        if (passes.Count < 2 || !JudgedTogether(passes[0]))
            return again;

        var cases = again.SelectMany(p => p.Measurements).Select(m => m.Case.Id).ToHashSet(StringComparer.Ordinal);
        return [.. passes.SelectMany(pass => pass)
            .Select(p => p with { Measurements = [.. p.Measurements.Where(m => cases.Contains(m.Case.Id))] })
            .Where(p => p.Measurements.Count > 0)
            .Select((p, i) => p with { Process = i })];
    }

    public static bool JudgedTogether(IReadOnlyList<MeasuredProcess> firstPass) => firstPass.Count > 1;

    /// <summary>
    /// One measurement per case from several processes': operations one after another, marked with their process,
    /// units and blocks renumbered so that no two processes pair; bytes and collections the median over processes.
    /// </summary>
    public static IReadOnlyList<CaseMeasurement> Combine(IReadOnlyList<MeasuredProcess> processes)
    {
        if (processes.Count == 1 && processes[0].Measurements.All(m => m.Processes.All(p => p == processes[0].Process)))
            return processes[0].Measurements;

        // Offsets past every unit and block of the processes before: numbering stays unique, whatever each process
        // used.
        var unitOffset = new int[processes.Count];
        var blockOffset = new int[processes.Count];
        for (var i = 1; i < processes.Count; i++)
        {
            var before = processes[i - 1].Measurements;
            unitOffset[i] = unitOffset[i - 1] + 1 + before.SelectMany(m => m.PairingUnits).DefaultIfEmpty(0).Max();
            blockOffset[i] = blockOffset[i - 1] + 1 + before.SelectMany(m => m.Blocks).DefaultIfEmpty(0).Max();
        }

        var byCase = processes
            .SelectMany((p, i) => p.Measurements.Select(m => (Process: p.Process, Index: i, Measurement: m)))
            .GroupBy(m => m.Measurement.Case.Id, StringComparer.Ordinal);
        return [.. byCase.Select(parts => Concatenate(parts.ToList(), unitOffset, blockOffset))];
    }

    private static CaseMeasurement Concatenate(
        List<(int Process, int Index, CaseMeasurement Measurement)> parts, int[] unitOffset, int[] blockOffset)
    {
        var first = parts[0].Measurement;
        static double Median(IEnumerable<double> values) => Statistics.Quantiles.Median(values.ToList());
        var processBytes = parts.Select(p => p.Measurement.ProcessBytesPerOperation).ToList();
        var neighbours = parts.Select(p => p.Measurement.NeighbourCpus).Where(n => n is not null).ToList();
        var withCpu = parts.All(p => p.Measurement.CpuNanosecondsPerOperation.Count > 0);
        return new CaseMeasurement(first.Case, first.MessagesPerOperation, first.MessageBytes,
            [.. parts.SelectMany(p => p.Measurement.NanosecondsPerOperation)],
            Median(parts.Select(p => p.Measurement.BytesAllocatedPerOperation)),
            Median(parts.Select(p => p.Measurement.Gen0PerThousandOperations)),
            Median(parts.Select(p => p.Measurement.Gen1PerThousandOperations)),
            Median(parts.Select(p => p.Measurement.Gen2PerThousandOperations)))
        {
            PairingUnits = [.. parts.SelectMany(p => p.Measurement.PairingUnits.Select(u => u + unitOffset[p.Index]))],
            Blocks = [.. parts.SelectMany(p => p.Measurement.Blocks.Select(b => b + blockOffset[p.Index]))],
            Processes =
                [.. parts.SelectMany(p => Enumerable.Repeat(p.Process, p.Measurement.NanosecondsPerOperation.Count))],
            CpuNanosecondsPerOperation =
                withCpu ? [.. parts.SelectMany(p => p.Measurement.CpuNanosecondsPerOperation)] : [],
            ProcessBytesPerOperation =
                processBytes.All(b => b is not null) ? Median(processBytes.Select(b => b!.Value)) : null,
            NeighbourCpus = neighbours.Count > 0 ? neighbours.Max() : null,
        };
    }
}
