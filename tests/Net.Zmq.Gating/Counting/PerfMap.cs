using System.Globalization;

namespace NetZmqTests.Gating.Counting;

/// <summary>
/// The .NET runtime's perf map (<c>DOTNET_PerfMapEnabled</c>): one line per method it compiled, <c>start size name</c>
/// in hexadecimal. Code a JIT made has no symbol a profiler can read; this map is how an instruction count names it.
/// </summary>
public sealed class PerfMap
{
    private readonly ulong[] _starts;
    private readonly (ulong Start, ulong Size, string Name)[] _entries;

    private PerfMap(IEnumerable<(ulong Start, ulong Size, string Name)> entries)
    {
        _entries = [.. entries.OrderBy(e => e.Start)];
        _starts = [.. _entries.Select(e => e.Start)];
    }

    public static PerfMap Empty { get; } = new([]);

    public int Count => _entries.Length;

    /// <summary>
    /// Every file of <paramref name="files"/> read into one map; a line that is not <c>start size name</c> is skipped
    /// (the runtime writes nothing else).
    /// </summary>
    public static PerfMap Read(IEnumerable<string> files) =>
        new(files.SelectMany(File.ReadLines).Select(Entry).OfType<(ulong, ulong, string)>());

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

    /// <summary>The method whose code holds <paramref name="address"/>, or null.</summary>
    public string? NameAt(ulong address)
    {
        var index = Array.BinarySearch(_starts, address);
        index = index >= 0 ? index : ~index - 1;
        return index >= 0 && address - _entries[index].Start < Math.Max(_entries[index].Size, 1) ? _entries[index].Name : null;
    }

    /// <summary>
    /// A function of a profile as a reader can tell it: a symbol as it is (recursion marks such as <c>'2</c> dropped);
    /// code without one, in a file, as <c>file+0xoffset</c>; code made at run time by this map's name for it, shortened
    /// to <c>Type::Method(arguments)</c>, or <c>unnamed code</c> where the map has none (a stub, precompiled code).
    /// </summary>
    public string Describe(string objectPath, string name)
    {
        var quote = name.IndexOf('\'', StringComparison.Ordinal);
        var bare = quote > 0 ? name[..quote] : name;
        if (!bare.StartsWith("0x", StringComparison.Ordinal) || !ulong.TryParse(bare[2..], NumberStyles.HexNumber, CultureInfo.InvariantCulture, out var address))
        {
            return bare;
        }

        if (objectPath != "???" && objectPath.Length > 0)
        {
            return $"{Path.GetFileName(objectPath)}+0x{address:x}";
        }

        return NameAt(address) is { } method ? Shorten(method) : "unnamed code";
    }

    /// <summary><c>instance void [Asm] Ns.Type::Method(args)[Optimized]</c> → <c>Ns.Type::Method(args)</c>.</summary>
    public static string Shorten(string method)
    {
        var tier = method.EndsWith(']') ? method.LastIndexOf('[') : -1;
        var name = tier > 0 && method.IndexOf("::", StringComparison.Ordinal) < tier && method[(tier - 1)] == ')' ? method[..tier] : method;
        var separator = name.IndexOf("::", StringComparison.Ordinal);
        if (separator < 0)
        {
            return name;
        }

        var typeStart = name.LastIndexOf(' ', separator) + 1;
        return name[typeStart..];
    }
}
