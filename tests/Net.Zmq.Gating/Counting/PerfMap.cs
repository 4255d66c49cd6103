using System.Globalization;

namespace NetZmqTests.Gating.Counting;

/// <summary>
/// The .NET runtime's perf map (<c>DOTNET_PerfMapEnabled</c>), <c>start size name</c> per compiled method: how an
/// instruction count names JIT code.
/// </summary>
public sealed class PerfMap
{
    private readonly ulong[] _starts;
    private readonly (ulong Start, ulong Size, string Name)[] _entries;
    private readonly PrecompiledCode _precompiled;

    private PerfMap(IEnumerable<(ulong Start, ulong Size, string Name)> entries, PrecompiledCode precompiled)
    {
        _entries = [.. entries.OrderBy(e => e.Start)];
        _starts = [.. _entries.Select(e => e.Start)];
        _precompiled = precompiled;
    }

    public static PerfMap Empty { get; } = new([], PrecompiledCode.None);

    /// <summary>How the runtime names its stubs and thunks in the map (<c>stub ReportStubBlock&lt;…&gt;</c>).</summary>
    public const string StubPrefix = "stub ";

    /// <summary>Code made at run time that the map does not name (an unreported stub, a library's
    /// trampolines).</summary>
    public const string Unnamed = "unnamed code";

    /// <summary>Whether code so named only passes a call on (a stub, a thunk, a trampoline).</summary>
    public static bool PassesCallsOn(string described) => described.StartsWith(StubPrefix, StringComparison.Ordinal) || described == Unnamed;

    public int Count => _entries.Length;

    /// <summary><paramref name="files"/> read into one map; a line that is not <c>start size name</c> is
    /// skipped.</summary>
    public static PerfMap Read(IEnumerable<string> files, PrecompiledCode? precompiled = null) =>
        new(files.SelectMany(File.ReadLines).Select(Entry).OfType<(ulong, ulong, string)>(), precompiled ?? PrecompiledCode.None);

    private static (ulong, ulong, string)? Entry(string line)
    {
        var parts = line.Split(' ', 3);
        return parts.Length == 3
               && ulong.TryParse(Hex(parts[0]), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out var start)
               && ulong.TryParse(Hex(parts[1]), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out var size)
            ? (start, size, parts[2])
            : null;
    }

    private static string Hex(string text) => text.StartsWith("0x", StringComparison.OrdinalIgnoreCase) ? text[2..] : text;

    public string? NameAt(ulong address)
    {
        var index = Array.BinarySearch(_starts, address);
        index = index >= 0 ? index : ~index - 1;
        return index >= 0 && address - _entries[index].Start < Math.Max(_entries[index].Size, 1) ? _entries[index].Name : null;
    }

    /// <summary>
    /// A function of a profile as a reader can tell it: its symbol (recursion marks dropped); else
    /// <c>file+0xoffset</c>;
    /// run-time code by this map's name, <c>Type::Method(arguments)</c>, or <see cref="PrecompiledCode"/>'s; else
    /// <see cref="Unnamed"/>.
    /// </summary>
    public string Describe(string objectPath, string name)
    {
        var quote = name.IndexOf('\'', StringComparison.Ordinal);
        var bare = quote > 0 ? name[..quote] : name;
        if (!bare.StartsWith("0x", StringComparison.Ordinal) || !ulong.TryParse(bare[2..], NumberStyles.HexNumber, CultureInfo.InvariantCulture, out var address))
            return bare;

        if (objectPath != "???" && objectPath.Length > 0)
            return $"{Path.GetFileName(objectPath)}+0x{address:x}";

        return NameAt(address) is { } method ? Shorten(method) : _precompiled.NameAt(address) ?? Unnamed;
    }

    /// <summary><c>instance void [Asm] Ns.Type::Method(args)[Optimized]</c> → <c>Ns.Type::Method(args)</c>.</summary>
    public static string Shorten(string method)
    {
        var tier = method.EndsWith(']') ? method.LastIndexOf('[') : -1;
        var name = tier > 0 && method.IndexOf("::", StringComparison.Ordinal) < tier && method[(tier - 1)] == ')' ? method[..tier] : method;
        var separator = name.IndexOf("::", StringComparison.Ordinal);
        return separator < 0 ? name : name[(name.LastIndexOf(' ', separator) + 1)..];
    }
}
