using System.Reflection.PortableExecutable;

namespace NetZmqTests.Gating.Counting;

public sealed record LoadedImage(string Path, ulong Start);

public sealed record PrecompiledName(ulong Address, string Name);

/// <summary>What an instruction process wrote of the images it loaded and the methods the runtime named.</summary>
public sealed record PrecompiledCodeFile(IReadOnlyList<LoadedImage> Images, IReadOnlyList<PrecompiledName> Names)
{
    public const string FileName = "precompiled-code.json";
}

/// <summary>
/// Precompiled (ReadyToRun) framework code, which neither the perf map nor Valgrind names: each method's extent from
/// its image's table of runtime functions, placed where the process loaded it, named as the runtime named it, else
/// <c>file+0xoffset</c> (the same in every process of one runtime).
/// </summary>
public sealed class PrecompiledCode(
    List<(LoadedImage Image, string File, uint[] Starts, uint[] Ends)> images, Dictionary<ulong, string> names)
{
    private const uint RuntimeFunctionsSection = 102;

    public static PrecompiledCode None { get; } = new([], []);

    public static PrecompiledCode Read(string directory)
    {
        var path = System.IO.Path.Combine(directory, PrecompiledCodeFile.FileName);
        if (!File.Exists(path))
            return None;

        var file = Running.ProcessFiles.Read<PrecompiledCodeFile>(path);
        var images = file.Images.Where(i => File.Exists(i.Path)).Select(i => (Image: i, Functions: Functions(i.Path)))
            .Where(i => i.Functions.Starts.Length > 0)
            .Select(i => (i.Image, System.IO.Path.GetFileName(i.Image.Path), i.Functions.Starts, i.Functions.Ends));
        return new PrecompiledCode([.. images],
            file.Names.DistinctBy(n => n.Address).ToDictionary(n => n.Address, n => n.Name));
    }

    /// <summary>
    /// Where a process loaded <paramref name="path"/>'s image: its metadata's address less its relative address (the
    /// runtime lays an image out by its sections'). Null for an image with no precompiled code.
    /// </summary>
    public static ulong? StartOf(string path, nint metadata)
    {
        using var reader = new PEReader(File.OpenRead(path));
        return reader.PEHeaders.CorHeader is { ManagedNativeHeaderDirectory.Size: > 0 } header
            ? (ulong)metadata - (ulong)header.MetadataDirectory.RelativeVirtualAddress
            : null;
    }

    public string? NameAt(ulong address)
    {
        foreach (var (image, file, starts, ends) in
                 images.Where(i => address >= i.Image.Start && address - i.Image.Start <= uint.MaxValue))
        {
            var offset = (uint)(address - image.Start);
            var index = Array.BinarySearch(starts, offset);
            index = index >= 0 ? index : ~index - 1;
            if (index >= 0 && offset < ends[index])
            {
                return names.TryGetValue(image.Start + starts[index], out var name) ? name
                    : $"{file}+0x{starts[index]:x}";
            }
        }

        return null;
    }

    /// <summary>An image's runtime functions (begin, end, unwind; relative to the image), sorted by start.</summary>
    internal static (uint[] Starts, uint[] Ends) Functions(string path)
    {
        using var reader = new PEReader(File.OpenRead(path));
        var headers = reader.PEHeaders;
        if (headers.CorHeader is not { ManagedNativeHeaderDirectory.Size: > 0 } cor
            || !headers.TryGetDirectoryOffset(cor.ManagedNativeHeaderDirectory, out var header))
        {
            return ([], []);
        }

        var image = reader.GetEntireImage().GetContent();
        uint At(int offset) => BitConverter.ToUInt32(image.AsSpan(offset, 4));
        // The header: signature, versions, flags, then the number of sections and each section's type, address, size.
        var sections = At(header + 12);
        for (var i = 0; i < sections; i++)
        {
            var entry = header + 16 + (i * 12);
            if (At(entry) == RuntimeFunctionsSection
                && headers.TryGetDirectoryOffset(new DirectoryEntry((int)At(entry + 4), (int)At(entry + 8)),
                    out var table))
            {
                var count = (int)At(entry + 8) / 12;
                var functions = Enumerable.Range(0, count).Select(f => (Start: At(table + (f * 12)),
                    End: At(table + (f * 12) + 4))).OrderBy(f => f.Start).ToList();
                return ([.. functions.Select(f => f.Start)], [.. functions.Select(f => f.End)]);
            }
        }

        return ([], []);
    }
}
