namespace NetZmqTests.Gating.Counting;

/// <summary>
/// Calls from one function to another, added up over call sites: how many, and the instructions and system calls they
/// took with everything they called.
/// </summary>
public sealed record CallCost(string CallerFile, string Caller, string CalleeFile, string Callee, long Count, long Inclusive, long SystemCalls);

/// <summary>
/// One function's instructions in a callgrind profile: its own (self), and with everything it called (inclusive); and
/// the system calls made in its own code (callgrind's <c>sysCount</c>, where the profile was collected with
/// <c>--collect-systime</c>).
/// </summary>
/// <param name="File">The file the code was loaded from (a shared library, the program), or <c>???</c> for code made at
/// run time (a JIT's).</param>
/// <param name="Name">The function's symbol, or callgrind's address for code without one (an offset into
/// <paramref name="File"/>, or an absolute address for code made at run time).</param>
public sealed record FunctionCost(string File, string Name, long Self, long Inclusive)
{
    public long SystemCalls { get; init; }
}
