/*
 * An FMI 3.0 call fuzzer, the counterpart of fuzz.c for an FMU built with `--fmi 3`: random
 * call sequences against its library from a process without a JVM of its own. Each sequence
 * is reproducible from its seed alone.
 *
 *   fuzz3 <table> <fmu-dir> <instantiationToken> <first-seed> <count>
 *
 * <table>: one row per function, "<fmi3Name> <interfaces> <cells>", the cells in the order
 * Instantiated, Initialization Mode, Event Mode, Step Mode, Continuous-Time Mode, Terminated
 * ('x' allowed, '.' not, a digit: allowed for some variables: 1 initial="exact" ones (no
 * input), 3 and 4 inputs among others, 5 continuous Float64 inputs); interfaces B, M
 * or C. Fmi3FuzzTest writes it from the FMU's table (Fmi3Function), so this checks that the
 * library keeps that table at the C boundary. The oracle:
 *   - a call the table forbids in the instance's state, or a function of the other interface,
 *     returns fmi3Error and logs a message that names the function; the instance is then in
 *     Terminated (bt-fmu's reading of FMI 3.0 section 2.3);
 *   - an allowed call with arguments the FMU can see are wrong (NULL arrays with n > 0, nValues
 *     other than nValueReferences, unknown or mistyped value references, outputs set, a step
 *     size <= 0 or NaN, a communication point other than the FMU's time, NULL output
 *     arguments, Event Mode without eventModeUsed, stepping or leaving Event Mode with an
 *     event pending, a NaN time or one before the last event) returns fmi3Error and logs;
 *   - any other allowed call is not an error, and what fmi3DoStep and
 *     fmi3UpdateDiscreteStates write is well-formed (lastSuccessfulTime in [t, t + h],
 *     earlyReturn only with earlyReturnAllowed and before t + h, eventHandlingNeeded only
 *     with eventModeUsed, a finite nextEventTime not before the current time);
 *   - never fmi3Fatal, never a crash, never an "internal error" in the log, never a call
 *     that takes longer than the time-out (FUZZ_TIMEOUT seconds, default 30: SIGALRM ends it).
 * Every sequence creates 1-2 instances (Co-Simulation with random eventModeUsed and
 * earlyReturnAllowed, or Model Exchange), interleaves 10-60 calls on them and frees them.
 * Prints "FAIL seed=..." per failed sequence and a summary, exits 1 if any failed.
 * FUZZ_TRACE=1 prints every call.
 */
#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fmi3.h"

enum State { INSTANTIATED, INITIALIZATION_MODE, EVENT_MODE, STEP_MODE, CONTINUOUS_TIME_MODE, TERMINATED,
             STATE_COUNT };
static const char *STATE_NAMES[STATE_COUNT] = {"Instantiated", "Initialization Mode", "Event Mode", "Step Mode",
                                               "Continuous-Time Mode", "Terminated"};

enum Function {
    F_SET_DEBUG_LOGGING, F_ENTER_INIT, F_EXIT_INIT, F_ENTER_EVENT_MODE, F_TERMINATE, F_RESET,
    F_GET_FLOAT64, F_GET_INT32, F_GET_INT64, F_GET_BOOLEAN, F_GET_STRING,
    F_SET_FLOAT64, F_SET_INT32, F_SET_INT64, F_SET_BOOLEAN, F_SET_STRING,
    F_GET_FMU_STATE, F_UPDATE_DISCRETE_STATES,
    F_ENTER_CONTINUOUS_TIME_MODE, F_COMPLETED_INTEGRATOR_STEP, F_SET_TIME, F_GET_DERIVATIVES,
    F_GET_EVENT_INDICATORS, F_GET_NUMBER_OF_EVENT_INDICATORS, F_GET_NUMBER_OF_CONTINUOUS_STATES,
    F_ENTER_STEP_MODE, F_DO_STEP, FUNCTION_COUNT
};
static const char *FUNCTION_NAMES[FUNCTION_COUNT] = {
    "fmi3SetDebugLogging", "fmi3EnterInitializationMode", "fmi3ExitInitializationMode", "fmi3EnterEventMode",
    "fmi3Terminate", "fmi3Reset", "fmi3GetFloat64", "fmi3GetInt32", "fmi3GetInt64", "fmi3GetBoolean",
    "fmi3GetString", "fmi3SetFloat64", "fmi3SetInt32", "fmi3SetInt64", "fmi3SetBoolean", "fmi3SetString",
    "fmi3GetFMUState", "fmi3UpdateDiscreteStates", "fmi3EnterContinuousTimeMode",
    "fmi3CompletedIntegratorStep", "fmi3SetTime", "fmi3GetContinuousStateDerivatives", "fmi3GetEventIndicators",
    "fmi3GetNumberOfEventIndicators", "fmi3GetNumberOfContinuousStates", "fmi3EnterStepMode", "fmi3DoStep"};

static char table[FUNCTION_COUNT][STATE_COUNT];
static char interfaces[FUNCTION_COUNT];

static void read_table(const char *path) {
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "fuzz3: cannot read the table %s\n", path);
        exit(2);
    }
    char line[256], name[128], kind[8], cells[32];
    int found[FUNCTION_COUNT] = {0};
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%127s %7s %31s", name, kind, cells) != 3) continue;
        for (int fn = 0; fn < FUNCTION_COUNT; fn++) {
            if (strcmp(name, FUNCTION_NAMES[fn]) != 0) continue;
            if (strlen(cells) != STATE_COUNT) {
                fprintf(stderr, "fuzz3: %s: %zu cells, %d expected\n", name, strlen(cells), STATE_COUNT);
                exit(2);
            }
            memcpy(table[fn], cells, STATE_COUNT);
            interfaces[fn] = kind[0];
            found[fn] = 1;
        }
    }
    fclose(f);
    for (int fn = 0; fn < FUNCTION_COUNT; fn++) {
        if (!found[fn]) {
            fprintf(stderr, "fuzz3: %s has no row for %s\n", path, FUNCTION_NAMES[fn]);
            exit(2);
        }
    }
}

/* ---- the FMU ---- */

typedef enum { T_FLOAT64, T_INT32, T_INT64, T_BOOLEAN, T_STRING } Type;
typedef struct {
    fmi3ValueReference vr;
    Type type;
    int input, parameter, continuous;
} Variable;

static struct {
    void *library;
    char resources[PATH_MAX + 16];
    const char *token;
    Variable variables[512];
    int count;
    size_t indicators; /* <EventIndicator> elements */
    void *f[FUNCTION_COUNT];
    fmi3Instance (*instantiateCS)(fmi3String, fmi3String, fmi3String, fmi3Boolean, fmi3Boolean, fmi3Boolean,
                                  fmi3Boolean, const fmi3ValueReference[], size_t, fmi3InstanceEnvironment,
                                  fmi3LogMessageCallback, fmi3IntermediateUpdateCallback);
    fmi3Instance (*instantiateME)(fmi3String, fmi3String, fmi3String, fmi3Boolean, fmi3Boolean,
                                  fmi3InstanceEnvironment, fmi3LogMessageCallback);
    void (*freeInstance)(fmi3Instance);
    fmi3Status (*freeFMUState)(fmi3Instance, fmi3FMUState *);
} fmu;

static int attribute(const char *line, const char *name, char *value, size_t size) {
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *at = strstr(line, key);
    if (at == NULL) return 0;
    at += strlen(key);
    size_t n = strcspn(at, "\"");
    if (n >= size) n = size - 1;
    memcpy(value, at, n);
    value[n] = '\0';
    return 1;
}

/* The variables and event indicators of modelDescription.xml (one element per line, as bt-fmu writes it). */
static void read_description(const char *directory) {
    char path[PATH_MAX + 32], line[4096], value[64];
    snprintf(path, sizeof path, "%s/modelDescription.xml", directory);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "fuzz3: cannot read %s\n", path);
        exit(2);
    }
    static const char *const ELEMENTS[] = {"<Float64 ", "<Int32 ", "<Enumeration ", "<Boolean ", "<String "};
    while (fgets(line, sizeof line, f)) {
        if (strstr(line, "<EventIndicator ")) fmu.indicators++;
        for (int t = 0; t < 5 && fmu.count < 512; t++) {
            const char *at = strstr(line, ELEMENTS[t]);
            if (at == NULL || !attribute(at, "valueReference", value, sizeof value)) continue;
            Variable *v = &fmu.variables[fmu.count++];
            v->vr = (fmi3ValueReference)strtoul(value, NULL, 10);
            v->type = (Type)t;
            v->input = attribute(at, "causality", value, sizeof value) && strcmp(value, "input") == 0;
            v->parameter = strcmp(value, "parameter") == 0;
            v->continuous = attribute(at, "variability", value, sizeof value) && strcmp(value, "continuous") == 0;
        }
    }
    fclose(f);
}

static void *symbol(const char *name) {
    void *address = dlsym(fmu.library, name);
    if (address == NULL) {
        printf("FAIL: the FMU does not export %s\n", name);
        exit(1);
    }
    return address;
}

static void load(const char *directory, const char *token) {
    char path[PATH_MAX + 64];
    const char *slash = strrchr(directory, '/');
    snprintf(path, sizeof path, "%s/binaries/x86_64-linux/%s.so", directory, slash ? slash + 1 : directory);
    fmu.library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (fmu.library == NULL) {
        printf("FAIL: cannot load %s: %s\n", path, dlerror());
        exit(1);
    }
    fmu.token = token;
    snprintf(fmu.resources, sizeof fmu.resources, "%s/resources/", directory);
    for (int fn = 0; fn < FUNCTION_COUNT; fn++) fmu.f[fn] = symbol(FUNCTION_NAMES[fn]);
    *(void **)&fmu.instantiateCS = symbol("fmi3InstantiateCoSimulation");
    *(void **)&fmu.instantiateME = symbol("fmi3InstantiateModelExchange");
    *(void **)&fmu.freeInstance = symbol("fmi3FreeInstance");
    *(void **)&fmu.freeFMUState = symbol("fmi3FreeFMUState");
    read_description(directory);
}

/* ---- one sequence ---- */

static unsigned long long rng;
static unsigned rnd(unsigned n) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return n == 0 ? 0 : (unsigned)(rng % n);
}
static int chance(unsigned percent) { return rnd(100) < percent; }

static int trace;
static char last_message[4096];
static int messages;
static int failed;
static char failure[1024];

static void logger(fmi3InstanceEnvironment env, fmi3Status status, fmi3String category, fmi3String message) {
    (void)env;
    (void)category;
    snprintf(last_message, sizeof last_message, "%s", message != NULL ? message : "(null)");
    messages++;
    if (trace) printf("    log %d %s\n", (int)status, last_message);
}

static void fail(const char *format, ...) {
    if (failed) return;
    failed = 1;
    va_list args;
    va_start(args, format);
    vsnprintf(failure, sizeof failure, format, args);
    va_end(args);
}

typedef struct {
    fmi3Instance c;
    int me, event_mode_used, early_return_allowed;
    enum State state;
    int pending; /* Co-Simulation: eventHandlingNeeded returned, not yet updated */
    double time, event_time;
} Instance;

/* A variable of the type: with inputs, an input (settable where the table has a digit), else one
 * that is never settable (an output, a status, a local, time; no parameter); NULL when none. */
static const Variable *pick(Type type, int inputs, int continuous_only) {
    int candidates[512], n = 0;
    for (int i = 0; i < fmu.count; i++) {
        const Variable *v = &fmu.variables[i];
        int wanted = inputs ? v->input && (!continuous_only || v->continuous) : !v->input && !v->parameter;
        if (v->type == type && wanted) candidates[n++] = i;
    }
    return n == 0 ? NULL : &fmu.variables[candidates[rnd((unsigned)n)]];
}

/* One call with valid or (sometimes) wrong arguments; returns the status and whether the
 * arguments were wrong in a way the FMU must refuse. */
static fmi3Status call(Instance *in, enum Function fn, int *wrong, int *skipped) {
    fmi3Instance c = in->c;
    int bad = chance(12);
    *wrong = 0;
    *skipped = 0;
    switch (fn) {
    case F_SET_DEBUG_LOGGING: {
        const fmi3String categories[] = {bad ? "noSuchCategory" : "logStatusError"};
        *wrong = bad;
        return ((fmi3Status(*)(fmi3Instance, fmi3Boolean, size_t, const fmi3String[]))fmu.f[fn])(c, chance(50), 1,
                                                                                                 categories);
    }
    case F_ENTER_INIT:
        return ((fmi3Status(*)(fmi3Instance, fmi3Boolean, fmi3Float64, fmi3Float64, fmi3Boolean, fmi3Float64))
                    fmu.f[fn])(c, fmi3False, 0.0, 0.0, fmi3False, 0.0);
    case F_EXIT_INIT: case F_ENTER_EVENT_MODE: case F_TERMINATE: case F_RESET: case F_ENTER_CONTINUOUS_TIME_MODE:
    case F_ENTER_STEP_MODE:
        return ((fmi3Status(*)(fmi3Instance))fmu.f[fn])(c);
    case F_GET_FLOAT64: case F_GET_INT32: case F_GET_INT64: case F_GET_BOOLEAN: case F_GET_STRING: {
        static const Type TYPES[] = {T_FLOAT64, T_INT32, T_INT64, T_BOOLEAN, T_STRING};
        const Variable *v = pick(TYPES[fn - F_GET_FLOAT64], chance(50), 0);
        fmi3ValueReference vr = v != NULL ? v->vr : 0;
        if (v == NULL || bad) vr = 100000 + rnd(1000), *wrong = 1;
        union { fmi3Float64 d; fmi3Int32 i; fmi3Int64 l; fmi3Boolean b; fmi3String s; } value;
        size_t n = *wrong && chance(50) ? 2 : 1; /* nValues other than nValueReferences */
        if (*wrong && n == 2) vr = v != NULL ? v->vr : vr;
        return ((fmi3Status(*)(fmi3Instance, const fmi3ValueReference[], size_t, void *, size_t))fmu.f[fn])(
            c, &vr, 1, &value, n);
    }
    case F_SET_FLOAT64: case F_SET_INT32: case F_SET_INT64: case F_SET_BOOLEAN: case F_SET_STRING: {
        static const Type TYPES[] = {T_FLOAT64, T_INT32, T_INT64, T_BOOLEAN, T_STRING};
        Type type = TYPES[fn - F_SET_FLOAT64];
        const Variable *v = bad ? pick(type, 0, 0) : pick(type, 1, in->state == CONTINUOUS_TIME_MODE);
        if (v == NULL) {
            *skipped = 1;
            return fmi3OK;
        }
        *wrong = !v->input; /* an output, a status, time: never settable */
        fmi3ValueReference vr = v->vr;
        union { fmi3Float64 d; fmi3Int32 i; fmi3Int64 l; fmi3Boolean b; fmi3String s; } value;
        memset(&value, 0, sizeof value);
        if (type == T_FLOAT64) value.d = (double)rnd(2000) - 500.0;
        if (type == T_INT32) value.i = (fmi3Int32)rnd(5);
        if (type == T_INT64) value.l = (fmi3Int64)rnd(5) + 1;
        if (type == T_BOOLEAN) value.b = chance(50);
        if (type == T_STRING) value.s = chance(50) ? "fuzz" : "";
        return ((fmi3Status(*)(fmi3Instance, const fmi3ValueReference[], size_t, const void *, size_t))fmu.f[fn])(
            c, &vr, 1, &value, 1);
    }
    case F_GET_FMU_STATE: {
        fmi3FMUState state = NULL;
        *wrong = bad;
        fmi3Status s = ((fmi3Status(*)(fmi3Instance, fmi3FMUState *))fmu.f[fn])(c, bad ? NULL : &state);
        if (state != NULL) fmu.freeFMUState(c, &state);
        return s;
    }
    case F_UPDATE_DISCRETE_STATES: {
        fmi3Boolean need, terminate, nominals, values, defined = fmi3False;
        fmi3Float64 next = NAN;
        *wrong = bad;
        fmi3Status s = ((fmi3Status(*)(fmi3Instance, fmi3Boolean *, fmi3Boolean *, fmi3Boolean *, fmi3Boolean *,
                                       fmi3Boolean *, fmi3Float64 *))fmu.f[fn])(c, &need, bad ? NULL : &terminate,
                                                                                &nominals, &values, &defined, &next);
        if (s == fmi3OK && defined && !(isfinite(next) && next >= in->time - 1e-9))
            fail("fmi3UpdateDiscreteStates: nextEventTime %.17g at t=%.17g", next, in->time);
        return s;
    }
    case F_COMPLETED_INTEGRATOR_STEP: {
        fmi3Boolean enter, terminate;
        *wrong = bad;
        return ((fmi3Status(*)(fmi3Instance, fmi3Boolean, fmi3Boolean *, fmi3Boolean *))fmu.f[fn])(
            c, fmi3True, &enter, bad ? NULL : &terminate);
    }
    case F_SET_TIME: {
        double t = in->time + (double)rnd(40) / 4.0;
        if (bad) t = chance(50) ? NAN : in->event_time - 100.0;
        *wrong = bad;
        fmi3Status s = ((fmi3Status(*)(fmi3Instance, fmi3Float64))fmu.f[fn])(c, t);
        if (s == fmi3OK) in->time = t;
        return s;
    }
    case F_GET_DERIVATIVES: {
        fmi3Float64 dx[1];
        *wrong = bad; /* the missions have no continuous states: nx = 1 is wrong */
        return ((fmi3Status(*)(fmi3Instance, fmi3Float64[], size_t))fmu.f[fn])(c, dx, bad ? 1 : 0);
    }
    case F_GET_EVENT_INDICATORS: {
        fmi3Float64 z[64];
        *wrong = bad || fmu.indicators > 64;
        return ((fmi3Status(*)(fmi3Instance, fmi3Float64[], size_t))fmu.f[fn])(c, z, bad ? fmu.indicators + 1
                                                                                          : fmu.indicators);
    }
    case F_GET_NUMBER_OF_EVENT_INDICATORS: case F_GET_NUMBER_OF_CONTINUOUS_STATES: {
        size_t n = 99;
        *wrong = bad;
        fmi3Status s = ((fmi3Status(*)(fmi3Instance, size_t *))fmu.f[fn])(c, bad ? NULL : &n);
        size_t expected = fn == F_GET_NUMBER_OF_EVENT_INDICATORS ? fmu.indicators : 0;
        if (s == fmi3OK && n != expected) fail("%s gave %zu, the description %zu", FUNCTION_NAMES[fn], n, expected);
        return s;
    }
    case F_DO_STEP: {
        double t = in->time, h = (double)(rnd(20) + 1) / 2.0;
        if (bad) {
            if (chance(50)) h = chance(50) ? 0.0 : NAN;
            else t += 1.0;
        }
        *wrong = bad || in->pending;
        /* filled with a byte no fmi3Boolean has, to see that each flag is written */
        union { fmi3Boolean b; unsigned char byte; } flags[3];
        memset(flags, 0xAA, sizeof flags);
        fmi3Float64 reached = NAN;
        fmi3Status s = ((fmi3Status(*)(fmi3Instance, fmi3Float64, fmi3Float64, fmi3Boolean, fmi3Boolean *,
                                       fmi3Boolean *, fmi3Boolean *, fmi3Float64 *))fmu.f[fn])(
            c, t, h, fmi3False, &flags[0].b, &flags[1].b, &flags[2].b, &reached);
        if (s == fmi3OK) {
            if (flags[0].byte > 1 || flags[1].byte > 1 || flags[2].byte > 1)
                fail("fmi3DoStep: a flag is not written as an fmi3Boolean (%d %d %d)", flags[0].byte, flags[1].byte,
                     flags[2].byte);
            fmi3Boolean handling = flags[0].byte == 1, early = flags[2].byte == 1;
            if (!(reached >= t - 1e-9 && reached <= t + h + 1e-9))
                fail("fmi3DoStep(%g, %g): lastSuccessfulTime %.17g", t, h, reached);
            if (early && (!in->early_return_allowed || reached >= t + h))
                fail("fmi3DoStep(%g, %g): earlyReturn at %.17g (allowed %d)", t, h, reached, in->early_return_allowed);
            if (handling && !in->event_mode_used) fail("fmi3DoStep: eventHandlingNeeded without eventModeUsed");
            in->time = reached;
            in->pending = handling;
        }
        return s;
    }
    case FUNCTION_COUNT: break;
    }
    return fmi3OK;
}

/* The state after an allowed, successful call. */
static void advance(Instance *in, enum Function fn) {
    switch (fn) {
    case F_ENTER_INIT: in->state = INITIALIZATION_MODE; in->time = in->event_time = 0.0; break;
    case F_EXIT_INIT: in->state = in->me || in->event_mode_used ? EVENT_MODE : STEP_MODE; break;
    case F_ENTER_EVENT_MODE: in->state = EVENT_MODE; in->event_time = in->time; break;
    case F_TERMINATE: in->state = TERMINATED; break;
    case F_RESET: in->state = INSTANTIATED; in->pending = 0; in->time = in->event_time = 0.0; break;
    case F_UPDATE_DISCRETE_STATES: in->pending = 0; break;
    case F_ENTER_CONTINUOUS_TIME_MODE: in->state = CONTINUOUS_TIME_MODE; break;
    case F_ENTER_STEP_MODE: in->state = STEP_MODE; break;
    default: break;
    }
}

static int allowed_in(const Instance *in, enum Function fn) {
    int of_interface = interfaces[fn] == 'B' || interfaces[fn] == (in->me ? 'M' : 'C');
    return of_interface && table[fn][in->state] != '.';
}

/* Mostly a function the table allows in the instance's state (else a wrong call ends most
 * sequences in Terminated at once), sometimes any. */
static enum Function choose(const Instance *in) {
    if (chance(25)) return (enum Function)rnd(FUNCTION_COUNT);
    enum Function candidates[FUNCTION_COUNT];
    int n = 0;
    for (int fn = 0; fn < FUNCTION_COUNT; fn++)
        if (allowed_in(in, (enum Function)fn)) candidates[n++] = (enum Function)fn;
    return n == 0 ? (enum Function)rnd(FUNCTION_COUNT) : candidates[rnd((unsigned)n)];
}

static void check_call(Instance *in, int which, enum Function fn) {
    char cell = table[fn][in->state];
    int allowed = allowed_in(in, fn);
    int before = messages, wrong, skipped;
    enum State was = in->state;
    fmi3Status status = call(in, fn, &wrong, &skipped);
    if (skipped) return;
    if (trace)
        printf("  [%d %s] %s in %s -> %d%s\n", which, in->me ? "ME" : "CS", FUNCTION_NAMES[fn], STATE_NAMES[was],
               (int)status, wrong ? " (wrong arguments)" : "");
    if (status == fmi3Fatal) fail("%s returned fmi3Fatal: %s", FUNCTION_NAMES[fn], last_message);
    if (messages > before && strstr(last_message, "internal error") != NULL)
        fail("%s: internal error: %s", FUNCTION_NAMES[fn], last_message);
    /* The rules that depend on how the instance was made. */
    if (allowed && fn == F_ENTER_EVENT_MODE && !in->me && !in->event_mode_used) wrong = 1;
    if (allowed && fn == F_ENTER_STEP_MODE && in->pending) wrong = 1;
    /* condition 1 (Instantiated): only initial="exact" variables, which inputs are not */
    if (allowed && fn >= F_SET_FLOAT64 && fn <= F_SET_STRING && cell == '1') wrong = 1;
    if (!allowed || wrong) {
        if (status != fmi3Error) {
            fail("%s in %s (%s) returned %d, expected fmi3Error", FUNCTION_NAMES[fn], STATE_NAMES[was],
                 !allowed ? "not allowed" : "wrong arguments", (int)status);
        } else if (!(messages > before && strstr(last_message, FUNCTION_NAMES[fn]) != NULL)) {
            fail("%s in %s returned fmi3Error without a message naming it: %s", FUNCTION_NAMES[fn],
                 STATE_NAMES[was], messages > before ? last_message : "(none)");
        }
        in->state = TERMINATED;
        return;
    }
    if (status == fmi3Error)
        fail("%s in %s returned fmi3Error, expected success: %s", FUNCTION_NAMES[fn], STATE_NAMES[was],
             last_message);
    advance(in, fn);
}

/* Usually the regular way into the interesting states, then random calls. */
static void sequence(unsigned long long seed) {
    rng = seed * 0x9E3779B97F4A7C15ull + 1;
    for (int i = 0; i < 5; i++) rnd(2);
    failed = 0;
    Instance in[2];
    int n = 1 + (int)rnd(2);
    for (int k = 0; k < n; k++) {
        memset(&in[k], 0, sizeof in[k]);
        in[k].me = chance(30);
        in[k].event_mode_used = chance(50);
        in[k].early_return_allowed = chance(60);
        in[k].state = INSTANTIATED;
        in[k].c = in[k].me ? fmu.instantiateME("fuzz", fmu.token, fmu.resources, fmi3False, fmi3False, NULL, logger)
                           : fmu.instantiateCS("fuzz", fmu.token, fmu.resources, fmi3False, fmi3False,
                                               in[k].event_mode_used, in[k].early_return_allowed, NULL, 0, NULL,
                                               logger, NULL);
        if (in[k].c == NULL) {
            fail("fmi3Instantiate%s returned NULL: %s", in[k].me ? "ModelExchange" : "CoSimulation", last_message);
            for (int j = 0; j < k; j++) fmu.freeInstance(in[j].c);
            return;
        }
        if (trace)
            printf("  [%d] %s eventModeUsed=%d earlyReturnAllowed=%d\n", k, in[k].me ? "ME" : "CS",
                   in[k].event_mode_used, in[k].early_return_allowed);
    }
    int calls = 10 + (int)rnd(51);
    for (int i = 0; i < calls && !failed; i++) {
        int k = (int)rnd((unsigned)n);
        /* the regular way into Event, Step or Continuous-Time Mode, from the start or after a reset */
        if ((i == 0 && chance(80)) || (in[k].state == TERMINATED && chance(30))) {
            if (in[k].state != INSTANTIATED) check_call(&in[k], k, F_RESET);
            check_call(&in[k], k, F_ENTER_INIT);
            check_call(&in[k], k, F_EXIT_INIT);
            if (in[k].state == EVENT_MODE && chance(80)) {
                check_call(&in[k], k, F_UPDATE_DISCRETE_STATES);
                check_call(&in[k], k, in[k].me ? F_ENTER_CONTINUOUS_TIME_MODE : F_ENTER_STEP_MODE);
            }
            continue;
        }
        /* with an event pending, mostly handle it as an importer would */
        if (in[k].pending && chance(70)) {
            check_call(&in[k], k, F_ENTER_EVENT_MODE);
            check_call(&in[k], k, F_UPDATE_DISCRETE_STATES);
            check_call(&in[k], k, F_ENTER_STEP_MODE);
            continue;
        }
        check_call(&in[k], k, choose(&in[k]));
    }
    for (int k = 0; k < n; k++) fmu.freeInstance(in[k].c);
}

static void timeout(int signal) {
    (void)signal;
    static const char text[] = "FAIL: a call took longer than the time-out (FUZZ_TIMEOUT)\n";
    (void)!write(1, text, sizeof text - 1);
    _exit(3);
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: fuzz3 <table> <fmu-dir> <instantiationToken> <first-seed> <count>\n");
        return 2;
    }
    read_table(argv[1]);
    load(argv[2], argv[3]);
    trace = getenv("FUZZ_TRACE") != NULL;
    unsigned seconds = getenv("FUZZ_TIMEOUT") != NULL ? (unsigned)atoi(getenv("FUZZ_TIMEOUT")) : 30;
    signal(SIGALRM, timeout);
    unsigned long long first = strtoull(argv[4], NULL, 10);
    long count = atol(argv[5]);
    long failures = 0;
    for (long k = 0; k < count; k++) {
        alarm(seconds);
        if (trace) printf("seed %llu\n", first + (unsigned long long)k);
        sequence(first + (unsigned long long)k);
        if (failed) {
            failures++;
            printf("FAIL seed=%llu: %s\n", first + (unsigned long long)k, failure);
        }
    }
    alarm(0);
    printf("fuzz3: %ld sequences from seed %llu, %ld failed\n", count, first, failures);
    return failures > 0 ? 1 : 0;
}
