using System.Runtime.InteropServices;

namespace NetZmqTests.Gating.Counting;

/// <summary>
/// The instruction pass's markers (build/InstructionMarks/nztmarks.c): how a process tells callgrind to start, zero,
/// dump, and stop or resume the calling thread. Called through function pointers, so a marker costs no marshalling.
/// </summary>
/// <param name="handle">The loaded markers' library (<see cref="Load"/>).</param>
public sealed unsafe class InstructionMarks(nint handle)
{
    private readonly delegate* unmanaged<int> _runningOnValgrind =
        (delegate* unmanaged<int>)NativeLibrary.GetExport(handle, "nztmarks_running_on_valgrind");
    private readonly delegate* unmanaged<void> _start =
        (delegate* unmanaged<void>)NativeLibrary.GetExport(handle, "nztmarks_start");
    private readonly delegate* unmanaged<byte*, int> _monitor =
        (delegate* unmanaged<byte*, int>)NativeLibrary.GetExport(handle, "nztmarks_monitor");
    private readonly delegate* unmanaged<void> _toggleOwn =
        (delegate* unmanaged<void>)NativeLibrary.GetExport(handle, "nztmarks_toggle_own");
    private readonly delegate* unmanaged<byte*, void> _dumpOwn =
        (delegate* unmanaged<byte*, void>)NativeLibrary.GetExport(handle, "nztmarks_dump_own");

    private static string NativeDirectory => Path.Combine(Path.GetDirectoryName(typeof(InstructionMarks).Assembly.Location)!, "native");

    public static string LibraryPath => Path.Combine(NativeDirectory, "libnztmarks.so");

    /// <summary>Why the markers cannot be used here (build/InstructionMarks.targets' verdict), or null.</summary>
    public static string? Unavailable
    {
        get
        {
            var verdict = Path.Combine(NativeDirectory, "marks.txt");
            if (!File.Exists(verdict))
                return $"no instruction markers: {verdict} is missing (build/InstructionMarks.targets writes it when a test project is built)";

            var text = File.ReadAllText(verdict).Trim();
            return text == "available" && File.Exists(LibraryPath) ? null
                : text.StartsWith("absent|", StringComparison.Ordinal) ? text["absent|".Length..]
                : $"{verdict}: expected \"available\" or \"absent|<reason>\", found \"{text}\"";
        }
    }

    public static InstructionMarks Load() => new(NativeLibrary.Load(LibraryPath));

    public bool RunningOnValgrind => _runningOnValgrind() != 0;

    public void Start() => _start();

    public void ToggleOwn() => _toggleOwn();

    /// <summary>Writes the calling thread's counts alone, in a file that names the thread.</summary>
    public void DumpOwn(MarkText name) => _dumpOwn(name.Native);

    /// <summary>
    /// A monitor command: <c>zero</c> zeroes every thread's counts; <c>dump &lt;name&gt;</c> writes every thread's
    /// counts since the last zero, a file per thread.
    /// </summary>
    public void Monitor(MarkText command)
    {
        if (_monitor(command.Native) != 0)
            throw new InvalidOperationException($"callgrind did not take the monitor command \"{command.Text}\"");
    }
}

/// <summary>A marker's text as a native string, prepared before the counted part begins.</summary>
public sealed unsafe class MarkText(string text) : IDisposable
{
    public string Text { get; } = text;

    public byte* Native { get; private set; } = (byte*)Marshal.StringToCoTaskMemUTF8(text);

    public void Dispose()
    {
        Marshal.FreeCoTaskMem((nint)Native);
        Native = null;
    }
}
