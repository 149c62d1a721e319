/*
 * Finds the process's Java virtual machine or starts one (DESIGN.md §4).
 *
 * Order: a libjvm already in the process (RTLD_NOLOAD: a second libjvm copy
 * crashes the process, and a JVM that loads this FMU through JNA already has
 * one), BTFMU_LIBJVM, the FMU's bundled resources/jre, JAVA_HOME, `java` on
 * PATH. The JVM is created once per process, on a thread of the shim's own, with the
 * options of a polite guest (options.c), the user's checked BTFMU_JAVA_OPTIONS and the
 * runtime's class-data archive once there is one, and is never destroyed. What its creation
 * changes in the host and the shim puts back, and what it cannot: docs/where-the-fmu-runs.md "Where the FMU runs".
 */
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <stdint.h>
#include <unistd.h>
#include <dlfcn.h>

#include "shim.h"

typedef jint (*CreateJavaVM)(JavaVM **vm, void **env, void *args);
typedef jint (*GetCreatedJavaVMs)(JavaVM **vms, jsize size, jsize *count);

static pthread_mutex_t jvm_lock = PTHREAD_MUTEX_INITIALIZER;
static JavaVM *jvm;

/* The JVM's own messages during start-up, so that a failed start can say why. */
static char startup_messages[1024];
static int starting;


static jint JNICALL capture_message(FILE *stream, const char *format, va_list args)
{
    if (stream != stdout && stream != stderr) {
        /* a log file asked for with -Xlog:...:file= (the JVM writes those through this hook too) */
        return vfprintf(stream, format, args);
    }
    if (!starting) {
        return vfprintf(stream == stdout ? stderr : stream, format, args);
    }
    size_t used = strlen(startup_messages);
    if (used + 1 < sizeof startup_messages) {
        vsnprintf(startup_messages + used, sizeof startup_messages - used, format, args);
    }
    return 0;
}

static int is_file(const char *path)
{
    return path != NULL && access(path, R_OK) == 0;
}

/* libjvm of the `java` found on PATH (java is usually a chain of symlinks). */
static int libjvm_on_path(char *out, size_t size)
{
    const char *path = getenv("PATH");
    if (path == NULL) {
        return 0;
    }
    char candidate[PATH_MAX];
    const char *start = path;
    while (*start) {
        const char *end = strchr(start, ':');
        size_t length = end ? (size_t)(end - start) : strlen(start);
        if (length > 0 && length + 6 < sizeof candidate) {
            memcpy(candidate, start, length);
            strcpy(candidate + length, "/java");
            char real[PATH_MAX];
            if (access(candidate, X_OK) == 0 && realpath(candidate, real) != NULL) {
                char *slash = strrchr(real, '/');           /* .../bin/java */
                if (slash) {
                    *slash = '\0';
                    slash = strrchr(real, '/');             /* .../bin */
                    if (slash) {
                        *slash = '\0';
                        snprintf(out, size, "%s/lib/server/libjvm.so", real);
                        if (is_file(out)) {
                            return 1;
                        }
                    }
                }
            }
        }
        if (!end) {
            break;
        }
        start = end + 1;
    }
    return 0;
}

/*
 * Loads libjvm from the first place that has one; explains the search if none. path receives
 * the file loaded (empty for a libjvm that was already in the process).
 */
static void *load_libjvm(const char *resources, char path[PATH_MAX + 64], char *error, size_t size)
{
    path[0] = '\0';
    void *lib = dlopen("libjvm.so", RTLD_NOW | RTLD_NOLOAD);
    if (lib != NULL) {
        return lib;
    }
    const char *override = getenv("BTFMU_LIBJVM");
    if (override != NULL && *override) {
        snprintf(path, PATH_MAX + 64, "%s", override);
        lib = dlopen(override, RTLD_NOW);
        if (lib == NULL) {
            snprintf(error, size, "BTFMU_LIBJVM=%s cannot be loaded: %s", override, dlerror());
        }
        return lib;
    }
    if (resources != NULL) {
        snprintf(path, PATH_MAX + 64, "%s/jre/lib/server/libjvm.so", resources);
        if (is_file(path)) {
            return dlopen(path, RTLD_NOW);
        }
    }
    const char *java_home = getenv("JAVA_HOME");
    if (java_home != NULL && *java_home) {
        snprintf(path, PATH_MAX + 64, "%s/lib/server/libjvm.so", java_home);
        if (is_file(path)) {
            return dlopen(path, RTLD_NOW);
        }
    }
    if (libjvm_on_path(path, PATH_MAX + 64)) {
        return dlopen(path, RTLD_NOW);
    }
    snprintf(error, size,
             "no Java runtime found: this FMU needs Java 17 or newer. Set BTFMU_LIBJVM to the "
             "path of libjvm.so, or JAVA_HOME to a Java 17+ installation, or put `java` on "
             "PATH, or rebuild the FMU with --bundle-jre (searched: resources/jre%s%s)",
             java_home ? ", JAVA_HOME=" : ", JAVA_HOME unset", java_home ? java_home : "");
    path[0] = '\0';
    return NULL;
}

/* Up to size - 1 bytes of a file as a string; the file's size, or -1 if it cannot be read. */
static long long read_start(const char *path, char *out, size_t size)
{
    out[0] = '\0';
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return -1;
    }
    size_t n = fread(out, 1, size - 1, f);
    out[n] = '\0';
    /* The size by seeking: stat() would need glibc 2.33 (native/include/glibc_baseline.h). */
    long long length = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    fclose(f);
    return length;
}

/*
 * The class-data cache of this FMU's runtime on this JVM build (docs/where-the-fmu-runs.md "Start-up"): a directory
 * in BTFMU_CACHE_DIR (unset: $XDG_CACHE_HOME/bt-fmu, else ~/.cache/bt-fmu; not an absolute
 * path, e.g. "off": none) named by a digest of the runtime's key, libjvm's size and the Java
 * installation's release file. Not by its path: a runtime bundled in the FMU moves with every
 * extraction, and the JVM accepts a moved installation's archive. The runtime fills the
 * directory (ClassDataArchive.java); the shim only hands its place to the JVM. Returns 0 when
 * there is none.
 */
static int class_data_cache(const char *resources, const char *libjvm, char *out, size_t size)
{
    const char *base = getenv("BTFMU_CACHE_DIR");
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    char dir[PATH_MAX];
    if (base != NULL) {
        snprintf(dir, sizeof dir, "%s", base[0] == '/' ? base : "");
    } else if (xdg != NULL && xdg[0] == '/') {
        snprintf(dir, sizeof dir, "%s/bt-fmu", xdg);
    } else if (home != NULL && home[0] == '/') {
        snprintf(dir, sizeof dir, "%s/.cache/bt-fmu", home);
    } else {
        return 0;
    }
    char jvm_file[PATH_MAX], release[PATH_MAX + 16];
    if (dir[0] == '\0' || resources == NULL || libjvm[0] == '\0'
        || realpath(libjvm, jvm_file) == NULL) {
        return 0;
    }
    char ignored[1];
    long long jvm_size = read_start(jvm_file, ignored, sizeof ignored);
    /* <java home>/lib/server/libjvm.so: the release file is <java home>/release */
    snprintf(release, sizeof release, "%s", jvm_file);
    for (int up = 0; up < 3; up++) {
        char *slash = strrchr(release, '/');
        if (slash != NULL) {
            *slash = '\0';
        }
    }
    strcat(release, "/release");
    static char key[RUNTIME_KEY_SIZE], identity[8192];
    int written = snprintf(identity, 32, "%lld\n", jvm_size);
    if (jvm_size < 0 || read_start(release, identity + written, sizeof identity - written) < 0) {
        return 0;
    }
    shim_runtime_key(resources, key, sizeof key);
    uint64_t digest = 14695981039346656037ULL; /* FNV-1a: a name, not a security digest */
    const char *parts[] = {key, "\n", identity};
    for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++) {
        for (const unsigned char *c = (const unsigned char *)parts[p]; *c; c++) {
            digest = (digest ^ *c) * 1099511628211ULL;
        }
    }
    int n = snprintf(out, size, "%s/%016llx", dir, (unsigned long long)digest);
    return n > 0 && (size_t)n < size;
}

/* The first line of a small file, without its newline; 0 if there is none. */
static int first_line(const char *path, char *out, size_t size)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return 0;
    }
    int ok = fgets(out, (int)size, f) != NULL;
    fclose(f);
    out[strcspn(out, "\n")] = '\0';
    return ok && out[0] != '\0';
}

/*
 * -Dbtfmu.classDataCache=<dir> always (the runtime makes the archive there on first use) with
 * -Dbtfmu.classDataRuntime=<resources> (whose runtime the directory is named for) and,
 * once the archive is there, the class path it was made with and the archive itself. The JVM
 * checks the archive against its own build and that class path, and starts without it if
 * they differ.
 */
static int add_class_data_options(JavaVMOption *options, int count, const char *resources,
                                  const char *libjvm)
{
    static char dir[PATH_MAX], cache[PATH_MAX + 32], runtime[PATH_MAX + 32],
        class_path[4 * PATH_MAX], archive[PATH_MAX + 64];
    if (!class_data_cache(resources, libjvm, dir, sizeof dir)) {
        return count;
    }
    snprintf(cache, sizeof cache, "-Dbtfmu.classDataCache=%s", dir);
    options[count++].optionString = cache;
    snprintf(runtime, sizeof runtime, "-Dbtfmu.classDataRuntime=%s", resources);
    options[count++].optionString = runtime;
    char file[PATH_MAX + 32];
    snprintf(file, sizeof file, "%s/classes.jsa", dir);
    if (is_file(file)) {
        char path_list[3 * PATH_MAX];
        snprintf(archive, sizeof archive, "-XX:SharedArchiveFile=%s", file);
        snprintf(file, sizeof file, "%s/classpath", dir);
        if (first_line(file, path_list, sizeof path_list)) {
            snprintf(class_path, sizeof class_path, "-Djava.class.path=%s", path_list);
            options[count++].optionString = class_path;
            options[count++].optionString = archive;
        }
    }
    return count;
}

/*
 * What creating the JVM changes in the process and the shim puts back once it is created
 * (docs/where-the-fmu-runs.md "Where the FMU runs"): the locale (libjava sets it from the environment, LANG…, to
 * read its system properties), SIGPIPE and SIGXFSZ (HotSpot ignores them for Java's sockets
 * and files; the FMU's Java code uses neither, so the host's own dispositions come back) and
 * _JAVA_SR_SIGNUM, which the shim sets so that HotSpot's suspend/resume signal is not SIGUSR2.
 */
typedef struct {
    int saved;
    HostSettings settings;
    struct sigaction pipe, file_size;
    int set_sr_signum;
} HostState;

static HostState host;

/* The JDK's NIO takes SIGRTMAX - 2 to interrupt blocking I/O (sun.nio.ch.NativeThread). */
#define NIO_SIGNAL (SIGRTMAX - 2)

/*
 * HotSpot's suspend/resume signal (SIGUSR2 unless _JAVA_SR_SIGNUM says otherwise): the highest
 * real-time signal the host has neither a handler for nor blocked, so that the host's SIGUSR2
 * stays its own. 0 if there is none.
 */
static int free_realtime_signal(void)
{
    sigset_t mask;
    pthread_sigmask(SIG_BLOCK, NULL, &mask); /* the creating thread has the caller's mask */
    for (int sig = SIGRTMAX; sig > SIGRTMIN + 2; sig--) {
        struct sigaction action;
        if (sig != NIO_SIGNAL && sigaction(sig, NULL, &action) == 0
            && !(action.sa_flags & SA_SIGINFO) && action.sa_handler == SIG_DFL
            && !sigismember(&mask, sig)) {
            return sig;
        }
    }
    return 0;
}

static void save_host(void)
{
    shim_save_host_settings(&host.settings);
    sigaction(SIGPIPE, NULL, &host.pipe);
    sigaction(SIGXFSZ, NULL, &host.file_size);
    host.set_sr_signum = 0;
    int sig = getenv("_JAVA_SR_SIGNUM") == NULL ? free_realtime_signal() : 0;
    if (sig > 0) {
        char number[16];
        snprintf(number, sizeof number, "%d", sig);
        host.set_sr_signum = setenv("_JAVA_SR_SIGNUM", number, 0) == 0;
    }
    host.saved = 1;
}

static void restore_host(void)
{
    if (!host.saved) {
        return;
    }
    host.saved = 0;
    if (host.set_sr_signum) {
        unsetenv("_JAVA_SR_SIGNUM");
    }
    sigaction(SIGPIPE, &host.pipe, NULL);
    sigaction(SIGXFSZ, &host.file_size, NULL);
    shim_restore_host_settings(&host.settings);
}

/*
 * The JVM is created on a thread of the shim's own (SHIM_THREAD_STACK: the caller's stack,
 * maybe 64 kB, never matters); the caller waits for its outcome.
 */
static struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int done;      /* the outcome is known */
    int returned;  /* the creating thread returns (else it is parked for good: not joinable) */
    int retry;     /* a later fmi2Instantiate may try again (no libjvm yet: nothing started) */
    JavaVM *vm;
    const char *resources;
    char error[SHIM_ERROR_SIZE];
} creation = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, 0, NULL, NULL, ""};

/* Why the JVM could not be created, for every later fmi2Instantiate in this process. */
static char failure[SHIM_ERROR_SIZE];

static void finish_creation(JavaVM *vm, int returned, int retry)
{
    pthread_mutex_lock(&creation.lock);
    creation.vm = vm;
    creation.returned = returned;
    creation.retry = retry;
    creation.done = 1;
    pthread_cond_broadcast(&creation.changed);
    pthread_mutex_unlock(&creation.lock);
}

/*
 * The JVM's exit and abort hooks. A JVM that fails while it starts (a heap it cannot reserve,
 * a flag it rejects late, an OutOfMemoryError in its first classes) calls one of them and then
 * exit(1), which would end the host. So while it starts, the hook puts the host's state back,
 * hands the failure and the JVM's messages to the waiting fmi2Instantiate and parks the thread
 * it runs on for good: returning would exit, and unwinding (pthread_exit, longjmp) through the
 * JVM's frames would leave its locks and half-built state to threads that keep running. A
 * parked thread holds them harmlessly; its stack is the cost of the failure. Once the JVM
 * runs, the hooks return and the JVM exits or aborts as it always does (System.exit, a fatal
 * error): there is nothing left to return to.
 */
/* The JVM's start-up messages without their last newline. */
static void trim_messages(void)
{
    size_t n = strlen(startup_messages);
    while (n > 0 && (startup_messages[n - 1] == '\n' || startup_messages[n - 1] == ' ')) {
        startup_messages[--n] = '\0';
    }
}

static void park_failed_start(const char *what)
{
    if (!starting) {
        return;
    }
    starting = 0;
    trim_messages();
    restore_host();
    snprintf(creation.error, sizeof creation.error,
             "the Java virtual machine did not start (it %s)%s%s", what,
             startup_messages[0] ? ": " : "", startup_messages);
    finish_creation(NULL, 0, 0);
    for (;;) {
        pause();
    }
}

static void JNICALL on_jvm_exit(jint code)
{
    char what[64];
    snprintf(what, sizeof what, "exited with status %d", (int)code);
    park_failed_start(what);
}

static void JNICALL on_jvm_abort(void)
{
    park_failed_start("aborted");
}

static JavaVM *create_jvm(void *lib, const char *resources, const char *libjvm, char *error,
                          size_t size)
{
    GetCreatedJavaVMs created = (GetCreatedJavaVMs)dlsym(lib, "JNI_GetCreatedJavaVMs");
    CreateJavaVM create = (CreateJavaVM)dlsym(lib, "JNI_CreateJavaVM");
    if (created == NULL || create == NULL) {
        snprintf(error, size, "the loaded libjvm has no JNI invocation functions");
        return NULL;
    }
    JavaVM *vm = NULL;
    jsize count = 0;
    if (created(&vm, 1, &count) == JNI_OK && count > 0) {
        return vm;
    }

    JavaVMOption options[SHIM_MAX_JVM_OPTIONS] = {{0}};
    int n = shim_add_guest_options(options);
    n = add_class_data_options(options, n, resources, libjvm);
    options[n].optionString = "vfprintf";
    options[n++].extraInfo = (void *)capture_message;
    options[n].optionString = "exit";
    options[n++].extraInfo = (void *)on_jvm_exit;
    options[n].optionString = "abort";
    options[n++].extraInfo = (void *)on_jvm_abort;
    n = shim_add_user_options(options, n, SHIM_MAX_JVM_OPTIONS, error, size);
    if (n < 0) {
        return NULL;
    }

    JavaVMInitArgs args;
    args.version = JNI_VERSION_1_8;
    args.nOptions = n;
    args.options = options;
    args.ignoreUnrecognized = JNI_FALSE;

    JNIEnv *env;
    startup_messages[0] = '\0';
    save_host();
    starting = 1;
    jint result = create(&vm, (void **)&env, &args);
    starting = 0;
    restore_host();
    if (result == JNI_OK) {
        /* This thread ends now: the JVM must not keep it as its main thread. */
        (*vm)->DetachCurrentThread(vm);
        return vm;
    }
    if (result == JNI_EEXIST) {
        /* Another library is creating it right now: wait until it is there. */
        for (int i = 0; i < 10000; i++) {
            if (created(&vm, 1, &count) == JNI_OK && count > 0) {
                return vm;
            }
            struct timespec pause = {0, 1000000};
            nanosleep(&pause, NULL);
        }
    }
    trim_messages();
    snprintf(error, size, "the Java virtual machine did not start (JNI error %d)%s%s", (int)result,
             startup_messages[0] ? ": " : "", startup_messages);
    return NULL;
}

static void *creator(void *unused)
{
    (void)unused;
    char libjvm[PATH_MAX + 64];
    char *error = creation.error;
    void *lib = load_libjvm(creation.resources, libjvm, error, sizeof creation.error);
    if (lib == NULL) {
        if (error[0] == '\0') {
            snprintf(error, sizeof creation.error, "libjvm cannot be loaded: %s", dlerror());
        }
        finish_creation(NULL, 1, 1);
        return NULL;
    }
    JavaVM *vm = create_jvm(lib, creation.resources, libjvm, error, sizeof creation.error);
    finish_creation(vm, 1, 0);
    return NULL;
}

/* Creates the JVM on the shim's own thread and waits for it. Called with jvm_lock held. */
static JavaVM *create_on_own_thread(const char *resources, char *error, size_t size)
{
    pthread_attr_t attributes;
    pthread_t thread;
    creation.done = 0;
    creation.resources = resources;
    creation.error[0] = '\0';
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, SHIM_THREAD_STACK);
    int started = pthread_create(&thread, &attributes, creator, NULL);
    pthread_attr_destroy(&attributes);
    if (started != 0) {
        snprintf(error, size, "cannot start a thread to create the Java virtual machine: %s",
                 strerror(started));
        return NULL;
    }
    pthread_mutex_lock(&creation.lock);
    while (!creation.done) {
        pthread_cond_wait(&creation.changed, &creation.lock);
    }
    pthread_mutex_unlock(&creation.lock);
    if (creation.returned) {
        pthread_join(thread, NULL);
    } else {
        pthread_detach(thread);
    }
    if (creation.vm == NULL) {
        snprintf(error, size, "%s", creation.error);
        if (!creation.retry) {
            snprintf(failure, sizeof failure, "%s", creation.error);
        }
    }
    return creation.vm;
}

JavaVM *shim_jvm(const char *resources, char *error, size_t size)
{
    pthread_mutex_lock(&jvm_lock);
    if (jvm == NULL && failure[0] != '\0') {
        snprintf(error, size, "%s", failure);
    } else if (jvm == NULL) {
        jvm = create_on_own_thread(resources, error, size);
    }
    JavaVM *vm = jvm;
    pthread_mutex_unlock(&jvm_lock);
    return vm;
}

/*
 * The JNIEnv of a thread the shim attached itself: it stays attached until the thread ends (the
 * key's destructor detaches it), so the per-call GetEnv (about 5 ns of JNI bookkeeping on
 * every forwarded call) is skipped. A thread someone else attached may be detached by them at
 * any time: for those GetEnv is asked every call.
 */
static __thread JNIEnv *attached_by_shim;

/* Threads the shim attached: detached by the key's destructor when they end. */
static pthread_key_t attached_key;
static pthread_once_t attached_once = PTHREAD_ONCE_INIT;

static void detach_ended_thread(void *vm)
{
    attached_by_shim = NULL;
    (*(JavaVM *)vm)->DetachCurrentThread((JavaVM *)vm);
}

static void create_attached_key(void)
{
    pthread_key_create(&attached_key, detach_ended_thread);
}

/*
 * The stack the FMU's Java code needs on a thread the shim attaches: HotSpot's guard zones
 * (about 100 kB on x86-64) and the deepest class initialization of a first fmi2Instantiate,
 * where a StackOverflowError would leave a class unusable for the life of the process (192 kB
 * were enough and 160 kB were not in HostIntegrityTest). Checked once, when the thread is
 * attached: its stack does not change, and the calls after cost nothing.
 */
#define MIN_CALLER_STACK (256u << 10)

/* The calling thread's stack left below this frame; SIZE_MAX when unknown. */
static size_t stack_left(void)
{
    pthread_attr_t attributes;
    void *base;
    size_t size, left = SIZE_MAX;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
        uintptr_t here = (uintptr_t)__builtin_frame_address(0);
        if (pthread_attr_getstack(&attributes, &base, &size) == 0
            && here > (uintptr_t)base && here <= (uintptr_t)base + size) {
            left = here - (uintptr_t)base; /* outside it (a coroutine's stack): unknown */
        }
        pthread_attr_destroy(&attributes);
    }
    return left;
}

JNIEnv *shim_env(JavaVM *vm, char *why, size_t size)
{
    if (attached_by_shim != NULL) {
        return attached_by_shim;
    }
    JNIEnv *env;
    jint result = (*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8);
    if (result == JNI_EDETACHED) {
        size_t left = stack_left();
        if (left < MIN_CALLER_STACK) {
            snprintf(why, size, "the calling thread has %zu kB of stack left; the FMU's Java "
                     "code needs at least %u kB", left >> 10, MIN_CALLER_STACK >> 10);
            return NULL;
        }
        /* Kept attached while the thread lives: attach+detach per call costs ~23 µs. Daemon:
         * never blocks exit. A thread someone else attached is theirs to detach. */
        JavaVMAttachArgs args = {JNI_VERSION_1_8, "bt-fmu importer thread", NULL};
        ENTER_JVM;
        result = (*vm)->AttachCurrentThreadAsDaemon(vm, (void **)&env, &args);
        LEAVE_JVM;
        if (result == JNI_OK) {
            pthread_once(&attached_once, create_attached_key);
            pthread_setspecific(attached_key, vm);
            attached_by_shim = env;
        }
    }
    if (result != JNI_OK) {
        snprintf(why, size, "this thread cannot be attached to the Java virtual machine (JNI "
                 "error %d)", (int)result);
        return NULL;
    }
    return env;
}

void shim_save_host_settings(HostSettings *saved)
{
    const char *name = setlocale(LC_ALL, NULL);
    snprintf(saved->locale, sizeof saved->locale, "%s", name != NULL ? name : "");
    sigaction(SIGCHLD, NULL, &saved->child);
}

/* Only what changed is written back: a host thread may be setting these at the same time. */
void shim_restore_host_settings(const HostSettings *saved)
{
    const char *now = setlocale(LC_ALL, NULL);
    if (saved->locale[0] != '\0' && (now == NULL || strcmp(now, saved->locale) != 0)) {
        setlocale(LC_ALL, saved->locale);
    }
    struct sigaction child;
    if (sigaction(SIGCHLD, NULL, &child) == 0
        && (child.sa_sigaction != saved->child.sa_sigaction
            || child.sa_flags != saved->child.sa_flags)) {
        sigaction(SIGCHLD, &saved->child, NULL);
    }
}
