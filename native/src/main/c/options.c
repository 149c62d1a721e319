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

int shim_check_java_options(char *const *options, int count, long long default_initial,
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
