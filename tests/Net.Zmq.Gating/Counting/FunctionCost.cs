namespace NetZmqTests.Gating.Counting;

/// <summary>Calls from one function to another over all call sites, and their inclusive cost.</summary>
public sealed record CallCost(string CallerFile, string Caller, string CalleeFile, string Callee, long Count, long Inclusive, long SystemCalls);

/// <summary>
/// One function's instructions in a callgrind profile, self and inclusive, and its own system calls (<c>sysCount</c>).
/// <c>???</c> is the file of code made at run time; a function without a symbol is named by its address.
/// </summary>
public sealed record FunctionCost(string File, string Name, long Self, long Inclusive, long SystemCalls = 0);
