using System.Runtime.InteropServices;

namespace NetZmqTests.Gating.Counting;

/// <summary>
/// The instruction pass's markers (build/InstructionMarks/nztmarks.c, compiled at build time beside the test assembly):
/// how an instruction process tells Valgrind's callgrind to start counting, to zero and dump every thread's counts, to
/// stop and resume counting the calling thread, and to dump the calling thread alone. Calls through function pointers,
/// so that a marker costs the counted threads no marshalling; a command's text is prepared before the counted part.
/// </summary>
public sealed unsafe class InstructionMarks
{
    private readonly delegate* unmanaged<int> _runningOnValgrind;
    private readonly delegate* unmanaged<void> _start;
    private readonly delegate* unmanaged<byte*, int> _monitor;
    private readonly delegate* unmanaged<void> _toggleOwn;
    private readonly delegate* unmanaged<byte*, void> _dumpOwn;

    private InstructionMarks(nint handle)
    {
        _runningOnValgrind = (delegate* unmanaged<int>)NativeLibrary.GetExport(handle, "nztmarks_running_on_valgrind");
        _start = (delegate* unmanaged<void>)NativeLibrary.GetExport(handle, "nztmarks_start");
        _monitor = (delegate* unmanaged<byte*, int>)NativeLibrary.GetExport(handle, "nztmarks_monitor");
        _toggleOwn = (delegate* unmanaged<void>)NativeLibrary.GetExport(handle, "nztmarks_toggle_own");
        _dumpOwn = (delegate* unmanaged<byte*, void>)NativeLibrary.GetExport(handle, "nztmarks_dump_own");
    }

    /// <summary>Where the build puts the markers: native/ beside the test assembly, and so beside this one.</summary>
    private static string NativeDirectory => Path.Combine(Path.GetDirectoryName(typeof(InstructionMarks).Assembly.Location)!, "native");

    public static string LibraryPath => Path.Combine(NativeDirectory, "libnztmarks.so");

    /// <summary>
    /// Why the markers cannot be used here (the build's verdict, build/InstructionMarks.targets); null where they can.
    /// </summary>
    public static string? Unavailable
    {
        get
        {
            var verdict = Path.Combine(NativeDirectory, "marks.txt");
            if (!File.Exists(verdict))
            {
                return $"no instruction markers: {verdict} is missing (build/InstructionMarks.targets writes it when a test project is built)";
            }

            var text = File.ReadAllText(verdict).Trim();
            return text == "available" && File.Exists(LibraryPath) ? null
                : text.StartsWith("absent|", StringComparison.Ordinal) ? text["absent|".Length..]
                : $"{verdict}: expected \"available\" or \"absent|<reason>\", found \"{text}\"";
        }
    }

    public static InstructionMarks Load() => new(NativeLibrary.Load(LibraryPath));

    /// <summary>True when this process runs under Valgrind.</summary>
    public bool RunningOnValgrind => _runningOnValgrind() != 0;

    /// <summary>Instructions are counted from here on.</summary>
    public void Start() => _start();

    /// <summary>Zeroes every thread's counts.</summary>
    public void ZeroAll(MarkText zero) => Monitor(zero);

    /// <summary>
    /// Writes every thread's counts since the last zero, each thread to a file of its own, under the command's name.
    /// </summary>
    public void DumpAll(MarkText dump) => Monitor(dump);

    /// <summary>
    /// Stops counting the calling thread's instructions, or resumes it; other threads are counted on.
    /// </summary>
    public void ToggleOwn() => _toggleOwn();

    /// <summary>
    /// Writes the calling thread's counts alone: the file names the thread, which is how a thread says which one it is.
    /// </summary>
    public void DumpOwn(MarkText name) => _dumpOwn(name.Native);

    private void Monitor(MarkText command)
    {
        if (_monitor(command.Native) != 0)
        {
            throw new InvalidOperationException($"callgrind did not take the monitor command \"{command.Text}\"");
        }
    }

    /// <summary>
    /// A zero command, and a dump command that names its dump <c>dump &lt;name&gt;</c>: what
    /// <see cref="CallgrindFile.Trigger"/> then reads.
    /// </summary>
    public static MarkText Zero() => new("zero");

    public static MarkText Dump(string name) => new($"dump {name}");
}

/// <summary>A marker's text, prepared as a native string before the counted part begins (freed on dispose).</summary>
public sealed unsafe class MarkText : IDisposable
{
    public MarkText(string text)
    {
        Text = text;
        Native = (byte*)Marshal.StringToCoTaskMemUTF8(text);
    }

    public string Text { get; }

    public byte* Native { get; private set; }

    public void Dispose()
    {
        Marshal.FreeCoTaskMem((nint)Native);
        Native = null;
    }
}
