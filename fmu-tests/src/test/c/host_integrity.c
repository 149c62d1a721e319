/*
 * A C host that checks what a bt-fmu FMU changes in the process that loads it (docs/where-the-fmu-runs.md "Where
 * the FMU runs"). Run by HostIntegrityTest, one scenario per run:
 *
 *   host_integrity integrity <numeric|environment> <fmu-dir> <guid>
 *       Records the host's state before the first fmi2Instantiate and after fmi2FreeInstance
 *       (locale, environment, every rlimit, every signal's disposition, the signal mask, umask,
 *       current directory, open file descriptors, floating-point environment) and fails on any
 *       difference but the documented ones; then checks that SIGUSR2 and SIGINT still reach the
 *       host's handlers and that a fault in host code still reaches the host's SIGSEGV handler.
 *       numeric: the host sets LC_NUMERIC=de_DE.UTF-8 itself; environment: the host stays in
 *       "C" with LANG=de_DE.UTF-8 in its environment (set by the test).
 *   host_integrity instantiate <fmu-dir> <guid> <instance|error:text>
 *       The first fmi2Instantiate (BTFMU_JAVA_OPTIONS from the test) gives an instance, or NULL
 *       with a logged message containing text; the host lives on either way.
 *   host_integrity stack <kB> <fmu-dir> <guid>
 *       The first fmi2Instantiate from a thread with a stack of kB kilobytes: an instance, or
 *       NULL with a message; then an instance from the main thread.
 *   host_integrity exhausted-stack <fmu-dir> <guid>
 *       fmi2DoStep from a thread with too little stack left for JNI to enter Java: fmi2Error with
 *       a message, and the instance steps on once the stack is free.
 *   host_integrity late-handler <fmu-dir> <guid>
 *       Run with libjsig preloaded: the host installs its SIGSEGV handler after the JVM runs;
 *       a fault in host code reaches it, and the FMU keeps running (the JVM keeps its own).
 *   host_integrity threads <count> <fmu-dir> <guid>
 *       count short-lived threads, one after the other, each calls the FMU once: the resident
 *       set grows by less than 1 MB (printed: "rss growth: N bytes").
 *
 * The FMU is the extracted FMU of missions/shim_test.json, FMI 2.0 or (built with --fmi 3, seen
 * by its binaries/x86_64-linux) FMI 3.0 Co-Simulation: the host then calls the FMI 3.0 functions
 * through the same few entry points (fmi3.c below). Prints one line per failed check; exits 0
 * when all passed, 1 otherwise.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <fenv.h>
#include <limits.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "fmi2.h"
#include "fmi3.h"
#include "checks.h"

extern char **environ;

enum { VR_ALTITUDE = 0, VR_TARGET = 5 };

static fmi2CallbackFunctions callbacks = {recording_logger, calloc, free, NULL, NULL};

static struct {
    void *library;
    char location[PATH_MAX + 32];
    const char *guid;
    fmi2Component (*instantiate)(fmi2String, fmi2Type, fmi2String, fmi2String,
                                 const fmi2CallbackFunctions *, fmi2Boolean, fmi2Boolean);
    void (*freeInstance)(fmi2Component);
    fmi2Status (*setupExperiment)(fmi2Component, fmi2Boolean, fmi2Real, fmi2Real, fmi2Boolean,
                                  fmi2Real);
    fmi2Status (*enterInitializationMode)(fmi2Component);
    fmi2Status (*exitInitializationMode)(fmi2Component);
    fmi2Status (*terminate)(fmi2Component);
    fmi2Status (*getReal)(fmi2Component, const fmi2ValueReference[], size_t, fmi2Real[]);
    fmi2Status (*setReal)(fmi2Component, const fmi2ValueReference[], size_t, const fmi2Real[]);
    fmi2Status (*doStep)(fmi2Component, fmi2Real, fmi2Real, fmi2Boolean);
} fmu;

static void *symbol(const char *name)
{
    void *address = dlsym(fmu.library, name);
    if (address == NULL) {
        printf("FAIL: the FMU does not export %s\n", name);
        exit(1);
    }
    return address;
}

/* ---- FMI 3.0: the same entry points over fmi3* (Co-Simulation, no Event Mode) ---- */

static struct {
    fmi3Instance (*instantiate)(fmi3String, fmi3String, fmi3String, fmi3Boolean, fmi3Boolean, fmi3Boolean,
                                fmi3Boolean, const fmi3ValueReference[], size_t, fmi3InstanceEnvironment,
                                fmi3LogMessageCallback, fmi3IntermediateUpdateCallback);
    void (*freeInstance)(fmi3Instance);
    fmi3Status (*enterInitializationMode)(fmi3Instance, fmi3Boolean, fmi3Float64, fmi3Float64, fmi3Boolean,
                                          fmi3Float64);
    fmi3Status (*exitInitializationMode)(fmi3Instance);
    fmi3Status (*terminate)(fmi3Instance);
    fmi3Status (*getFloat64)(fmi3Instance, const fmi3ValueReference[], size_t, fmi3Float64[], size_t);
    fmi3Status (*setFloat64)(fmi3Instance, const fmi3ValueReference[], size_t, const fmi3Float64[], size_t);
    fmi3Status (*doStep)(fmi3Instance, fmi3Float64, fmi3Float64, fmi3Boolean, fmi3Boolean *, fmi3Boolean *,
                         fmi3Boolean *, fmi3Float64 *);
    char resources[PATH_MAX + 16];
} fmu3;

/* fmi3Status and fmi2Status agree on OK (0) and Error (3), which is all the checks compare. */
static fmi2Status status2(fmi3Status s) { return (fmi2Status)s; }

static void logger3(fmi3InstanceEnvironment env, fmi3Status status, fmi3String category, fmi3String message)
{
    (void)env;
    (void)status;
    (void)category;
    snprintf(last_message, sizeof last_message, "%s", message);
    messages++;
}

static fmi2Component instantiate3(fmi2String name, fmi2Type type, fmi2String token, fmi2String location,
                                  const fmi2CallbackFunctions *functions, fmi2Boolean visible, fmi2Boolean logging)
{
    (void)type, (void)location, (void)functions, (void)visible, (void)logging;
    return fmu3.instantiate(name, token, fmu3.resources, fmi3False, fmi3False, fmi3False, fmi3False, NULL, 0, NULL,
                            logger3, NULL);
}
static void free3(fmi2Component c) { fmu3.freeInstance(c); }
/* FMI 3.0 has no fmi3SetupExperiment: its arguments go to fmi3EnterInitializationMode. */
static fmi2Status setup3(fmi2Component c, fmi2Boolean a, fmi2Real b, fmi2Real d, fmi2Boolean e, fmi2Real f)
{
    (void)c, (void)a, (void)b, (void)d, (void)e, (void)f;
    return fmi2OK;
}
static fmi2Status enter3(fmi2Component c)
{
    return status2(fmu3.enterInitializationMode(c, fmi3False, 0.0, 0.0, fmi3False, 0.0));
}
static fmi2Status exit3(fmi2Component c) { return status2(fmu3.exitInitializationMode(c)); }
static fmi2Status terminate3(fmi2Component c) { return status2(fmu3.terminate(c)); }
static fmi2Status get3(fmi2Component c, const fmi2ValueReference vr[], size_t n, fmi2Real v[])
{
    return status2(fmu3.getFloat64(c, vr, n, v, n));
}
static fmi2Status set3(fmi2Component c, const fmi2ValueReference vr[], size_t n, const fmi2Real v[])
{
    return status2(fmu3.setFloat64(c, vr, n, v, n));
}
static fmi2Status step3(fmi2Component c, fmi2Real t, fmi2Real h, fmi2Boolean no_set)
{
    fmi3Boolean handling, terminate, early;
    fmi3Float64 reached;
    return status2(fmu3.doStep(c, t, h, no_set, &handling, &terminate, &early, &reached));
}

static void load3(const char *directory)
{
    char absolute[PATH_MAX];
    snprintf(fmu3.resources, sizeof fmu3.resources, "%s/resources/",
             realpath(directory, absolute) ? absolute : directory);
    *(void **)&fmu3.instantiate = symbol("fmi3InstantiateCoSimulation");
    *(void **)&fmu3.freeInstance = symbol("fmi3FreeInstance");
    *(void **)&fmu3.enterInitializationMode = symbol("fmi3EnterInitializationMode");
    *(void **)&fmu3.exitInitializationMode = symbol("fmi3ExitInitializationMode");
    *(void **)&fmu3.terminate = symbol("fmi3Terminate");
    *(void **)&fmu3.getFloat64 = symbol("fmi3GetFloat64");
    *(void **)&fmu3.setFloat64 = symbol("fmi3SetFloat64");
    *(void **)&fmu3.doStep = symbol("fmi3DoStep");
    fmu.instantiate = instantiate3;
    fmu.freeInstance = free3;
    fmu.setupExperiment = setup3;
    fmu.enterInitializationMode = enter3;
    fmu.exitInitializationMode = exit3;
    fmu.terminate = terminate3;
    fmu.getReal = get3;
    fmu.setReal = set3;
    fmu.doStep = step3;
}

static void load(const char *directory, const char *guid)
{
    char binaries[PATH_MAX];
    snprintf(binaries, sizeof binaries, "%s/binaries/x86_64-linux", directory);
    DIR *fmi3 = opendir(binaries);
    if (fmi3 != NULL) closedir(fmi3);
    else snprintf(binaries, sizeof binaries, "%s/binaries/linux64", directory);
    DIR *dir = opendir(binaries);
    struct dirent *entry;
    char library[PATH_MAX + 256] = "";
    while (dir && (entry = readdir(dir)) != NULL) {
        if (strstr(entry->d_name, ".so")) {
            snprintf(library, sizeof library, "%s/%s", binaries, entry->d_name);
        }
    }
    if (dir) closedir(dir);
    fmu.library = library[0] ? dlopen(library, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (fmu.library == NULL) {
        printf("FAIL: cannot load the FMU's library in %s: %s\n", binaries, dlerror());
        exit(1);
    }
    fmu.guid = guid;
    if (fmi3 != NULL) {
        load3(directory);
        return;
    }
    char absolute[PATH_MAX];
    snprintf(fmu.location, sizeof fmu.location, "file://%s/resources",
             realpath(directory, absolute) ? absolute : directory);
    *(void **)&fmu.instantiate = symbol("fmi2Instantiate");
    *(void **)&fmu.freeInstance = symbol("fmi2FreeInstance");
    *(void **)&fmu.setupExperiment = symbol("fmi2SetupExperiment");
    *(void **)&fmu.enterInitializationMode = symbol("fmi2EnterInitializationMode");
    *(void **)&fmu.exitInitializationMode = symbol("fmi2ExitInitializationMode");
    *(void **)&fmu.terminate = symbol("fmi2Terminate");
    *(void **)&fmu.getReal = symbol("fmi2GetReal");
    *(void **)&fmu.setReal = symbol("fmi2SetReal");
    *(void **)&fmu.doStep = symbol("fmi2DoStep");
}

static fmi2Component instantiate(const char *name)
{
    return fmu.instantiate(name, fmi2CoSimulation, fmu.guid, fmu.location, &callbacks,
                           fmi2False, fmi2False);
}

/* ---- the host's state ---------------------------------------------------------------- */

static const struct { int category; const char *name; } CATEGORIES[] = {
    {LC_ALL, "LC_ALL"}, {LC_CTYPE, "LC_CTYPE"}, {LC_NUMERIC, "LC_NUMERIC"},
    {LC_TIME, "LC_TIME"}, {LC_COLLATE, "LC_COLLATE"}, {LC_MONETARY, "LC_MONETARY"},
    {LC_MESSAGES, "LC_MESSAGES"}, {LC_PAPER, "LC_PAPER"}, {LC_NAME, "LC_NAME"},
    {LC_ADDRESS, "LC_ADDRESS"}, {LC_TELEPHONE, "LC_TELEPHONE"},
    {LC_MEASUREMENT, "LC_MEASUREMENT"}, {LC_IDENTIFICATION, "LC_IDENTIFICATION"},
};
#define CATEGORY_COUNT (sizeof CATEGORIES / sizeof CATEGORIES[0])
#define MAX_FDS 256
#define MAX_ENV 512

typedef struct {
    char locale[CATEGORY_COUNT][512];
    char *environment[MAX_ENV];
    int environment_count;
    struct rlimit limits[RLIM_NLIMITS];
    struct sigaction actions[NSIG];
    int action_ok[NSIG];
    sigset_t mask;
    mode_t umask;
    char cwd[PATH_MAX];
    int fds[MAX_FDS];
    char fd_targets[MAX_FDS][PATH_MAX];
    long fd_flags[MAX_FDS];
    int fd_count;
    int rounding;
    int exceptions;
    fenv_t fenv;
} HostState;

static long fd_flags(int fd)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/self/fdinfo/%d", fd);
    FILE *f = fopen(path, "r");
    long flags = -1;
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "flags:", 6) == 0) {
            flags = strtol(line + 6, NULL, 8);
        }
    }
    if (f) fclose(f);
    return flags;
}

static void record(HostState *s)
{
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < CATEGORY_COUNT; i++) {
        const char *name = setlocale(CATEGORIES[i].category, NULL);
        snprintf(s->locale[i], sizeof s->locale[i], "%s", name ? name : "(null)");
    }
    for (char **e = environ; *e && s->environment_count < MAX_ENV; e++) {
        s->environment[s->environment_count++] = strdup(*e);
    }
    for (int r = 0; r < RLIM_NLIMITS; r++) {
        getrlimit(r, &s->limits[r]);
    }
    for (int sig = 1; sig < NSIG; sig++) {
        s->action_ok[sig] = sigaction(sig, NULL, &s->actions[sig]) == 0;
    }
    pthread_sigmask(SIG_BLOCK, NULL, &s->mask);
    s->umask = umask(0);
    umask(s->umask);
    if (getcwd(s->cwd, sizeof s->cwd) == NULL) {
        strcpy(s->cwd, "(unknown)");
    }
    DIR *dir = opendir("/proc/self/fd");
    int own = dir ? dirfd(dir) : -1;
    struct dirent *entry;
    while (dir && (entry = readdir(dir)) != NULL && s->fd_count < MAX_FDS) {
        if (entry->d_name[0] == '.' || atoi(entry->d_name) == own) {
            continue;
        }
        int fd = atoi(entry->d_name);
        char link[64];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t n = readlink(link, s->fd_targets[s->fd_count], PATH_MAX - 1);
        if (n <= 0) {
            /* Closed since the listing: fd_flags' own fdinfo file, read while the directory is
             * read, can be listed after it was closed again. */
            continue;
        }
        s->fd_targets[s->fd_count][n] = '\0';
        s->fd_flags[s->fd_count] = fd_flags(fd);
        s->fds[s->fd_count++] = fd;
    }
    if (dir) closedir(dir);
    s->rounding = fegetround();
    s->exceptions = fetestexcept(FE_ALL_EXCEPT);
    fegetenv(&s->fenv);
}

static int in_environment(const HostState *s, const char *entry)
{
    for (int i = 0; i < s->environment_count; i++) {
        if (strcmp(s->environment[i], entry) == 0) {
            return 1;
        }
    }
    return 0;
}

static int same_action(const struct sigaction *a, const struct sigaction *b)
{
    /* SA_RESTORER: glibc's own, added to every action it installs */
    const int restorer = 0x04000000;
    if ((void *)a->sa_sigaction != (void *)b->sa_sigaction
        || (a->sa_flags & ~restorer) != (b->sa_flags & ~restorer)) {
        return 0;
    }
    for (int sig = 1; sig < NSIG; sig++) {
        if (sigismember(&a->sa_mask, sig) != sigismember(&b->sa_mask, sig)) {
            return 0;
        }
    }
    return 1;
}

/*
 * Whether a file descriptor opened while the FMU ran is one the JVM keeps for its life (docs/where-the-fmu-runs.md
 * "Where the FMU runs"): a read-only file of the Java installation (lib/modules) or of the FMU
 * (its jars), or the one socket the JDK's NIO keeps for closing channels (FileDispatcherImpl).
 */
static int allowed_new_fd(const char *target, long flags, const char *fmu_dir, int *sockets)
{
    if (strncmp(target, "socket:", 7) == 0) {
        return ++*sockets == 1;
    }
    char java_home[PATH_MAX] = "", fmu_real[PATH_MAX] = "", cache[PATH_MAX] = "";
    const char *home = getenv("JAVA_HOME");
    const char *cache_dir = getenv("BTFMU_CACHE_DIR");
    if (home == NULL || realpath(home, java_home) == NULL || realpath(fmu_dir, fmu_real) == NULL) {
        return 0;
    }
    if (cache_dir == NULL || cache_dir[0] != '/' || realpath(cache_dir, cache) == NULL) {
        strcpy(cache, "/nonexistent/");
    }
    /* (the class-data cache holds the copy of the FMU's jars the JVM runs from) */
    int inside = (strncmp(target, java_home, strlen(java_home)) == 0
                  || strncmp(target, fmu_real, strlen(fmu_real)) == 0
                  || strncmp(target, cache, strlen(cache)) == 0);
    return inside && (flags & O_ACCMODE) == O_RDONLY;
}

/*
 * The documented differences: the JVM's fault handlers, its suspend/resume signal and the
 * signal the JDK's NIO takes to interrupt blocking I/O (SIGRTMAX - 2).
 */
static int jvm_signal(int sig, int suspend_resume)
{
    return sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL
        || sig == suspend_resume || sig == SIGRTMAX - 2;
}

/* Prints every difference between before and after; counts the undocumented ones as failures. */
static void compare(const HostState *before, const HostState *after, const char *fmu_dir,
                    int suspend_resume)
{
    for (size_t i = 0; i < CATEGORY_COUNT; i++) {
        CHECK(strcmp(before->locale[i], after->locale[i]) == 0, "locale %s: \"%s\" became \"%s\"",
              CATEGORIES[i].name, before->locale[i], after->locale[i]);
    }
    for (int i = 0; i < before->environment_count; i++) {
        CHECK(in_environment(after, before->environment[i]), "environment: %s is gone or changed",
              before->environment[i]);
    }
    for (int i = 0; i < after->environment_count; i++) {
        CHECK(in_environment(before, after->environment[i]), "environment: %s is new",
              after->environment[i]);
    }
    for (int r = 0; r < RLIM_NLIMITS; r++) {
        CHECK(before->limits[r].rlim_cur == after->limits[r].rlim_cur
                  && before->limits[r].rlim_max == after->limits[r].rlim_max,
              "rlimit %d: soft %llu hard %llu became soft %llu hard %llu", r,
              (unsigned long long)before->limits[r].rlim_cur,
              (unsigned long long)before->limits[r].rlim_max,
              (unsigned long long)after->limits[r].rlim_cur,
              (unsigned long long)after->limits[r].rlim_max);
    }
    for (int sig = 1; sig < NSIG; sig++) {
        if (!before->action_ok[sig] && !after->action_ok[sig]) {
            continue; /* glibc's own (SIGCANCEL, SIGSETXID) */
        }
        int same = before->action_ok[sig] == after->action_ok[sig]
            && same_action(&before->actions[sig], &after->actions[sig]);
        if (jvm_signal(sig, suspend_resume)) {
            CHECK(!same, "signal %d (%s): documented as the JVM's, but the host's handler is still "
                  "there: update docs/where-the-fmu-runs.md", sig, strsignal(sig));
            if (!same) {
                printf("documented difference: signal %d (%s): handler %p flags %#x -> %p flags %#x\n",
                       sig, strsignal(sig), (void *)before->actions[sig].sa_sigaction,
                       before->actions[sig].sa_flags, (void *)after->actions[sig].sa_sigaction,
                       after->actions[sig].sa_flags);
            }
        } else {
            CHECK(same, "signal %d (%s): handler %p flags %#x became %p flags %#x", sig,
                  strsignal(sig), (void *)before->actions[sig].sa_sigaction,
                  before->actions[sig].sa_flags, (void *)after->actions[sig].sa_sigaction,
                  after->actions[sig].sa_flags);
        }
    }
    for (int sig = 1; sig < NSIG; sig++) {
        CHECK(sigismember(&before->mask, sig) == sigismember(&after->mask, sig),
              "signal mask: signal %d (%s) was %s, is %s", sig, strsignal(sig),
              sigismember(&before->mask, sig) ? "blocked" : "unblocked",
              sigismember(&after->mask, sig) ? "blocked" : "unblocked");
    }
    CHECK(before->umask == after->umask, "umask %03o became %03o", (unsigned)before->umask,
          (unsigned)after->umask);
    CHECK(strcmp(before->cwd, after->cwd) == 0, "current directory %s became %s", before->cwd,
          after->cwd);
    for (int i = 0; i < before->fd_count; i++) {
        int found = 0;
        for (int j = 0; j < after->fd_count; j++) {
            if (after->fds[j] == before->fds[i]) {
                found = 1;
                CHECK(strcmp(before->fd_targets[i], after->fd_targets[j]) == 0
                          && before->fd_flags[i] == after->fd_flags[j],
                      "fd %d: %s (flags %lo) became %s (flags %lo)", before->fds[i],
                      before->fd_targets[i], before->fd_flags[i], after->fd_targets[j],
                      after->fd_flags[j]);
            }
        }
        CHECK(found, "fd %d (%s) was closed", before->fds[i], before->fd_targets[i]);
    }
    int sockets = 0;
    for (int j = 0; j < after->fd_count; j++) {
        int found = 0;
        for (int i = 0; i < before->fd_count; i++) {
            found |= after->fds[j] == before->fds[i];
        }
        if (!found) {
            CHECK(allowed_new_fd(after->fd_targets[j], after->fd_flags[j], fmu_dir, &sockets),
                  "fd %d is new: %s (flags %lo): only read-only files of the Java installation "
                  "or the FMU and NIO's one socket may stay open", after->fds[j],
                  after->fd_targets[j], after->fd_flags[j]);
            printf("documented difference: fd %d: %s\n", after->fds[j], after->fd_targets[j]);
        }
    }
    CHECK(before->rounding == after->rounding, "rounding mode %#x became %#x", before->rounding,
          after->rounding);
    CHECK(before->exceptions == after->exceptions, "floating-point exception flags %#x became %#x",
          before->exceptions, after->exceptions);
#if defined(__x86_64__)
    CHECK(before->fenv.__control_word == after->fenv.__control_word,
          "x87 control word %#x became %#x", before->fenv.__control_word,
          after->fenv.__control_word);
    CHECK(before->fenv.__mxcsr == after->fenv.__mxcsr, "MXCSR %#x became %#x",
          before->fenv.__mxcsr, after->fenv.__mxcsr);
#endif
}

/* ---- the host's own signal handlers ------------------------------------------------------ */

static volatile sig_atomic_t usr2_calls, int_calls, segv_calls, rtmax_calls;
static char *guarded_page;
static long page_size;

static void on_usr2(int sig) { (void)sig; usr2_calls++; }
static void on_int(int sig) { (void)sig; int_calls++; }
static void on_rtmax(int sig) { (void)sig; rtmax_calls++; }
static void on_child(int sig) { (void)sig; }

/* A fault in host code: the host's handler makes the page writable and the write is retried. */
static void on_segv(int sig, siginfo_t *info, void *context)
{
    (void)sig;
    (void)context;
    char *address = info->si_addr;
    if (address >= guarded_page && address < guarded_page + page_size) {
        segv_calls++;
        mprotect(guarded_page, page_size, PROT_READ | PROT_WRITE);
        return;
    }
    signal(SIGSEGV, SIG_DFL); /* not ours: crash as usual */
}

static void install(int sig, void (*handler)(int))
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, NULL);
}

static void wait_for(volatile sig_atomic_t *counter, int expected)
{
    for (int i = 0; i < 2000 && *counter < expected; i++) {
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
    }
}

static void run_fmu_once(fmi2Component c)
{
    const fmi2ValueReference altitude = VR_ALTITUDE, target = VR_TARGET;
    fmi2Real value = 50.0, out = -1;
    OK(fmu.setupExperiment(c, fmi2False, 0, 0, fmi2False, 0));
    OK(fmu.enterInitializationMode(c));
    OK(fmu.exitInitializationMode(c));
    OK(fmu.setReal(c, &altitude, 1, &value));
    OK(fmu.doStep(c, 0, 1, fmi2True));
    OK(fmu.getReal(c, &target, 1, &out));
    CHECK(out == 100.0, "target is %g, expected 100 (climb_to)", out);
    OK(fmu.terminate(c));
}

static void integrity(const char *mode, const char *directory)
{
    int numeric = strcmp(mode, "numeric") == 0;
    if (numeric) {
        if (setlocale(LC_NUMERIC, "de_DE.UTF-8") == NULL) {
            printf("FAIL: the host cannot set LC_NUMERIC=de_DE.UTF-8 (LOCPATH=%s)\n",
                   getenv("LOCPATH") ? getenv("LOCPATH") : "unset");
            exit(1);
        }
    } else {
        const char *lang = getenv("LANG");
        CHECK(lang != NULL && strcmp(lang, "de_DE.UTF-8") == 0, "LANG is %s, expected de_DE.UTF-8",
              lang ? lang : "unset");
    }
    char number[32];
    snprintf(number, sizeof number, "%.2f", 3.25);
    const char *expected = numeric ? "3,25" : "3.25";
    CHECK(strcmp(number, expected) == 0, "before: printf(\"%%.2f\", 3.25) wrote %s", number);

    page_size = sysconf(_SC_PAGESIZE);
    guarded_page = mmap(NULL, page_size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    struct sigaction segv;
    memset(&segv, 0, sizeof segv);
    segv.sa_sigaction = on_segv;
    segv.sa_flags = SA_SIGINFO;
    sigemptyset(&segv.sa_mask);
    sigaction(SIGSEGV, &segv, NULL);
    install(SIGUSR2, on_usr2);
    install(SIGINT, on_int);
    /* The host's own real-time signal: the JVM's suspend/resume signal must take another. */
    install(SIGRTMAX, on_rtmax);
    install(SIGPIPE, SIG_IGN);
    /* (Java's ProcessImpl sets SIGCHLD when the runtime starts its class-data archiving) */
    install(SIGCHLD, on_child);
    sigset_t blocked;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGUSR1);
    sigaddset(&blocked, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &blocked, NULL);
    umask(027);
    /* A soft limit below the hard one, as login sessions have (HotSpot raised it by default). */
    struct rlimit files;
    getrlimit(RLIMIT_NOFILE, &files);
    if (files.rlim_max > 512) {
        files.rlim_cur = 512;
        setrlimit(RLIMIT_NOFILE, &files);
    }
    fesetround(FE_TOWARDZERO);
    feclearexcept(FE_ALL_EXCEPT);
    feraiseexcept(FE_DIVBYZERO);

    static HostState before, after;
    record(&before);
    fmi2Component c = instantiate("integrity");
    CHECK(c != NULL, "fmi2Instantiate returned NULL: %s", last_message);
    if (c == NULL) {
        return;
    }
    run_fmu_once(c);
    fmu.freeInstance(c);
    record(&after);
    /* The JVM's suspend/resume signal: the highest real-time signal the host left alone. */
    compare(&before, &after, directory, SIGRTMAX - 1);

    snprintf(number, sizeof number, "%.2f", 3.25);
    CHECK(strcmp(number, expected) == 0, "after: printf(\"%%.2f\", 3.25) wrote %s, expected %s",
          number, expected);
    double parsed = strtod(numeric ? "3,25" : "3.25", NULL);
    CHECK(parsed == 3.25, "after: strtod read %g, expected 3.25", parsed);

    raise(SIGUSR2);
    kill(getpid(), SIGINT);
    wait_for(&int_calls, 1);
    raise(SIGRTMAX);
    CHECK(usr2_calls == 1, "SIGUSR2 raised by the host reached its handler %d times, expected 1",
          (int)usr2_calls);
    CHECK(int_calls == 1, "SIGINT sent by the host reached its handler %d times, expected 1",
          (int)int_calls);
    CHECK(rtmax_calls == 1, "SIGRTMAX raised by the host reached its handler %d times, expected 1",
          (int)rtmax_calls);
    /* The JVM's SIGSEGV handler chains a fault outside Java code to the host's handler. */
    guarded_page[0] = 42;
    CHECK(segv_calls == 1 && guarded_page[0] == 42,
          "a fault in host code reached the host's SIGSEGV handler %d times, expected 1",
          (int)segv_calls);
}

/* The kernel's SIGSEGV handler, past libjsig's interposed sigaction (which shows the chain). */
static void *kernel_segv_handler(void)
{
    struct { void *handler; unsigned long flags; void *restorer; unsigned long mask; } action;
    return syscall(SYS_rt_sigaction, SIGSEGV, NULL, &action, sizeof action.mask) == 0
        ? action.handler : NULL;
}

static void late_handler(void)
{
    fmi2Component c = instantiate("before the handler");
    CHECK(c != NULL, "fmi2Instantiate returned NULL: %s", last_message);
    if (c == NULL) {
        return;
    }
    run_fmu_once(c);
    fmu.freeInstance(c);
    page_size = sysconf(_SC_PAGESIZE);
    guarded_page = mmap(NULL, page_size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    struct sigaction segv;
    memset(&segv, 0, sizeof segv);
    segv.sa_sigaction = on_segv;
    segv.sa_flags = SA_SIGINFO;
    sigemptyset(&segv.sa_mask);
    void *jvm_handler = kernel_segv_handler();
    sigaction(SIGSEGV, &segv, NULL);
    CHECK(kernel_segv_handler() == jvm_handler && jvm_handler != (void *)on_segv,
          "the host's late sigaction replaced the JVM's SIGSEGV handler (%p became %p): "
          "is libjsig preloaded?", jvm_handler, kernel_segv_handler());
    guarded_page[0] = 42;
    CHECK(segv_calls == 1 && guarded_page[0] == 42,
          "a fault in host code reached the host's late SIGSEGV handler %d times, expected 1",
          (int)segv_calls);
    /* Enough Java work for compiled code, collections and safepoints: the JVM's own SIGSEGV
     * uses must still reach the JVM. */
    c = instantiate("after the handler");
    CHECK(c != NULL, "fmi2Instantiate returned NULL: %s", last_message);
    if (c == NULL) {
        return;
    }
    const fmi2ValueReference altitude = VR_ALTITUDE, target = VR_TARGET;
    OK(fmu.setupExperiment(c, fmi2False, 0, 0, fmi2False, 0));
    OK(fmu.enterInitializationMode(c));
    OK(fmu.exitInitializationMode(c));
    int ok = 0;
    for (int i = 0; i < 20000; i++) {
        fmi2Real value = 50.0, out = -1;
        ok += fmu.setReal(c, &altitude, 1, &value) == fmi2OK
              && fmu.doStep(c, i * 0.001, 0.001, fmi2True) == fmi2OK
              && fmu.getReal(c, &target, 1, &out) == fmi2OK && out == 100.0;
    }
    CHECK(ok == 20000, "%d of 20000 steps after the host's late handler were right", ok);
    CHECK(segv_calls == 1, "the host's SIGSEGV handler saw %d faults, expected only its own 1",
          (int)segv_calls);
    fmu.freeInstance(c);
}

/* ---- never end the host ------------------------------------------------------------------ */

static void first_instantiate(const char *expectation)
{
    fmi2Component c = instantiate("first");
    if (strcmp(expectation, "instance") == 0) {
        CHECK(c != NULL, "fmi2Instantiate returned NULL: %s", last_message);
        if (c != NULL) {
            run_fmu_once(c);
            fmu.freeInstance(c);
        }
    } else {
        const char *text = strchr(expectation, ':') ? strchr(expectation, ':') + 1 : expectation;
        CHECK(c == NULL, "fmi2Instantiate gave an instance, expected an error with \"%s\"", text);
        CHECK(messages > 0 && strstr(last_message, text) != NULL,
              "fmi2Instantiate logged \"%s\", expected a message with \"%s\"",
              messages > 0 ? last_message : "nothing", text);
        printf("logged: %s\n", last_message);
        /* The next instantiation says why too, and the host still runs. */
        int before = messages;
        CHECK(instantiate("second") == NULL, "a second fmi2Instantiate gave an instance");
        CHECK(messages > before && strstr(last_message, text) != NULL,
              "the second fmi2Instantiate logged \"%s\", expected a message with \"%s\"",
              messages > before ? last_message : "nothing", text);
    }
}

static void *instantiate_on_thread(void *unused)
{
    (void)unused;
    fmi2Component c = instantiate("small stack");
    if (c != NULL) {
        fmu.freeInstance(c);
    }
    return c;
}

static fmi2Component small_stack_instance;

static void *get_on_thread(void *unused)
{
    (void)unused;
    const fmi2ValueReference target = VR_TARGET;
    fmi2Real out = -1;
    return (void *)(intptr_t)fmu.getReal(small_stack_instance, &target, 1, &out);
}

static void small_stack(size_t kilobytes)
{
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    CHECK(pthread_attr_setstacksize(&attributes, kilobytes * 1024) == 0,
          "cannot make a thread with a %zu kB stack", kilobytes);
    pthread_t thread;
    void *result = NULL;
    int before = messages;
    CHECK(pthread_create(&thread, &attributes, instantiate_on_thread, NULL) == 0,
          "cannot start the thread");
    pthread_join(thread, &result);
    CHECK(result != NULL || messages > before,
          "fmi2Instantiate from a %zu kB stack returned NULL without a message", kilobytes);
    printf("%zu kB stack: %s%s\n", kilobytes, result != NULL ? "an instance" : "NULL: ",
           result != NULL ? "" : last_message);
    first_instantiate("instance");
    /* A call on an instance from a thread with that stack: an answer, never a crash. */
    small_stack_instance = instantiate("called from a small stack");
    CHECK(small_stack_instance != NULL, "fmi2Instantiate returned NULL: %s", last_message);
    if (small_stack_instance == NULL) {
        return;
    }
    OK(fmu.setupExperiment(small_stack_instance, fmi2False, 0, 0, fmi2False, 0));
    OK(fmu.enterInitializationMode(small_stack_instance));
    before = messages;
    CHECK(pthread_create(&thread, &attributes, get_on_thread, NULL) == 0,
          "cannot start the thread");
    pthread_join(thread, &result);
    fmi2Status status = (fmi2Status)(intptr_t)result;
    CHECK(status == fmi2OK || (status == fmi2Error && messages > before),
          "fmi2GetReal from a %zu kB stack returned %d without a message", kilobytes, (int)status);
    printf("%zu kB stack, fmi2GetReal: %d %s\n", kilobytes, (int)status,
           status == fmi2OK ? "" : last_message);
    fmu.freeInstance(small_stack_instance);
}

/* ---- a Java exception escaping an entry method ----------------------------------------- */

static fmi2Component exhausted_instance;
static fmi2Status exhausted_status;
static int exhausted_messages;

static size_t stack_left_here(void)
{
    pthread_attr_t attributes;
    void *base;
    size_t size, left = 0;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
        if (pthread_attr_getstack(&attributes, &base, &size) == 0) {
            left = (size_t)((uintptr_t)__builtin_frame_address(0) - (uintptr_t)base);
        }
        pthread_attr_destroy(&attributes);
    }
    return left;
}

/* fmi2DoStep with about left bytes of stack below this frame. */
__attribute__((noinline)) static void step_with_stack_left(size_t left, double t)
{
    if (stack_left_here() > left + 8192) {
        volatile char pad[4096];
        pad[0] = 1;
        step_with_stack_left(left, t);
        pad[1] = pad[0]; /* no tail call: the frame stays */
        return;
    }
    int before = messages;
    exhausted_status = fmu.doStep(exhausted_instance, t, 1, fmi2True);
    exhausted_messages = messages - before;
}

static void *exhaust_on_thread(void *unused)
{
    (void)unused;
    /* attached by the shim on this first call, with the whole stack free */
    CHECK(fmu.doStep(exhausted_instance, 1, 1, fmi2True) == fmi2OK, "the step with a free stack");
    /* 14 pages left (56 kB): fewer than HotSpot's stack shadow zone and guard pages (24 pages,
     * 96 kB on x86-64 Linux), more than the guard pages and the shim's C frames, so JNI's call
     * throws a StackOverflowError before any Java code runs: the entry method's handler never
     * sees it, the exception is pending when the call returns */
    step_with_stack_left(14 * (size_t)sysconf(_SC_PAGESIZE), 2);
    /* and the instance is as it was: the same step again, with the stack free */
    CHECK(fmu.doStep(exhausted_instance, 2, 1, fmi2True) == fmi2OK,
          "the step again with the stack free: %s", last_message);
    return NULL;
}

/*
 * A Java exception that escapes an entry method (here a StackOverflowError that JNI throws
 * before the method runs) becomes fmi2Error with a message through the logger, never a status
 * read from a call that did not return (the shim asks JNI only when the result lacks the entry
 * methods' mark).
 */
static void exhausted_stack(void)
{
    exhausted_instance = instantiate("exhausted stack");
    CHECK(exhausted_instance != NULL, "fmi2Instantiate returned NULL: %s", last_message);
    if (exhausted_instance == NULL) {
        return;
    }
    OK(fmu.setupExperiment(exhausted_instance, fmi2False, 0, 0, fmi2False, 0));
    OK(fmu.enterInitializationMode(exhausted_instance));
    OK(fmu.exitInitializationMode(exhausted_instance));
    OK(fmu.doStep(exhausted_instance, 0, 1, fmi2True));
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    CHECK(pthread_attr_setstacksize(&attributes, 256 * (size_t)sysconf(_SC_PAGESIZE)) == 0,
          "a thread with 256 pages of stack");
    pthread_t thread;
    CHECK(pthread_create(&thread, &attributes, exhaust_on_thread, NULL) == 0,
          "cannot start the thread");
    pthread_join(thread, NULL);
    CHECK(exhausted_status == fmi2Error, "fmi2DoStep with 14 pages of stack returned %d, expected"
          " fmi2Error", (int)exhausted_status);
    CHECK(exhausted_messages == 1 && strstr(last_message, "the FMU's Java code failed") != NULL,
          "%d messages, the last '%s'", exhausted_messages, last_message);
    printf("exhausted stack: %d %s\n", (int)exhausted_status, last_message);
    fmu.freeInstance(exhausted_instance);
}

/* ---- threads ------------------------------------------------------------------------------ */

static fmi2Component shared;

static void *call_once(void *unused)
{
    (void)unused;
    const fmi2ValueReference target = VR_TARGET;
    fmi2Real out = -1;
    return (void *)(intptr_t)(fmu.getReal(shared, &target, 1, &out) == fmi2OK && out == 100.0);
}

static long resident_bytes(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL || fscanf(f, "%ld %ld", &pages, &resident) != 2) {
        resident = -1;
    }
    if (f) fclose(f);
    return resident * sysconf(_SC_PAGESIZE);
}

static int run_threads(int count)
{
    int ok = 0;
    for (int i = 0; i < count; i++) {
        pthread_t thread;
        void *result = NULL;
        if (pthread_create(&thread, NULL, call_once, NULL) != 0) {
            break;
        }
        pthread_join(thread, &result);
        ok += result != NULL;
    }
    return ok;
}

static void threads(int count)
{
    shared = instantiate("threads");
    CHECK(shared != NULL, "fmi2Instantiate returned NULL: %s", last_message);
    if (shared == NULL) {
        return;
    }
    const fmi2ValueReference altitude = VR_ALTITUDE;
    fmi2Real value = 50.0;
    OK(fmu.setupExperiment(shared, fmi2False, 0, 0, fmi2False, 0));
    OK(fmu.enterInitializationMode(shared));
    OK(fmu.exitInitializationMode(shared));
    OK(fmu.setReal(shared, &altitude, 1, &value));
    OK(fmu.doStep(shared, 0, 1, fmi2True));
    /* Warm up: the JIT (the call path and, through thousands of attachments, the Java code
     * of attaching a thread), the heap and malloc's arenas reach their working size. */
    for (int i = 0; i < 100000; i++) {
        call_once(NULL);
    }
    int warm = run_threads(5000);
    CHECK(warm == 5000, "%d of 5000 warm-up threads got the value", warm);
    struct timespec settle = {0, 500000000}; /* the compiler threads finish their queue */
    nanosleep(&settle, NULL);
    long start = resident_bytes();
    int ok = run_threads(count);
    long growth = resident_bytes() - start;
    CHECK(ok == count, "%d of %d threads got the value", ok, count);
    printf("rss growth: %ld bytes after %d threads (%.1f bytes per thread)\n", growth, count,
           (double)growth / count);
    CHECK(growth < 1024 * 1024, "the resident set grew by %ld bytes over %d threads", growth,
          count);
    fmu.freeInstance(shared);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 4) {
        fprintf(stderr, "usage: host_integrity <scenario> ... <fmu-dir> <guid>\n");
        return 2;
    }
    const char *scenario = argv[1];
    if (strcmp(scenario, "integrity") == 0 && argc == 5) {
        load(argv[3], argv[4]);
        integrity(argv[2], argv[3]);
    } else if (strcmp(scenario, "instantiate") == 0 && argc == 5) {
        load(argv[2], argv[3]);
        first_instantiate(argv[4]);
    } else if (strcmp(scenario, "stack") == 0 && argc == 5) {
        load(argv[3], argv[4]);
        small_stack((size_t)atol(argv[2]));
    } else if (strcmp(scenario, "exhausted-stack") == 0 && argc == 4) {
        load(argv[2], argv[3]);
        exhausted_stack();
    } else if (strcmp(scenario, "late-handler") == 0 && argc == 4) {
        load(argv[2], argv[3]);
        late_handler();
    } else if (strcmp(scenario, "threads") == 0 && argc == 5) {
        load(argv[3], argv[4]);
        threads(atoi(argv[2]));
    } else {
        fprintf(stderr, "unknown scenario or arguments: %s\n", scenario);
        return 2;
    }
    printf("%d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
