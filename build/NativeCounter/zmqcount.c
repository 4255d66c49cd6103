/*
 * A counting libzmq: every function below has libzmq's name, counts its call by outcome and calls the real
 * function of the libzmq file zmqcount_open was given. A counting process of a Perf run (Scenarios'
 * NativeCallCounter) loads one copy of this file per subject, so each subject's calls land in its own counters,
 * and no timed operation ever passes through it (the measuring processes load libzmq itself).
 *
 * Forwarding without libzmq's header: every function here takes at most six arguments, all integers or pointers,
 * which the x86-64 and AArch64 calling conventions pass in registers of one class, so a forwarder that takes and
 * passes six intptr_t hands every callee exactly what its caller passed (extra registers are ignored). The result is
 * read as the function's own type by its kind (an int, a pointer, or a value that cannot fail).
 */
#if !defined(__x86_64__) && !defined(__aarch64__)
#error "zmqcount forwards integer-register arguments; it is written for x86-64 and AArch64 only"
#endif

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/*
 * INT: returns int, -1 is an error. PTR: returns a pointer, NULL is an error. VALUE: cannot fail. POLL: zmq_poll.
 * ERRNO: zmq_errno, counted by the error it reads, so that reading an EAGAIN is as timing-dependent as the call that set it.
 */
#define ZMQCOUNT_FUNCTIONS(X) \
    X(zmq_bind, INT) X(zmq_close, INT) X(zmq_connect, INT) X(zmq_ctx_get, INT) X(zmq_ctx_new, PTR) \
    X(zmq_ctx_set, INT) X(zmq_ctx_shutdown, INT) X(zmq_ctx_term, INT) X(zmq_curve_keypair, INT) \
    X(zmq_curve_public, INT) X(zmq_disconnect, INT) X(zmq_errno, ERRNO) X(zmq_getsockopt, INT) X(zmq_has, VALUE) \
    X(zmq_msg_close, INT) X(zmq_msg_copy, INT) X(zmq_msg_data, VALUE) X(zmq_msg_get, INT) X(zmq_msg_gets, PTR) \
    X(zmq_msg_init, INT) X(zmq_msg_init_data, INT) X(zmq_msg_init_size, INT) X(zmq_msg_more, VALUE) \
    X(zmq_msg_move, INT) X(zmq_msg_recv, INT) X(zmq_msg_send, INT) X(zmq_msg_set, INT) X(zmq_msg_size, VALUE) \
    X(zmq_poll, POLL) X(zmq_proxy, INT) X(zmq_proxy_steerable, INT) X(zmq_recv, INT) X(zmq_send, INT) \
    X(zmq_setsockopt, INT) X(zmq_socket, PTR) X(zmq_socket_monitor, INT) X(zmq_strerror, VALUE) X(zmq_unbind, INT) \
    X(zmq_version, VALUE) X(zmq_z85_decode, PTR) X(zmq_z85_encode, PTR)

enum { OK, AGAIN, INTERRUPTED, FAILED, OUTCOMES };
enum { INT, PTR, VALUE, POLL, ERRNO };

#define ZMQCOUNT_INDEX(name, kind) FN_##name,
enum { ZMQCOUNT_FUNCTIONS(ZMQCOUNT_INDEX) FUNCTIONS };

#define ZMQCOUNT_NAME(name, kind) #name,
static const char *const names[FUNCTIONS] = { ZMQCOUNT_FUNCTIONS(ZMQCOUNT_NAME) };

typedef intptr_t (*forward_t)(intptr_t, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t);
static forward_t targets[FUNCTIONS];
static uint64_t counts[FUNCTIONS][OUTCOMES];
static void *real_library;
static char last_error[512];

static void count(int function, int outcome)
{
    __atomic_fetch_add(&counts[function][outcome], 1, __ATOMIC_RELAXED);
}

static int outcome_of_errno(int error)
{
    return error == EAGAIN ? AGAIN : error == EINTR ? INTERRUPTED : FAILED;
}

/* A function the real file lacks fails as libzmq fails (errno ENOTSUP; -1 or NULL by its kind), counted as an error. */
static intptr_t missing(int function, int kind)
{
    count(function, FAILED);
    errno = ENOTSUP;
    return kind == INT || kind == POLL ? -1 : 0;
}

/* errno is read right after the call and left as the callee set it: the caller's runtime reads it after return. */
#define ZMQCOUNT_RESULT_INT(function, result) \
    int value = (int)(result); \
    count(function, value == -1 ? outcome_of_errno(errno) : OK); \
    return value;
#define ZMQCOUNT_RESULT_PTR(function, result) \
    intptr_t value = (result); \
    count(function, value == 0 ? outcome_of_errno(errno) : OK); \
    return value;
#define ZMQCOUNT_RESULT_VALUE(function, result) \
    intptr_t value = (result); \
    count(function, OK); \
    return value;
/* zmq_poll: no item ready is counted as "again", like a non-blocking receive that found nothing. */
#define ZMQCOUNT_RESULT_POLL(function, result) \
    int value = (int)(result); \
    count(function, value == -1 ? outcome_of_errno(errno) : value == 0 ? AGAIN : OK); \
    return value;

#define ZMQCOUNT_RESULT_ERRNO(function, result) \
    int value = (int)(result); \
    count(function, value == EAGAIN ? AGAIN : value == EINTR ? INTERRUPTED : OK); \
    return value;

#define ZMQCOUNT_FORWARD(name, kind) \
    intptr_t name(intptr_t a, intptr_t b, intptr_t c, intptr_t d, intptr_t e, intptr_t f) \
    { \
        if (targets[FN_##name] == 0) { \
            return missing(FN_##name, kind); \
        } \
        ZMQCOUNT_RESULT_##kind(FN_##name, targets[FN_##name](a, b, c, d, e, f)) \
    }
ZMQCOUNT_FUNCTIONS(ZMQCOUNT_FORWARD)

/* Loads the real libzmq this copy forwards to; 0 on success, -1 with zmqcount_error() saying why. */
int zmqcount_open(const char *real_path)
{
    if (real_library != 0) {
        snprintf(last_error, sizeof last_error, "this copy already forwards to a libzmq");
        return -1;
    }

    real_library = dlopen(real_path, RTLD_NOW | RTLD_LOCAL);
    if (real_library == 0) {
        snprintf(last_error, sizeof last_error, "%s", dlerror());
        return -1;
    }

    for (int i = 0; i < FUNCTIONS; i++) {
        targets[i] = (forward_t)dlsym(real_library, names[i]);
    }

    return 0;
}

const char *zmqcount_error(void) { return last_error; }

int zmqcount_functions(void) { return FUNCTIONS; }

int zmqcount_outcomes(void) { return OUTCOMES; }

const char *zmqcount_name(int function) { return function >= 0 && function < FUNCTIONS ? names[function] : 0; }

/* Whether the real file has the function (1) or calls of it fail with ENOTSUP here (0). */
int zmqcount_resolved(int function) { return function >= 0 && function < FUNCTIONS && targets[function] != 0; }

/* Copies every counter, function by function and outcome by outcome (ok, again, interrupted, failed). */
void zmqcount_read(uint64_t *into)
{
    for (int i = 0; i < FUNCTIONS; i++) {
        for (int j = 0; j < OUTCOMES; j++) {
            into[i * OUTCOMES + j] = __atomic_load_n(&counts[i][j], __ATOMIC_RELAXED);
        }
    }
}
