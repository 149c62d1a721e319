/*
 * Finds the process's Java virtual machine or starts one (DESIGN.md §4).
 *
 * Order: a libjvm already in the process (RTLD_NOLOAD: a second libjvm copy
 * crashes the process, and a JVM that loads this FMU through JNA already has
 * one), BTFMU_LIBJVM, the FMU's bundled resources/jre, JAVA_HOME, `java` on
 * PATH. The JVM is created once per process with the options of a polite guest
 * (DEFAULT_OPTIONS, -Xrs among them so that the host keeps its signal handlers)
 * and the runtime's class-data archive once there is one, and is never destroyed.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
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

/*
 * The JVM's options: data, not logic. Chosen for a JVM that lives as a guest inside someone
 * else's process (Dymola, OMSimulator, Python), measured in BENCHMARKS.md ("The guest JVM").
 * BTFMU_JAVA_OPTIONS come after these, and the JVM takes the last of repeated options, so the
 * user's win (e.g. -Xmx1g, -XX:+UseParallelGC, -XX:-DisableAttachMechanism).
 */
static const char *const DEFAULT_OPTIONS[] = {
    "-Xrs",                         /* the host keeps its signal handlers */
    "-Djava.class.path=",
    "-XX:+UseSerialGC",             /* no GC threads: collections run in the VM thread */
    "-Xms8m",                       /* the heap grows only as the missions need it ... */
    "-Xmx256m",                     /* ... up to a bound, not a quarter of the machine */
    "-XX:-UsePerfData",             /* no hsperfdata file in /tmp */
    "-XX:+DisableAttachMechanism",  /* with -Xrs the attach listener starts at once: a thread, a socket */
    /* JDK 24+ warns on the host's stderr at the runtime's first use of sun.misc.Unsafe's memory
     * access (NativeMemory: the values of every get/set); earlier JDKs ignore the property. */
    "-Dsun.misc.unsafe.memory.access=allow",
    /* Unified logging writes warnings to stdout by default: the importer's stdout is not ours. */
    "-Xlog:disable",
    "-Xlog:all=warning:stderr",
};
#define DEFAULT_COUNT (sizeof DEFAULT_OPTIONS / sizeof DEFAULT_OPTIONS[0])

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
 * The class-data cache of this FMU's runtime on this JVM build (README "Start-up"): a directory
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

/* Extra JVM options from BTFMU_JAVA_OPTIONS, split at spaces (e.g. "-Xmx256m"). */
static int add_user_options(JavaVMOption *options, int count, int max, char *buffer, size_t size)
{
    const char *user = getenv("BTFMU_JAVA_OPTIONS");
    if (user == NULL) {
        return count;
    }
    snprintf(buffer, size, "%s", user);
    for (char *save = NULL, *token = strtok_r(buffer, " \t", &save); token && count < max;
         token = strtok_r(NULL, " \t", &save)) {
        options[count++].optionString = token;
    }
    return count;
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

    static char user_options[1024];
    JavaVMOption options[DEFAULT_COUNT + 37] = {{0}};
    int n = 0;
    for (size_t i = 0; i < DEFAULT_COUNT; i++) {
        options[n++].optionString = (char *)DEFAULT_OPTIONS[i];
    }
    n = add_class_data_options(options, n, resources, libjvm);
    options[n].optionString = "vfprintf";
    options[n++].extraInfo = (void *)capture_message;
    n = add_user_options(options, n, (int)(sizeof options / sizeof options[0]), user_options,
                         sizeof user_options);

    JavaVMInitArgs args;
    args.version = JNI_VERSION_1_8;
    args.nOptions = n;
    args.options = options;
    args.ignoreUnrecognized = JNI_FALSE;

    JNIEnv *env;
    startup_messages[0] = '\0';
    starting = 1;
    jint result = create(&vm, (void **)&env, &args);
    starting = 0;
    if (result == JNI_OK) {
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
    snprintf(error, size, "the Java virtual machine did not start (JNI error %d)%s%s", (int)result,
             startup_messages[0] ? ": " : "", startup_messages);
    return NULL;
}

JavaVM *shim_jvm(const char *resources, char *error, size_t size)
{
    pthread_mutex_lock(&jvm_lock);
    if (jvm == NULL) {
        char libjvm[PATH_MAX + 64];
        void *lib = load_libjvm(resources, libjvm, error, size);
        if (lib != NULL) {
            jvm = create_jvm(lib, resources, libjvm, error, size);
        } else if (error[0] == '\0') {
            snprintf(error, size, "libjvm cannot be loaded: %s", dlerror());
        }
    }
    JavaVM *vm = jvm;
    pthread_mutex_unlock(&jvm_lock);
    return vm;
}

JNIEnv *shim_env(JavaVM *vm)
{
    JNIEnv *env;
    jint result = (*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8);
    if (result == JNI_EDETACHED) {
        /* Kept attached: attach+detach per call costs ~23 µs. Daemon: never blocks exit. */
        JavaVMAttachArgs args = {JNI_VERSION_1_8, "bt-fmu importer thread", NULL};
        result = (*vm)->AttachCurrentThreadAsDaemon(vm, (void **)&env, &args);
    }
    return result == JNI_OK ? env : NULL;
}
