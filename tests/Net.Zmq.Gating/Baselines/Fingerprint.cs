namespace NetZmqTests.Gating.Baselines;

/// <summary>What produced a set of measurements: the machine and the measured implementation.</summary>
public sealed record Fingerprint(DateTimeOffset RecordedAt, MachineFingerprint Machine, SubjectFingerprint Subject);

/// <param name="Placement">Where the measured threads ran (<see cref="Platform.ThreadPlacement.Description"/>).</param>
/// <param name="CpuSignature">The processor's generation (x86: family, model, stepping), which a VM's model name
/// hides; null in classes recorded before it was.</param>
/// <param name="Kernel">The kernel release, which sets what a system call costs; null in classes recorded
/// before.</param>
public sealed record MachineFingerprint(string Cpu, int Cores, string OperatingSystem, string Runtime, string GarbageCollector, string BenchmarkDotNet,
    string Placement, string? CpuSignature = null, string? Kernel = null)
{
    /// <summary>
    /// What makes time ratios comparable between two runs. A class recorded without the generation and the kernel
    /// keeps its old name and matches no machine of today.
    /// </summary>
    public string Class =>
        $"{Cpu}{(CpuSignature is null ? "" : $" ({CpuSignature})")}{(Kernel is null ? "" : $", {Kernel}")}, {Cores} cores, " +
        $"{GarbageCollector.Split(',')[0]} GC, {Placement.Split(':')[0]} threads";
}

public sealed record SubjectFingerprint(string Version, string Origin, string NativeLibrary);
