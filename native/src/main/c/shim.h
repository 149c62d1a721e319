/*
 * Internal interface between the parts of the shim: finding the JVM (jvm.c),
 * loading one FMU's Java runtime (runtime.c) and the exported fmi2 functions
 * (shim.c). Nothing here is exported from the library.
 */
#ifndef BTFMU_SHIM_H
#define BTFMU_SHIM_H

#include <jni.h>
#include <signal.h>
#include <stddef.h>

/*
 * The stack of the shim's own threads that create the JVM and load a runtime: the caller's
 * stack (a host thread may have 64 kB) never matters for those.
 */
#define SHIM_THREAD_STACK (8u << 20)

/*
 * The JVM's own C++ code (its creation, attaching a thread, class loading) runs in the host's
 * floating-point environment and leaves exception flags such as FE_INEXACT in it. Around
 * those, the shim gives it the standard one (round to nearest, exceptions masked, no flags)
 * and the host its own back. (Calls into Java code need nothing: HotSpot's call stub sets and
 * restores MXCSR itself.) On x86-64 only MXCSR matters, and it is written only when it
 * differs; fegetenv/fesetenv, x87 state included, cost about 1 µs.
 */
#if defined(__x86_64__)
#define JAVA_MXCSR 0x1F80u
#define ENTER_JVM                                   \
    unsigned host_mxcsr = __builtin_ia32_stmxcsr(); \
    if (host_mxcsr != JAVA_MXCSR) __builtin_ia32_ldmxcsr(JAVA_MXCSR)
#define LEAVE_JVM \
    if (__builtin_ia32_stmxcsr() != host_mxcsr) __builtin_ia32_ldmxcsr(host_mxcsr)
#else
#include <fenv.h>
#define ENTER_JVM fenv_t host_fenv; fegetenv(&host_fenv); fesetenv(FE_DFL_ENV)
#define LEAVE_JVM fesetenv(&host_fenv)
#endif

/*
 * The entry methods' int results (FmiEntry.RETURNED): the fmi2/fmi3 status in the low byte,
 * this mark above it. A result without the mark may mean a pending exception (HotSpot returns 0
 * then; JNI leaves the value undefined), and only then is JNI's ExceptionCheck asked: it is a
 * transition into the JVM and back, some 2 % of a step, on every call otherwise. Entry methods
 * that return the bare status are always checked.
 */
#define SHIM_RETURNED 0x42540000
#define SHIM_STATUS_BITS 0xFF

/* Room for one error message handed back to fmi2Instantiate. */
#define SHIM_ERROR_SIZE 2048

/* Static methods of org.btfmu.fmu.FmiEntry, one per forwarded fmi2 function. */
enum EntryMethod {
    M_INSTANTIATE,
    M_FREE_INSTANCE,
    M_SET_DEBUG_LOGGING,
    M_SETUP_EXPERIMENT,
    M_ENTER_INITIALIZATION_MODE,
    M_EXIT_INITIALIZATION_MODE,
    M_TERMINATE,
    M_RESET,
    M_GET_REAL,
    M_GET_INTEGER,
    M_GET_BOOLEAN,
    M_GET_STRING,
    M_SET_REAL,
    M_SET_INTEGER,
    M_SET_BOOLEAN,
    M_SET_STRING,
    M_GET_FMU_STATE,
    M_SET_FMU_STATE,
    M_FREE_FMU_STATE,
    M_SERIALIZED_FMU_STATE_SIZE,
    M_SERIALIZE_FMU_STATE,
    M_DESERIALIZE_FMU_STATE,
    M_GET_DIRECTIONAL_DERIVATIVE,
    M_SET_REAL_INPUT_DERIVATIVES,
    M_GET_REAL_OUTPUT_DERIVATIVES,
    M_DO_STEP,
    M_CANCEL_STEP,
    M_GET_STATUS,
    M_GET_REAL_STATUS,
    M_GET_INTEGER_STATUS,
    M_GET_BOOLEAN_STATUS,
    M_GET_STRING_STATUS,
    M_SET_TIME,
    M_SET_CONTINUOUS_STATES,
    M_ENTER_EVENT_MODE,
    M_NEW_DISCRETE_STATES,
    M_ENTER_CONTINUOUS_TIME_MODE,
    M_COMPLETED_INTEGRATOR_STEP,
    M_GET_DERIVATIVES,
    M_GET_EVENT_INDICATORS,
    M_GET_CONTINUOUS_STATES,
    M_GET_NOMINALS_OF_CONTINUOUS_STATES,
    M_PUBLISHED_VALUES, /* not an FMI function: where the instance publishes its values */
    M_COUNT
};

/*
 * The per-step functions that have an FFM up-call stub where the JVM has the FFM API (22+):
 * C calls the stub's address directly instead of JNI's CallStaticIntMethod (UpcallStubs.java
 * fills the table, in this order; measured in BENCHMARKS.md "FFM up-calls against JNI").
 */
enum Upcall {
    U_DO_STEP,     /* jint (jlong, jdouble, jdouble, jboolean) */
    U_GET_REAL,    /* the rest: jint (jlong, jlong, jlong, jlong) */
    U_GET_INTEGER,
    U_GET_BOOLEAN,
    U_SET_REAL,
    U_SET_INTEGER,
    U_SET_BOOLEAN,
    U_COUNT
};

/* Room for a runtime's key (the FMU's resources/lib/SHA256SUMS or its directory). */
#define RUNTIME_KEY_SIZE 4096

/* One FMU's Java side: its class loader and its FmiEntry class. Lives for the process. */
typedef struct Runtime {
    struct Runtime *next;
    char key[RUNTIME_KEY_SIZE]; /* which runtime: equal keys, byte-identical jars */
    jobject loader;  /* global reference */
    jclass entry;    /* global reference */
    jmethodID methods[M_COUNT];
    jlong upcalls[U_COUNT];  /* stub addresses; 0 where JNI is used (Java 17-21) */
} Runtime;

/*
 * The process's JVM, found or created on first use (DESIGN.md §4). resources
 * is the FMU's resources directory (for a bundled JRE and the runtime's
 * class-data cache), may be NULL.
 * Returns NULL and writes the reason into error when there is none.
 */
JavaVM *shim_jvm(const char *resources, char *error, size_t size);

/*
 * The calling thread's JNIEnv; attaches an unknown thread once, as a daemon, and detaches it
 * when the thread ends. NULL, with the reason in why, for a thread that cannot be attached.
 */
JNIEnv *shim_env(JavaVM *vm, char *why, size_t size);

/* Room for every option the shim passes to JNI_CreateJavaVM (options.c). */
#define SHIM_MAX_JVM_OPTIONS 96

/* Writes the guest options, the same on every platform, into options; returns their count. */
int shim_add_guest_options(JavaVMOption *options);

/*
 * Appends the user's BTFMU_JAVA_OPTIONS (split at spaces and tabs), checked before the JVM
 * sees them (option families, heap sizes and bounds), and the initial heap they need. Returns
 * the new count, or -1 with the reason, naming the option, in error.
 */
int shim_add_user_options(JavaVMOption *options, int count, int max, char *error, size_t size);

/*
 * What Java code may change in the process and the shim puts back around fmi2Instantiate
 * (docs/where-the-fmu-runs.md "Where the FMU runs"): the locale (libjava sets it from LANG/LC_* while it starts)
 * and SIGCHLD (java.lang.ProcessImpl sets it to SIG_DFL when the runtime starts its class-data
 * archiving process).
 */
typedef struct {
    char locale[1024];
#ifndef _WIN32
    struct sigaction child;
#endif
} HostSettings;

void shim_save_host_settings(HostSettings *saved);

void shim_restore_host_settings(const HostSettings *saved);

/* The key of the runtime in the resources directory: its SHA256SUMS, else the directory. */
void shim_runtime_key(const char *resources, char *key, size_t size);

/* The runtime of the FMU whose resources directory is given (found or loaded once). */
Runtime *shim_runtime(JNIEnv *env, const char *resources, char *error, size_t size);

/*
 * Decodes a file URI (file:///a%20b, file:/a, file://localhost/a) into a path.
 * Returns 0 on success. Only needed before Java runs (to find a bundled JRE
 * and the jars); Java decodes the location itself with ResourceLocation.
 */
int shim_uri_to_path(const char *uri, char *path, size_t size);

/* An absolute path of this platform: /a; on Windows C:\a, C:/a or \\server\share. */
int shim_is_absolute_path(const char *path);

#ifdef _WIN32
#define SHIM_WINDOWS 1
#else
#define SHIM_WINDOWS 0
#endif

/* The FMI function an entry method stands for ("fmi2DoStep"). */
void shim_function_name(enum EntryMethod m, char *name, size_t size);

/* Describes a pending Java exception into error and clears it. */
void shim_describe_exception(JNIEnv *env, const char *what, char *error, size_t size);

#ifdef _WIN32
/*
 * Windows (platform_win32.c). Paths are UTF-8 inside the shim: MinGW's PATH_MAX (MAX_PATH,
 * 260) is too short for them, and fopen would read them in the ANSI code page.
 */
#include <limits.h>
#include <stdio.h>
#undef PATH_MAX
#define PATH_MAX 4096
FILE *shim_fopen(const char *path, const char *mode);
#define fopen(path, mode) shim_fopen(path, mode)
/* scandir for runtime.c, sorted by name, UTF-16 underneath. */
#include <dirent.h>
int shim_scandir(const char *dir, struct dirent ***list, int (*keep)(const struct dirent *));
#define scandir(dir, list, keep, compare) shim_scandir(dir, list, keep)
/* The physical memory for options.c, which has no sysconf(_SC_PHYS_PAGES) there. */
long long shim_physical_memory(void);
#endif

#endif
