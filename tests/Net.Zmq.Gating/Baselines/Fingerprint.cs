namespace NetZmqTests.Gating.Baselines;

/// <summary>What produced a set of measurements: the machine and the measured implementation.</summary>
public sealed record Fingerprint(DateTimeOffset RecordedAt, MachineFingerprint Machine, SubjectFingerprint Subject);

/// <param name="Placement">Where the measured threads ran (<see cref="Platform.ThreadPlacement.Description"/>).</param>
public sealed record MachineFingerprint(string Cpu, int Cores, string OperatingSystem, string Runtime, string GarbageCollector, string BenchmarkDotNet,
    string Placement)
{
    /// <summary>
    /// The processor's generation as the CPU reports it (x86: family, model and stepping), which a VM's model name
    /// hides: two 2-core VMs both called "AMD EPYC" ran the same unchanged code at 2-5 × different speeds, and five
    /// per-case time ratios moved beyond their gates. Null in classes recorded before it was (they match no machine
    /// that has it).
    /// </summary>
    public string? CpuSignature { get; init; }

    /// <summary>
    /// The kernel release: it sets what a system call costs (the VM's paravirtualisation, the mitigations it turns
    /// on, such as page-table isolation), and every message here is a few of them. Null in classes recorded before.
    /// </summary>
    public string? Kernel { get; init; }

    /// <summary>
    /// What makes time ratios comparable between two runs: the CPU model and generation, the kernel, the core count,
    /// the GC flavour and whether the threads were pinned (a pinned and a free run share cores differently, and their
    /// ratios differ). A class recorded without the generation and the kernel keeps its old name and matches no
    /// machine of today: whether it was this one cannot be told.
    /// </summary>
    public string Class =>
        $"{Cpu}{(CpuSignature is null ? "" : $" ({CpuSignature})")}{(Kernel is null ? "" : $", {Kernel}")}, {Cores} cores, " +
        $"{GarbageCollector.Split(',')[0]} GC, {Placement.Split(':')[0]} threads";
}

/// <summary>
/// The measured implementation: its version, where it came from, and the native library it loaded (if any).
/// </summary>
public sealed record SubjectFingerprint(string Version, string Origin, string NativeLibrary);
