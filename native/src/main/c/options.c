/*
 * Checks the user's JVM options (BTFMU_JAVA_OPTIONS) before the JVM sees them: a JVM that
 * cannot start with its options has, until it is created, no way to say so but exit(1), and a
 * mistake found here is named with the option and the variable (docs/where-the-fmu-runs.md "Where the FMU runs").
 * Only what can be decided without the JVM: option families, heap sizes and their bounds. The
 * JVM judges the rest (an unknown -XX flag) and the shim reports its message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shim.h"

/* The option families a JVM created through JNI understands (the launcher's own are not). */
static const char *const FAMILIES[] = {
    "-XX:", "-D", "-Xmx", "-Xms", "-Xmn", "-Xss", "-Xlog", "-Xint", "-Xmixed", "-Xcomp",
    "-Xbatch", "-Xshare:", "-Xcheck:", "-Xverify", "-Xrs", "-Xnoclassgc", "-Xdiag", "-Xdebug",
    "-Xrunjdwp:", "-Xbootclasspath/a:", "-verbose", "-ea", "-da", "-esa", "-dsa",
    "-enableassertions", "-disableassertions", "-enablesystemassertions",
    "-disablesystemassertions", "-agentlib:", "-agentpath:", "-javaagent:", "--add-opens=",
    "--add-exports=", "--add-reads=", "--add-modules=", "--limit-modules=",
    "--enable-native-access=", "--illegal-access=",
};

/* The options that give a heap bound, and which bound. */
static const struct { const char *prefix; int maximum; } HEAP_SIZES[] = {
    {"-Xmx", 1}, {"-XX:MaxHeapSize=", 1}, {"-Xms", 0}, {"-XX:InitialHeapSize=", 0},
};

static const char *const SIZES[] = {"-Xmx", "-Xms", "-Xmn", "-Xss", "-XX:MaxHeapSize=",
                                    "-XX:InitialHeapSize=", "-XX:MaxMetaspaceSize=",
                                    "-XX:ThreadStackSize=", "-XX:ReservedCodeCacheSize="};

/* A JVM size: digits and an optional k, m, g or t (binary). -1 when it is not one. */
static long long parse_size(const char *text)
{
    if (*text < '0' || *text > '9') {
        return -1;
    }
    long long value = 0;
    for (; *text >= '0' && *text <= '9'; text++) {
        if (value > (1LL << 50)) {
            return -1;
        }
        value = value * 10 + (*text - '0');
    }
    int shift = 0;
    switch (*text) {
    case '\0': break;
    case 'k': case 'K': shift = 10; text++; break;
    case 'm': case 'M': shift = 20; text++; break;
    case 'g': case 'G': shift = 30; text++; break;
    case 't': case 'T': shift = 40; text++; break;
    default: return -1;
    }
    if (*text != '\0' || value > (1LL << (62 - shift))) {
        return -1;
    }
    return value << shift;
}

static const char *after(const char *option, const char *prefix)
{
    size_t n = strlen(prefix);
    return strncmp(option, prefix, n) == 0 ? option + n : NULL;
}

/*
 * Returns 0 if the options may be passed on, with initial_needed the initial heap to pass after
 * them (a maximum below the shim's default_initial) or -1; else -1 with the reason in error.
 */
static int check_java_options(char *const *options, int count, long long default_initial,
                              long long *initial_needed, char *error, size_t size)
{
    const char *max_option = NULL, *initial_option = NULL;
    long long max = -1, initial = -1;
    for (int i = 0; i < count; i++) {
        const char *option = options[i];
        int known = 0;
        for (size_t f = 0; f < sizeof FAMILIES / sizeof FAMILIES[0] && !known; f++) {
            known = after(option, FAMILIES[f]) != NULL;
        }
        if (!known) {
            snprintf(error, size, "BTFMU_JAVA_OPTIONS: %s is not an option of the Java virtual "
                     "machine (an embedded JVM takes -X…, -XX:…, -D…, -verbose…, -ea/-da, "
                     "-agentlib:/-agentpath:/-javaagent: and --add-…=; not the java "
                     "launcher's options)", option);
            return -1;
        }
        for (size_t s = 0; s < sizeof SIZES / sizeof SIZES[0]; s++) {
            const char *value = after(option, SIZES[s]);
            if (value != NULL && parse_size(value) < 0) {
                snprintf(error, size, "BTFMU_JAVA_OPTIONS: %s: '%s' is not a size (digits with "
                         "an optional k, m, g or t)", option, value);
                return -1;
            }
        }
        for (size_t h = 0; h < sizeof HEAP_SIZES / sizeof HEAP_SIZES[0]; h++) {
            const char *value = after(option, HEAP_SIZES[h].prefix);
            if (value == NULL) {
                continue;
            }
            if (HEAP_SIZES[h].maximum) {
                max = parse_size(value);
                max_option = option;
            } else {
                initial = parse_size(value);
                initial_option = option;
            }
        }
    }
#ifdef _WIN32
    long long memory = shim_physical_memory();
#else
    long long memory = (long long)sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE);
#endif
    const char *largest = max >= initial ? max_option : initial_option;
    if (memory > 0 && (max > memory || initial > memory)) {
        snprintf(error, size, "BTFMU_JAVA_OPTIONS: %s asks for a heap larger than this "
                 "machine's memory (%lld MiB)", largest, memory >> 20);
        return -1;
    }
    if (max >= 0 && initial > max) {
        snprintf(error, size, "BTFMU_JAVA_OPTIONS: %s is above the maximum heap %s",
                 initial_option, max_option);
        return -1;
    }
    /* A maximum below the shim's own initial heap: the initial heap follows it down. */
    *initial_needed = max >= 0 && initial < 0 && max < default_initial ? max : -1;
    return 0;
}

/*
 * The JVM's options: data, not logic. Chosen for a JVM that lives as a guest inside someone
 * else's process (Dymola, OMSimulator, Python), measured in BENCHMARKS.md ("The guest JVM"),
 * the same on Linux (jvm.c) and Windows (platform_win32.c). BTFMU_JAVA_OPTIONS come after
 * these, and the JVM takes the last of repeated options, so the user's win (e.g. -Xmx1g,
 * -XX:+UseParallelGC, -XX:-DisableAttachMechanism).
 */
#define DEFAULT_INITIAL_HEAP (8LL << 20)
static const char *const GUEST_OPTIONS[] = {
    "-Xrs",                         /* the host keeps SIGINT, SIGTERM, SIGHUP, SIGQUIT */
#ifndef _WIN32
    "-XX:-MaxFDLimit",              /* the host's RLIMIT_NOFILE stays as it is (POSIX JVMs only) */
#endif
    "-Djava.class.path=",
    "-XX:+UseSerialGC",             /* no GC threads: collections run in the VM thread */
    "-Xms8m",                       /* DEFAULT_INITIAL_HEAP: grows as the missions need ... */
    "-Xmx256m",                     /* ... up to a bound, not a quarter of the machine */
    "-XX:-UsePerfData",             /* no hsperfdata file in the temporary directory */
    /* C1 only: no C2 compiler thread, whose compiles cost the host's process more CPU than
     * they save in runs below millions of steps, and no waves of C1-profiled code and
     * deoptimisations on the host's thread while it warms up (BENCHMARKS.md section 6). */
    "-XX:TieredStopAtLevel=1",
    "-XX:+DisableAttachMechanism",  /* with -Xrs the attach listener starts at once: a thread, a socket */
    /* JDK 24+ warns on the host's stderr at the runtime's first use of sun.misc.Unsafe's memory
     * access (NativeMemory: the values of every get/set); earlier JDKs ignore the property. */
    "-Dsun.misc.unsafe.memory.access=allow",
    /* JDK 22+ warns on the host's stderr when the runtime makes its FFM up-call stubs
     * (UpcallStubs.java: Linker.upcallStub is a restricted method); JDK 17 knows the option
     * from its incubating foreign API. */
    "--enable-native-access=ALL-UNNAMED",
    /* Unified logging writes warnings to stdout by default: the importer's stdout is not ours. */
    "-Xlog:disable",
    "-Xlog:all=warning:stderr",
};
#define GUEST_COUNT (int)(sizeof GUEST_OPTIONS / sizeof GUEST_OPTIONS[0])

int shim_add_guest_options(JavaVMOption *options)
{
    for (int i = 0; i < GUEST_COUNT; i++) {
        options[i].optionString = (char *)GUEST_OPTIONS[i];
    }
    return GUEST_COUNT;
}

#ifdef _WIN32
#define strtok_r strtok_s
#endif

int shim_add_user_options(JavaVMOption *options, int count, int max, char *error, size_t size)
{
    static char buffer[1024], initial[64];
    const char *user = getenv("BTFMU_JAVA_OPTIONS");
    if (user == NULL) {
        return count;
    }
    if (strlen(user) >= sizeof buffer) {
        snprintf(error, size, "BTFMU_JAVA_OPTIONS: longer than %u characters",
                 (unsigned)sizeof buffer - 1);
        return -1;
    }
    snprintf(buffer, sizeof buffer, "%s", user);
    char *tokens[64];
    int n = 0;
    for (char *save = NULL, *token = strtok_r(buffer, " \t", &save); token;
         token = strtok_r(NULL, " \t", &save)) {
        if (n == (int)(sizeof tokens / sizeof tokens[0]) || count + n + 1 >= max) {
            snprintf(error, size, "BTFMU_JAVA_OPTIONS: more than %d options", n);
            return -1;
        }
        tokens[n++] = token;
    }
    long long initial_needed;
    if (check_java_options(tokens, n, DEFAULT_INITIAL_HEAP, &initial_needed, error, size)
        != 0) {
        return -1;
    }
    for (int i = 0; i < n; i++) {
        options[count++].optionString = tokens[i];
    }
    if (initial_needed >= 0) {
        snprintf(initial, sizeof initial, "-Xms%lld", initial_needed);
        options[count++].optionString = initial;
    }
    return count;
}
