using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;

namespace NetZmqTests.Gating.Counting;

/// <summary>
/// The CPU an instruction count was made on, as the counted process saw it (under Valgrind, the emulated one): the JIT
/// and the C library's memcpy choose their code by it, so counts hold only for the same one.
/// </summary>
public static class CountingCpu
{
    /// <summary>For example "GenuineIntel x86-64-v3 erms fsrm"; on another architecture, its name.</summary>
    public static string Describe()
    {
        if (!X86Base.IsSupported)
            return RuntimeInformation.ProcessArchitecture.ToString();

        var (_, vendor1, vendor3, vendor2) = X86Base.CpuId(0, 0);
        var vendor = string.Concat(new[] { vendor1, vendor2, vendor3 }.Select(r => string.Concat(BitConverter.GetBytes(r).Select(b => (char)b))));
        var (_, extended, _, extendedEdx) = X86Base.CpuId(7, 0);
        string[] features =
            [vendor, Level(), (extended & (1 << 9)) != 0 ? "erms" : "", (extendedEdx & (1 << 4)) != 0 ? "fsrm" : ""];
        return string.Join(' ', features.Where(f => f.Length > 0));
    }

    /// <summary>The x86-64 micro-architecture level the runtime can use.</summary>
    private static string Level() =>
        Avx512F.VL.IsSupported && Avx512BW.IsSupported && Avx512CD.IsSupported && Avx512DQ.IsSupported ? "x86-64-v4"
        : Avx2.IsSupported && Bmi1.IsSupported && Bmi2.IsSupported && Lzcnt.IsSupported && Fma.IsSupported ? "x86-64-v3"
        : Sse42.IsSupported && Popcnt.IsSupported ? "x86-64-v2"
        : "x86-64";
}
