/*
 * Markers for the instruction pass (Gating's InstructionMarks): a Perf run's instruction process runs under Valgrind's
 * callgrind, and these functions are how the managed code tells callgrind where a counted repetition starts and ends.
 * A client request is a magic instruction sequence that only native code can emit; outside Valgrind every request is
 * a handful of instructions that do nothing, so loading this library changes nothing in a process that is not counted.
 *
 * Callgrind's own zero and dump requests act on the calling thread only. The monitor commands ("zero", "dump <name>",
 * the same as callgrind_control's) act on every thread, so each repetition is counted on every thread at once, and
 * each thread's costs land in a file of their own (--separate-threads=yes). The own-thread dump is what lets a thread
 * say which one it is: the file it writes names its thread number.
 */
#include <valgrind/valgrind.h>
#include <valgrind/callgrind.h>

/* Non-zero under Valgrind. */
int nztmarks_running_on_valgrind(void) { return (int)RUNNING_ON_VALGRIND; }

/* Costs are counted from here on (the process starts uninstrumented: --instr-atstart=no). */
void nztmarks_start(void) { CALLGRIND_START_INSTRUMENTATION; }

/* A callgrind monitor command ("zero", "dump <name>"), on every thread; 0 where callgrind took it. */
int nztmarks_monitor(const char *command) { return (int)VALGRIND_MONITOR_COMMAND(command); }

/* Stops or resumes counting this thread's own instructions (another thread's are unaffected). */
void nztmarks_toggle_own(void) { CALLGRIND_TOGGLE_COLLECT; }

/* Dumps this thread's costs alone, under the given name: the file names the thread. */
void nztmarks_dump_own(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
