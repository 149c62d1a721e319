/*
 * Benchmark driver for the native call path of bt-fmu FMUs: an FMI importer in C
 * (no JVM of its own) that loads extracted FMUs with dlopen and times the calls.
 *
 *   native_bench calls   <bt-fmu FMU dir> <plain C FMU dir> <EmptyUpcall.class>
 *       ns per fmi2DoStep (no input change), fmi2SetReal and fmi2GetReal of 10 values,
 *       for the bt-fmu FMU and a plain C FMU, side by side in one run with an empty
 *       JNI up-call (the floor: what the shim's forwarding cannot go below). The fmi2GetReal
 *       batches repeat the same read with no call between, so after the first the shim answers
 *       them from the values the FMU published (shim.c, Published) without calling Java.
 *   native_bench startup-runs <n> <bt-fmu FMU dir> <second bt-fmu FMU dir> <cache dir>
 *       n rounds of two fresh processes (this program in mode "startup"), one without the
 *       class-data cache and one from the cache dir (which holds the archive already),
 *       medians of: first fmi2Instantiate in the process, a second instance, the first
 *       instance of a second FMU, resident memory with one instance.
 *   native_bench guest <bt-fmu FMU dir>
 *       what the JVM costs the importer's process (one fresh process; run it once per set of
 *       JVM options, BTFMU_JAVA_OPTIONS): threads before and after the first fmi2Instantiate,
 *       resident memory then, after 10^4 instantiate/free cycles and after 10^7 fmi2DoStep.
 *
 * Prints Markdown tables (BENCHMARKS.md). Time: CLOCK_MONOTONIC.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <jni.h>
#include <limits.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fmi2.h"

extern char **environ;

/* ------------------------------------------------------------------ loading FMUs */

typedef struct {
    void *lib;
    char identifier[256];
    char guid[256];
    char resources[PATH_MAX + 32];
    __typeof__(fmi2Instantiate) *instantiate;
    __typeof__(fmi2SetupExperiment) *setup_experiment;
    __typeof__(fmi2EnterInitializationMode) *enter_initialization;
    __typeof__(fmi2ExitInitializationMode) *exit_initialization;
    __typeof__(fmi2DoStep) *do_step;
    __typeof__(fmi2GetReal) *get_real;
    __typeof__(fmi2SetReal) *set_real;
    __typeof__(fmi2Terminate) *terminate;
    __typeof__(fmi2FreeInstance) *free_instance;
} Fmu;

static void fail(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("native_bench: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(2);
}

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* The value of the first attribute `name="..."` in the text. */
static void attribute(const char *xml, const char *name, char *out, size_t size, const char *file)
{
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *start = strstr(xml, key);
    if (start == NULL) {
        fail("%s: no attribute %s", file, name);
    }
    start += strlen(key);
    const char *end = strchr(start, '"');
    if (end == NULL || (size_t)(end - start) >= size) {
        fail("%s: attribute %s is unterminated or too long", file, name);
    }
    memcpy(out, start, (size_t)(end - start));
    out[end - start] = '\0';
}

static void *symbol(Fmu *fmu, const char *name)
{
    void *f = dlsym(fmu->lib, name);
    if (f == NULL) {
        fail("%s does not export %s", fmu->identifier, name);
    }
    return f;
}

/* Reads the model description of an extracted FMU and loads its binary. */
static void load(Fmu *fmu, const char *directory)
{
    char real[PATH_MAX];
    if (realpath(directory, real) == NULL) {
        fail("no FMU directory %s", directory);
    }
    char path[PATH_MAX + 320];
    snprintf(path, sizeof path, "%s/modelDescription.xml", real);
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fail("cannot read %s", path);
    }
    static char xml[1 << 20];
    size_t n = fread(xml, 1, sizeof xml - 1, f);
    xml[n] = '\0';
    fclose(f);
    attribute(xml, "modelIdentifier", fmu->identifier, sizeof fmu->identifier, path);
    attribute(xml, "guid", fmu->guid, sizeof fmu->guid, path);
    snprintf(fmu->resources, sizeof fmu->resources, "file://%s/resources", real);
    snprintf(path, sizeof path, "%s/binaries/linux64/%s.so", real, fmu->identifier);
    fmu->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (fmu->lib == NULL) {
        fail("cannot load %s: %s", path, dlerror());
    }
    fmu->instantiate = symbol(fmu, "fmi2Instantiate");
    fmu->setup_experiment = symbol(fmu, "fmi2SetupExperiment");
    fmu->enter_initialization = symbol(fmu, "fmi2EnterInitializationMode");
    fmu->exit_initialization = symbol(fmu, "fmi2ExitInitializationMode");
    fmu->do_step = symbol(fmu, "fmi2DoStep");
    fmu->get_real = symbol(fmu, "fmi2GetReal");
    fmu->set_real = symbol(fmu, "fmi2SetReal");
    fmu->terminate = symbol(fmu, "fmi2Terminate");
    fmu->free_instance = symbol(fmu, "fmi2FreeInstance");
}

static void logger(fmi2ComponentEnvironment environment, fmi2String instance, fmi2Status status,
                   fmi2String category, fmi2String message, ...)
{
    (void)environment;
    if (status == fmi2OK) {
        return;
    }
    va_list args;
    va_start(args, message);
    fprintf(stderr, "[%s %s %d] ", instance, category, (int)status);
    vfprintf(stderr, message, args);
    fputc('\n', stderr);
    va_end(args);
}

static const fmi2CallbackFunctions CALLBACKS = {logger, calloc, free, NULL, NULL};

static fmi2Component instantiate(Fmu *fmu, const char *name)
{
    fmi2Component c = fmu->instantiate(name, fmi2CoSimulation, fmu->guid, fmu->resources, &CALLBACKS,
                                       fmi2False, fmi2False);
    if (c == NULL) {
        fail("fmi2Instantiate of %s failed", fmu->identifier);
    }
    return c;
}

static void check(fmi2Status status, const char *what)
{
    if (status != fmi2OK) {
        fail("%s returned status %d", what, (int)status);
    }
}

static void initialize(Fmu *fmu, fmi2Component c)
{
    check(fmu->setup_experiment(c, fmi2False, 0.0, 0.0, fmi2False, 0.0), "fmi2SetupExperiment");
    check(fmu->enter_initialization(c), "fmi2EnterInitializationMode");
    check(fmu->exit_initialization(c), "fmi2ExitInitializationMode");
}

/* ------------------------------------------------------------------ the floor: an empty up-call */

typedef struct {
    JavaVM *vm;
    jclass type;
    jmethodID method;
} Upcall;

/* Defines EmptyUpcall in the JVM the shim started (found as the shim finds it: RTLD_NOLOAD). */
static Upcall empty_upcall(const char *class_file)
{
    void *libjvm = dlopen("libjvm.so", RTLD_NOW | RTLD_NOLOAD);
    if (libjvm == NULL) {
        fail("no libjvm in the process after instantiating the bt-fmu FMU");
    }
    jint (*created)(JavaVM **, jsize, jsize *) =
        (jint(*)(JavaVM **, jsize, jsize *))dlsym(libjvm, "JNI_GetCreatedJavaVMs");
    Upcall u;
    jsize count = 0;
    if (created == NULL || created(&u.vm, 1, &count) != JNI_OK || count != 1) {
        fail("no Java virtual machine in the process");
    }
    JNIEnv *env;
    if ((*u.vm)->GetEnv(u.vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) {
        fail("this thread is not attached to the JVM (the shim attaches it on instantiate)");
    }
    FILE *f = fopen(class_file, "rb");
    if (f == NULL) {
        fail("cannot read %s", class_file);
    }
    static jbyte bytes[1 << 16];
    size_t n = fread(bytes, 1, sizeof bytes, f);
    fclose(f);
    jclass loader_type = (*env)->FindClass(env, "java/lang/ClassLoader");
    jmethodID system = (*env)->GetStaticMethodID(env, loader_type, "getSystemClassLoader",
                                                 "()Ljava/lang/ClassLoader;");
    jobject loader = (*env)->CallStaticObjectMethod(env, loader_type, system);
    jclass type = (*env)->DefineClass(env, "org/btfmu/benchmarks/EmptyUpcall", loader, bytes, (jsize)n);
    if (type == NULL) {
        (*env)->ExceptionDescribe(env);
        fail("cannot define EmptyUpcall from %s", class_file);
    }
    u.type = (*env)->NewGlobalRef(env, type);
    u.method = (*env)->GetStaticMethodID(env, type, "doStep", "(JDDZ)I");
    if (u.method == NULL) {
        fail("EmptyUpcall has no static int doStep(long, double, double, boolean)");
    }
    return u;
}

/* What the shim does per forwarded call, minus the Java work: GetEnv, the call, the check. */
static int upcall(Upcall *u, ...)
{
    JNIEnv *env;
    if ((*u->vm)->GetEnv(u->vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) {
        return -1;
    }
    va_list args;
    va_start(args, u);
    jint result = (*env)->CallStaticIntMethodV(env, u->type, u->method, args);
    va_end(args);
    if ((*env)->ExceptionCheck(env)) {
        return -1;
    }
    return result;
}

/* ------------------------------------------------------------------ calls */

#define VALUES 10
#define BATCH 1000
#define WARMUP_ROUNDS 50
#define ROUNDS 301
#define STEP 0.25 /* exact in binary, so the communication points add up exactly */

typedef struct {
    const char *name;
    Fmu *fmu;
    fmi2Component c;
    const fmi2ValueReference *inputs;
    const fmi2ValueReference *outputs;
    double time;
    double sign;
} Subject;

enum Call { DO_STEP, SET_REAL, GET_REAL, UPCALL, CALLS };

static void run_batch(enum Call call, Subject *s, Upcall *u)
{
    fmi2Real values[VALUES];
    switch (call) {
    case DO_STEP:
        for (int k = 0; k < BATCH; k++) {
            check(s->fmu->do_step(s->c, s->time, STEP, fmi2True), "fmi2DoStep");
            s->time += STEP;
        }
        break;
    case SET_REAL:
        for (int k = 0; k < BATCH; k++) {
            s->sign = -s->sign; /* a real change every call */
            for (int v = 0; v < VALUES; v++) {
                values[v] = s->sign * (v + 1);
            }
            check(s->fmu->set_real(s->c, s->inputs, VALUES, values), "fmi2SetReal");
        }
        break;
    case GET_REAL:
        for (int k = 0; k < BATCH; k++) {
            check(s->fmu->get_real(s->c, s->outputs, VALUES, values), "fmi2GetReal");
        }
        break;
    case UPCALL:
        for (int k = 0; k < BATCH; k++) {
            if (upcall(u, (jlong)1, (jdouble)s->time, (jdouble)STEP, (jboolean)JNI_TRUE) != 0) {
                fail("the empty up-call failed");
            }
        }
        break;
    default:
        break;
    }
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *samples, int n)
{
    qsort(samples, (size_t)n, sizeof *samples, compare_doubles);
    return samples[n / 2];
}

static int calls(const char *bt_dir, const char *c_dir, const char *class_file)
{
    static Fmu bt, plain;
    load(&bt, bt_dir);
    load(&plain, c_dir);
    /* bt-fmu bench FMU: inputs in0..in9 are value references 0..9, outputs out0..out9 10..19. */
    static const fmi2ValueReference bt_in[VALUES] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    static const fmi2ValueReference bt_out[VALUES] = {10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
    /* Feedthrough has one Real input (0) and one Real output (1): ten values repeat them. */
    static const fmi2ValueReference c_in[VALUES] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    static const fmi2ValueReference c_out[VALUES] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
    Subject subjects[2] = {
        {"bt-fmu FMU", &bt, NULL, bt_in, bt_out, 0.0, 1.0},
        {"plain C FMU", &plain, NULL, c_in, c_out, 0.0, 1.0},
    };
    for (int s = 0; s < 2; s++) {
        subjects[s].c = instantiate(subjects[s].fmu, "bench");
        initialize(subjects[s].fmu, subjects[s].c);
    }
    Upcall u = empty_upcall(class_file);

    /* Every round runs every (subject, call) batch once, in a rotating order, so that
     * load from other processes falls on all of them alike. */
    enum { CASES = 7 };
    static const int case_subject[CASES] = {0, 0, 0, 1, 1, 1, 0};
    static const enum Call case_call[CASES] = {DO_STEP, SET_REAL, GET_REAL, DO_STEP, SET_REAL, GET_REAL,
                                               UPCALL};
    static double samples[CASES][ROUNDS];
    for (int round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
        for (int k = 0; k < CASES; k++) {
            int i = (k + (round + WARMUP_ROUNDS)) % CASES;
            double start = now_ns();
            run_batch(case_call[i], &subjects[case_subject[i]], &u);
            double per_call = (now_ns() - start) / BATCH;
            if (round >= 0) {
                samples[i][round] = per_call;
            }
        }
    }
    double m[CASES];
    for (int i = 0; i < CASES; i++) {
        m[i] = median(samples[i], ROUNDS);
    }
    double floor = m[6];
    printf("| call | bt-fmu FMU ns | plain C FMU ns | empty JNI up-call ns | bt-fmu / up-call | target |\n");
    printf("|---|---:|---:|---:|---:|---|\n");
    static const char *names[3] = {"fmi2DoStep, no input change", "fmi2SetReal, 10 values",
                                   "fmi2GetReal, 10 values"};
    static const double targets[3] = {1.3, 2.0, 2.0};
    for (int call = 0; call < 3; call++) {
        double ratio = m[call] / floor;
        printf("| %s | %.0f | %.0f | %.0f | %.2f | <= %.1fx: **%s** |\n", names[call], m[call], m[3 + call],
               floor, ratio, targets[call], ratio <= targets[call] ? "met" : "not met");
    }
    printf("\nMedians over %d rounds of %d calls each (after %d warm-up rounds), all cases interleaved"
           " in each round.\n", ROUNDS, BATCH, WARMUP_ROUNDS);
    for (int s = 0; s < 2; s++) {
        check(subjects[s].fmu->terminate(subjects[s].c), "fmi2Terminate");
        subjects[s].fmu->free_instance(subjects[s].c);
    }
    return 0;
}

/* ------------------------------------------------------------------ start-up */

/* A number from /proc/self/status, e.g. "VmRSS:" (kB) or "Threads:"; -1 if absent. */
static double status_field(const char *key)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    double value = -1;
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, key, strlen(key)) == 0) {
            value = atof(line + strlen(key));
        }
    }
    if (f != NULL) {
        fclose(f);
    }
    return value;
}

static double resident_mb(void)
{
    return status_field("VmRSS:") / 1024.0;
}

/* One fresh process: prints "first second other rss" (ms, ms, ms, MB). */
static int startup(const char *dir, const char *other_dir)
{
    static Fmu first, other;
    load(&first, dir);
    double t0 = now_ns();
    fmi2Component a = instantiate(&first, "first");
    double t1 = now_ns();
    initialize(&first, a);
    check(first.do_step(a, 0.0, STEP, fmi2True), "fmi2DoStep");
    double rss = resident_mb();
    double t2 = now_ns();
    fmi2Component b = instantiate(&first, "second");
    double t3 = now_ns();
    load(&other, other_dir);
    double t4 = now_ns();
    fmi2Component c = instantiate(&other, "other");
    double t5 = now_ns();
    printf("%.3f %.3f %.3f %.1f\n", (t1 - t0) / 1e6, (t3 - t2) / 1e6, (t5 - t4) / 1e6, rss);
    first.free_instance(b);
    first.free_instance(a);
    other.free_instance(c);
    return 0;
}

/* One fresh process in mode "startup" with BTFMU_CACHE_DIR=cache; its four figures into samples[k][r]. */
static void startup_process(const char *dir, const char *other_dir, const char *cache,
                            double *samples[4], int r)
{
    int out[2];
    if (pipe(out) != 0) {
        fail("pipe failed");
    }
    setenv("BTFMU_CACHE_DIR", cache, 1);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    char *argv[] = {"native_bench", "startup", (char *)dir, (char *)other_dir, NULL};
    pid_t pid;
    if (posix_spawn(&pid, "/proc/self/exe", &actions, NULL, argv, environ) != 0) {
        fail("cannot start a fresh process");
    }
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    char line[256] = "";
    FILE *f = fdopen(out[0], "r");
    if (fgets(line, sizeof line, f) == NULL) {
        line[0] = '\0';
    }
    fclose(f);
    int status;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0
        || sscanf(line, "%lf %lf %lf %lf", &samples[0][r], &samples[1][r], &samples[2][r], &samples[3][r])
               != 4) {
        fail("start-up run %d failed (status %d, output '%s')", r + 1, status, line);
    }
}

static void startup_table(const char *title, double *samples[4], int runs)
{
    static const char *names[4] = {"first fmi2Instantiate in a fresh process (starts the JVM), ms",
                                   "second instance of the same FMU, ms",
                                   "first instance of a second FMU in the same process, ms",
                                   "resident memory with one instance (after one fmi2DoStep), MB"};
    static const double targets[4] = {100, 1, 40, 64}; /* the first: issue 15 */
    printf("#### %s\n\n| measure | median | min | max | target |\n|---|---:|---:|---:|---|\n", title);
    for (int k = 0; k < 4; k++) {
        double copy[1000];
        memcpy(copy, samples[k], (size_t)runs * sizeof(double));
        double m = median(copy, runs);
        printf("| %s | %.2f | %.2f | %.2f | <= %.0f: **%s** |\n", names[k], m, copy[0],
               copy[runs - 1], targets[k], m <= targets[k] ? "met" : "not met");
    }
    printf("\n");
}

/*
 * n rounds of two fresh processes each, side by side: one without the class-data cache
 * (BTFMU_CACHE_DIR=off, as the first process of a runtime on a JVM) and one from the
 * cache given, which must already hold the archive.
 */
static int startup_runs(int runs, const char *dir, const char *other_dir, const char *cache)
{
    if (runs < 1 || runs > 1000) {
        fail("runs must be 1..1000, got %d", runs);
    }
    double *without[4], *with[4], *ratio = calloc((size_t)runs, sizeof(double));
    for (int k = 0; k < 4; k++) {
        without[k] = calloc((size_t)runs, sizeof(double));
        with[k] = calloc((size_t)runs, sizeof(double));
    }
    for (int r = 0; r < runs; r++) {
        startup_process(dir, other_dir, "off", without, r);
        startup_process(dir, other_dir, cache, with, r);
        ratio[r] = with[0][r] / without[0][r];
    }
    startup_table("Start-up without the class-data cache (the first process of a runtime on a JVM)",
                  without, runs);
    startup_table("Start-up from the class-data cache (every later process)", with, runs);
    double m = median(ratio, runs);
    printf("First fmi2Instantiate from the cache / without it, median of the %d rounds' ratios: "
           "%.2f (%.2f to %.2f).\n\n%d rounds of two fresh processes, alternating.\n",
           runs, m, ratio[0], ratio[runs - 1], runs);
    return 0;
}

static int threads(void)
{
    return (int)status_field("Threads:");
}

/* The names of this process's threads, on stderr (which threads the JVM added). */
static void thread_names(void)
{
    DIR *tasks = opendir("/proc/self/task");
    for (struct dirent *e; tasks != NULL && (e = readdir(tasks)) != NULL;) {
        char path[300], name[64];
        snprintf(path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
        FILE *f = e->d_name[0] != '.' ? fopen(path, "r") : NULL;
        if (f != NULL) {
            if (fgets(name, sizeof name, f) != NULL) {
                fprintf(stderr, "thread: %s", name);
            }
            fclose(f);
        }
    }
    if (tasks != NULL) {
        closedir(tasks);
    }
}

/* One fresh process: "threads-before threads-after rss-first rss-cycles rss-steps first-ms". */
static int guest(const char *dir)
{
    static Fmu fmu;
    load(&fmu, dir);
    int before = threads();
    double t0 = now_ns();
    fmi2Component c = instantiate(&fmu, "guest");
    double t1 = now_ns();
    int after = threads();
    thread_names();
    initialize(&fmu, c);
    double rss_first = resident_mb();
    for (int i = 0; i < 10000; i++) {
        fmi2Component d = instantiate(&fmu, "cycle");
        initialize(&fmu, d);
        check(fmu.do_step(d, 0.0, STEP, fmi2True), "fmi2DoStep");
        fmu.free_instance(d);
    }
    double rss_cycles = resident_mb();
    double t = 0;
    for (long i = 0; i < 10000000L; i++) {
        check(fmu.do_step(c, t, STEP, fmi2True), "fmi2DoStep");
        t += STEP;
    }
    double rss_steps = resident_mb();
    printf("%d %d %.1f %.1f %.1f %.1f\n", before, after, rss_first, rss_cycles, rss_steps,
           (t1 - t0) / 1e6);
    fmu.free_instance(c);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "guest") == 0) {
        return guest(argv[2]);
    }
    if (argc == 5 && strcmp(argv[1], "calls") == 0) {
        return calls(argv[2], argv[3], argv[4]);
    }
    if (argc == 4 && strcmp(argv[1], "startup") == 0) {
        return startup(argv[2], argv[3]);
    }
    if (argc == 6 && strcmp(argv[1], "startup-runs") == 0) {
        return startup_runs(atoi(argv[2]), argv[3], argv[4], argv[5]);
    }
    fprintf(stderr,
            "usage: native_bench calls <bt-fmu FMU dir> <plain C FMU dir> <EmptyUpcall.class>\n"
            "       native_bench startup-runs <n> <bt-fmu FMU dir> <second bt-fmu FMU dir> <cache dir>\n"
            "       native_bench guest <bt-fmu FMU dir>\n");
    return 2;
}
