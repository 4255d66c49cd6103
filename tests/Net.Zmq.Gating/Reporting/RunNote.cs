using NetZmqTests.Gating.Measurements;

namespace NetZmqTests.Gating.Reporting;

/// <summary>What a note of a run is about: tests and tools find notes by this, never by their wording.</summary>
public enum NoteKind
{
    /// <summary>PERF_FILTER narrowed the run.</summary>
    Filter,

    /// <summary>PERF_INJECT put deliberate regressions in.</summary>
    Injection,

    /// <summary>Other processes took a share of the machine while cells were measured.</summary>
    BusyMachine,

    /// <summary>A driver's blocking calls were interrupted by a signal and made again.</summary>
    Interrupted,

    /// <summary>A baseline file cannot be read or does not belong where it lies.</summary>
    InvalidBaseline,

    /// <summary>A baseline file this run gated nothing against, with the reason.</summary>
    NotChecked,

    /// <summary>A driver has no case of a buffer strategy, and why.</summary>
    StrategyNotExpressed,

    /// <summary>A paired reference was there but not measured.</summary>
    ReferenceNotMeasured,

    /// <summary>Cases of a subject its paired reference cannot run.</summary>
    NotComparable,

    /// <summary>A baseline file was refreshed by this run.</summary>
    Refreshed,

    /// <summary>The baseline was recorded with another version of its subject.</summary>
    OtherVersion,

    /// <summary>Time regressions of a suite are not judged case by case here, and why.</summary>
    TimeNotJudged,

    /// <summary>Cases of a baseline file this run did not measure.</summary>
    BaselineCasesNotMeasured,

    /// <summary>Measured cases that have no entry by declaration.</summary>
    Unbaselined,

    /// <summary>The run measured one shard of the cells (PERF_SHARD).</summary>
    Shard,

    /// <summary>The run measured nothing: it judged shards measured apart (PERF_MERGE).</summary>
    Merged,

    /// <summary>The run only counted (PERF_TIMING=off): nothing timed, no gate judged.</summary>
    CountedOnly,

    /// <summary>Native calls were not counted, or some workloads failed while they were.</summary>
    CallsNotCounted,

    /// <summary>Instructions were not counted (no Valgrind, …), or some cases could not be counted under it.</summary>
    InstructionsNotCounted,
}

/// <summary>
/// One note of a run: its kind, the suite (baseline file) it is about where it is about one, and the sentence the
/// report prints.
/// </summary>
public sealed record RunNote(NoteKind Kind, string Text)
{
    /// <summary>The suite whose baseline file the note is about; null for a note about the run.</summary>
    public SuiteId? Suite { get; init; }

    public override string ToString() => Text;
}
