using System.Diagnostics.Tracing;
using System.Reflection.Metadata;
using NetZmqTests.Gating.Counting;
using NetZmqTests.Gating.Running;

namespace NetZmqTests.Orchestration.Counting;

/// <summary>
/// In an instruction process: the names of the precompiled (ReadyToRun) methods the perf map leaves out, heard from
/// the runtime's <c>R2RGetEntryPoint</c> events from start; and when done, every precompiled image and its address
/// (<see cref="PrecompiledCodeFile"/>), for the parent to name code by (<see cref="PrecompiledCode"/>).
/// </summary>
public static class PrecompiledCodeNames
{
    private static Listener? _listener;

    /// <summary>
    /// Starts listening, in an instruction process only (<see cref="InstructionRequest.Variable"/> set): called as the
    /// test assembly loads, before the test framework runs most of what it will.
    /// </summary>
    public static void StartInInstructionProcess()
    {
        if (Environment.GetEnvironmentVariable(InstructionRequest.Variable) is not null)
            _listener ??= new Listener();
    }

    /// <summary>Writes what was heard and every loaded precompiled image into <paramref name="directory"/>.</summary>
    public static unsafe void Write(string directory) =>
        ProcessFiles.Write(Path.Combine(directory, PrecompiledCodeFile.FileName), new PrecompiledCodeFile(
            [.. AppDomain.CurrentDomain.GetAssemblies().Where(a => !a.IsDynamic && a.Location.Length > 0)
                .Select(a => a.TryGetRawMetadata(out var metadata, out _)
                    && PrecompiledCode.StartOf(a.Location, (nint)metadata) is { } loadedAt
                        ? new LoadedImage(a.Location, loadedAt) : null)
                .OfType<LoadedImage>()],
            _listener?.Names() ?? []));

    /// <summary>The runtime's events of the methods it takes precompiled code for, as they come.</summary>
    private sealed class Listener : EventListener
    {
        /// <summary>The runtime's keyword for code-lookup diagnostics (<c>R2RGetEntryPoint</c>).</summary>
        private const EventKeywords CompilationDiagnostic = (EventKeywords)0x2000000000;

        private readonly List<PrecompiledName> _names = [];

        public IReadOnlyList<PrecompiledName> Names()
        {
            lock (_names)
                return [.. _names];
        }

        protected override void OnEventSourceCreated(EventSource eventSource)
        {
            if (eventSource.Name == "Microsoft-Windows-DotNETRuntime")
                EnableEvents(eventSource, EventLevel.Verbose, CompilationDiagnostic);
        }

        /// <summary><c>R2RGetEntryPoint</c>: method id, namespace, name, signature, entry point.</summary>
        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
            if (eventData.EventName == "R2RGetEntryPoint" && eventData.Payload is { Count: >= 5 } payload
                && payload[4] is ulong entry)
            {
                var signature = payload[3] as string ?? "";
                var arguments = signature.IndexOf('(', StringComparison.Ordinal) is var open and >= 0
                    ? signature[open..] : "()";
                lock (_names)
                    _names.Add(new PrecompiledName(entry, $"{payload[1]}::{payload[2]}{arguments}"));
            }
        }
    }
}
