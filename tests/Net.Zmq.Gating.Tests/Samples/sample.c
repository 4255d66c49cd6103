/*
 * The program behind the callgrind samples beside it, which CallgrindFileTests read: two threads, a known call tree
 * (main -> middle -> leaf twice; the worker: middle(40)). Made with
 *   gcc -O1 -g0 -o sample sample.c -lpthread
 *   valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file=callgrind.out.sample -q ./sample
 * then the program's folder in the files replaced by /opt/sample. Not built by the suite.
 */
#include <valgrind/callgrind.h>
#include <pthread.h>
static volatile long sink;
__attribute__((noinline)) static void leaf(int n) { for (int i = 0; i < n; i++) sink += i; }
__attribute__((noinline)) static void middle(int n) { leaf(n); leaf(n / 2); }
static void *worker(void *arg) { (void)arg; middle(40); return 0; }
int main(void) {
    pthread_t t;
    CALLGRIND_ZERO_STATS;
    middle(100);
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    CALLGRIND_DUMP_STATS_AT("sample");
    return 0;
}
