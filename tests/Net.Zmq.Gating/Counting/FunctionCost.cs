namespace NetZmqTests.Gating.Counting;

/// <summary>
/// Calls from code of <paramref name="CallerFile"/> to one function, and the instructions they took with everything
/// they called.
/// </summary>
public sealed record CallCost(string CallerFile, string CalleeFile, string Callee, long Inclusive);

/// <summary>
/// One function's instructions in a callgrind profile: its own (self), and with everything it called (inclusive).
/// </summary>
/// <param name="File">The file the code was loaded from (a shared library, the program), or <c>???</c> for code made at
/// run time (a JIT's).</param>
/// <param name="Name">The function's symbol, or callgrind's address for code without one (an offset into
/// <paramref name="File"/>, or an absolute address for code made at run time).</param>
public sealed record FunctionCost(string File, string Name, long Self, long Inclusive);
