/*
 * An FMI 2.0 call fuzzer: random call sequences against the shared library of
 * an FMU, from a process without a JVM of its own (like importer.c). Each
 * sequence is reproducible from its seed alone.
 *
 *   fuzz <table> <fmu-dir> <guid> <fmu-dir-2> <guid-2> <first-seed> <count> [threads]
 *
 * <table> is the calling-sequence table of the interface, one row per function, transcribed
 * from the specification (fmu-wrapper/src/test/resources/): fmi2-calling-sequence.txt for
 * Co-Simulation (9 columns), fmi2-me-calling-sequence.txt for Model Exchange (7 columns). The
 * number of columns picks the fmuType of every instance; the other interface's functions are
 * called now and then too, and must be refused. The variables, the number of event indicators
 * and the continuous states come from each FMU's modelDescription.xml. The oracle:
 *   - a call the table forbids in the instance's state returns fmi2Error and
 *     logs an error that names the function; the instance is then in state error;
 *   - an allowed call with arguments the FMU can see are wrong (NULL arrays with
 *     n > 0, counts no array can have, unknown or mistyped value references, variables not settable in the
 *     state, NaN/zero/negative step sizes, a wrong communication point, a step past
 *     the stop time, a foreign or truncated FMU state, an unknown log category, a NaN or
 *     infinite Real value to set, a status kind that is none,
 *     unsupported derivatives; Model Exchange: nx/ni other than the model description's,
 *     a NaN, infinite or past-stop time, time before the last event instant, fmi2SetTime
 *     in Event Mode unless condition 8 holds, NULL eventInfo or integrator-step flags)
 *     returns fmi2Error and logs, as above;
 *   - any other allowed call is not an error (fmi2OK, fmi2Warning or fmi2Discard), and
 *     what fmi2NewDiscreteStates and fmi2CompletedIntegratorStep write is well-formed
 *     (fmi2Boolean flags, a finite nextEventTime not before the current time);
 *   - never fmi2Fatal, never a crash, never an "internal error" in the log, never
 *     a call that takes longer than the time-out (a watchdog ends the process).
 * A serialized FMU state with bits flipped is refused like any invalid argument: the bit-flip
 * case first flips every single bit of the state in turn (each must be refused), then 1-3
 * distinct bits (FUZZ_LENIENT: may be accepted; whatever follows is checked against the last
 * three rules only, then the instance is freed).
 *
 * Every sequence creates 1-3 instances of the two FMUs, interleaves 10-60 calls
 * on them and frees them. Worker threads (default 2) run seeds first+k,
 * first+k+threads, ... with instances of their own. Prints "FAIL seed=..." per
 * failed sequence, a summary, exits 1 if any failed. FUZZ_TRACE=1 prints every
 * call; FUZZ_LENIENT=1 keeps only the last three rules (for FMUs that are not bt-fmu's, e.g.
 * the plant FMUs under the sanitizers); FUZZ_PROGRESS=<file> records each thread's current seed (to name the
 * seed after a crash); FUZZ_TIMEOUT=<seconds> (default 30).
 *
 * Model Exchange sequences follow an integrator's loop (time forward up to the next time
 * event, inputs, states, derivatives, event indicators, fmi2CompletedIntegratorStep, event
 * iteration until newDiscreteStatesNeeded is false, fmi2Terminate when terminateSimulation)
 * interleaved with the same random calls as Co-Simulation.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>

#include "fmi2.h"

/* ---- the calling-sequence table ---- */

enum State {
    INSTANTIATED, INITIALIZATION_MODE, STEP_COMPLETE, STEP_IN_PROGRESS, STEP_FAILED,
    STEP_CANCELED, EVENT_MODE, CONTINUOUS_TIME_MODE, TERMINATED, ERROR, FATAL, STATE_COUNT
};
static const char *STATE_NAMES[STATE_COUNT] = {
    "instantiated", "initializationMode", "stepComplete", "stepInProgress", "stepFailed",
    "stepCanceled", "eventMode", "continuousTimeMode", "terminated", "error", "fatal"};

/* The table's columns, in the spec's order: 9 for Co-Simulation (4.2.4), 7 for Model Exchange (3.2.3). */
static const enum State CS_COLUMNS[] = {INSTANTIATED, INITIALIZATION_MODE, STEP_COMPLETE,
    STEP_IN_PROGRESS, STEP_FAILED, STEP_CANCELED, TERMINATED, ERROR, FATAL};
static const enum State ME_COLUMNS[] = {INSTANTIATED, INITIALIZATION_MODE, EVENT_MODE,
    CONTINUOUS_TIME_MODE, TERMINATED, ERROR, FATAL};
#define COLUMNS(a) (sizeof a / sizeof a[0])

/* The interface of the table, hence of every instance: Model Exchange when it has 7 columns. */
static int model_exchange;

/* The functions the fuzzer calls on an instance, named as in the table. */
enum Function {
    F_SET_DEBUG_LOGGING, F_SETUP_EXPERIMENT, F_ENTER_INIT, F_EXIT_INIT, F_TERMINATE, F_RESET,
    F_GET_REAL, F_GET_INTEGER, F_GET_BOOLEAN, F_GET_STRING,
    F_SET_REAL, F_SET_INTEGER, F_SET_BOOLEAN, F_SET_STRING,
    F_GET_STATE, F_SET_STATE, F_FREE_STATE, F_STATE_SIZE, F_SERIALIZE, F_DESERIALIZE,
    F_GET_DIRECTIONAL_DERIVATIVE, F_SET_INPUT_DERIVATIVES, F_GET_OUTPUT_DERIVATIVES,
    F_DO_STEP, F_CANCEL_STEP, F_GET_STATUS, F_GET_REAL_STATUS, F_GET_INTEGER_STATUS,
    F_GET_BOOLEAN_STATUS, F_GET_STRING_STATUS,
    F_ENTER_EVENT_MODE, F_NEW_DISCRETE_STATES, F_ENTER_CONTINUOUS_TIME_MODE,
    F_COMPLETED_INTEGRATOR_STEP, F_SET_TIME, F_SET_CONTINUOUS_STATES, F_GET_EVENT_INDICATORS,
    F_GET_CONTINUOUS_STATES, F_GET_DERIVATIVES, F_GET_NOMINALS, FUNCTION_COUNT
};
static const char *FUNCTION_NAMES[FUNCTION_COUNT] = {
    "fmi2SetDebugLogging", "fmi2SetupExperiment", "fmi2EnterInitializationMode",
    "fmi2ExitInitializationMode", "fmi2Terminate", "fmi2Reset",
    "fmi2GetReal", "fmi2GetInteger", "fmi2GetBoolean", "fmi2GetString",
    "fmi2SetReal", "fmi2SetInteger", "fmi2SetBoolean", "fmi2SetString",
    "fmi2GetFMUstate", "fmi2SetFMUstate", "fmi2FreeFMUstate", "fmi2SerializedFMUstateSize",
    "fmi2SerializeFMUstate", "fmi2DeSerializeFMUstate",
    "fmi2GetDirectionalDerivative", "fmi2SetRealInputDerivatives", "fmi2GetRealOutputDerivatives",
    "fmi2DoStep", "fmi2CancelStep", "fmi2GetStatus", "fmi2GetRealStatus", "fmi2GetIntegerStatus",
    "fmi2GetBooleanStatus", "fmi2GetStringStatus",
    "fmi2EnterEventMode", "fmi2NewDiscreteStates", "fmi2EnterContinuousTimeMode",
    "fmi2CompletedIntegratorStep", "fmi2SetTime", "fmi2SetContinuousStates",
    "fmi2GetEventIndicators", "fmi2GetContinuousStates", "fmi2GetDerivatives",
    "fmi2GetNominalsOfContinuousStates"};
/* Which interface has the function: 'b' both, 'c' Co-Simulation only, 'm' Model Exchange only. */
static const char FUNCTION_INTERFACES[] = "bbbbbbbbbbbbbbbbbbbbb" "ccccccccc" "mmmmmmmmmm";
_Static_assert(sizeof FUNCTION_INTERFACES == FUNCTION_COUNT + 1, "one interface per function");

/* table[f][s]: 'x' allowed, '.' not, a digit: allowed under the spec's condition on variables.
 * A state of the other interface, or a function of the other interface, is '.' throughout:
 * the instance must refuse it. */
static char table[FUNCTION_COUNT][STATE_COUNT];

/* Whether the function belongs to the table's interface (set by read_table). */
static int of_interface(enum Function fn)
{
    return FUNCTION_INTERFACES[fn] == 'b' || FUNCTION_INTERFACES[fn] == (model_exchange ? 'm' : 'c');
}

static void read_table(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "fuzz: cannot read the table %s\n", path);
        exit(2);
    }
    char line[256], name[128], cells[64];
    char rows[FUNCTION_COUNT][64];
    int found[FUNCTION_COUNT] = {0};
    size_t width = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%127s %63s", name, cells) != 2) continue;
        if (width == 0) width = strlen(cells);
        if (strlen(cells) != width) {
            fprintf(stderr, "fuzz: %s: the row of %s has %zu cells, the first row %zu\n", path, name,
                    strlen(cells), width);
            exit(2);
        }
        for (int fn = 0; fn < FUNCTION_COUNT; fn++) {
            if (strcmp(name, FUNCTION_NAMES[fn]) == 0) {
                memcpy(rows[fn], cells, width + 1);
                found[fn] = 1;
            }
        }
    }
    fclose(f);
    if (width != COLUMNS(CS_COLUMNS) && width != COLUMNS(ME_COLUMNS)) {
        fprintf(stderr, "fuzz: %s has %zu columns: %zu (Co-Simulation) or %zu (Model Exchange) expected\n",
                path, width, COLUMNS(CS_COLUMNS), COLUMNS(ME_COLUMNS));
        exit(2);
    }
    model_exchange = width == COLUMNS(ME_COLUMNS);
    const enum State *columns = model_exchange ? ME_COLUMNS : CS_COLUMNS;
    memset(table, '.', sizeof table);
    for (int fn = 0; fn < FUNCTION_COUNT; fn++) {
        int needed = of_interface((enum Function)fn);
        if (needed && !found[fn]) {
            fprintf(stderr, "fuzz: %s has no row for %s\n", path, FUNCTION_NAMES[fn]);
            exit(2);
        }
        if (!needed) continue;
        for (size_t k = 0; k < width; k++) table[fn][columns[k]] = rows[fn][k];
    }
}

/* ---- the FMU: its library and its variables ---- */

typedef enum { T_REAL, T_INTEGER, T_BOOLEAN, T_STRING } Type;
typedef struct {
    fmi2ValueReference vr;
    Type type;
    int input, tunable, exact; /* exact: initial exact/approx, not constant (conditions 1, 3) */
    int continuous, state;     /* variability continuous; a continuous state (condition 5 of ME) */
    char name[64];
} Variable;

typedef struct {
    const char *directory;
    const char *guid;
    char location[PATH_MAX + 32];
    void *library;
    Variable variables[256];
    int count;
    fmi2ValueReference max_vr;
    size_t ni, nx; /* numberOfEventIndicators, the <Derivatives> of <ModelStructure> */
    fmi2Component (*instantiate)(fmi2String, fmi2Type, fmi2String, fmi2String,
                                 const fmi2CallbackFunctions *, fmi2Boolean, fmi2Boolean);
    void (*freeInstance)(fmi2Component);
    const char *(*getTypesPlatform)(void);
    const char *(*getVersion)(void);
    void *f[FUNCTION_COUNT];
} Fmu;

static const char *attribute(const char *tag, const char *end, const char *name, char *out,
                             size_t size)
{
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *at = strstr(tag, key);
    if (at == NULL || at > end) return NULL;
    at += strlen(key);
    size_t n = 0;
    while (at < end && *at != '"' && n + 1 < size) out[n++] = *at++;
    out[n] = '\0';
    return out;
}

/* The ScalarVariables of modelDescription.xml: just what the oracle needs. */
static void read_variables(Fmu *fmu)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/modelDescription.xml", fmu->directory);
    FILE *f = fopen(path, "rb");
    enum { LIMIT = 1 << 22 };
    char *xml = malloc(LIMIT);
    size_t n = f && xml ? fread(xml, 1, LIMIT - 1, f) : 0;
    if (f) fclose(f);
    xml[n] = '\0';
    int states[256], state_count = 0, index[256], position = 0;
    for (const char *tag = strstr(xml, "<ScalarVariable "); tag && fmu->count < 256;
         tag = strstr(tag + 1, "<ScalarVariable ")) {
        const char *end = strchr(tag, '>');
        const char *element = end ? strchr(end, '<') : NULL;
        if (element == NULL) break;
        position++;
        Variable *v = &fmu->variables[fmu->count];
        char value[64], causality[32] = "local", variability[32] = "continuous", initial[32] = "";
        if (!attribute(tag, end, "valueReference", value, sizeof value)) continue;
        v->vr = (fmi2ValueReference)strtoul(value, NULL, 10);
        attribute(tag, end, "name", v->name, sizeof v->name);
        attribute(tag, end, "causality", causality, sizeof causality);
        attribute(tag, end, "variability", variability, sizeof variability);
        attribute(tag, end, "initial", initial, sizeof initial);
        if (strncmp(element, "<Real", 5) == 0) v->type = T_REAL;
        else if (strncmp(element, "<Integer", 8) == 0 || strncmp(element, "<Enumeration", 12) == 0)
            v->type = T_INTEGER;
        else if (strncmp(element, "<Boolean", 8) == 0) v->type = T_BOOLEAN;
        else if (strncmp(element, "<String", 7) == 0) v->type = T_STRING;
        else continue;
        int constant = strcmp(variability, "constant") == 0;
        v->input = strcmp(causality, "input") == 0;
        v->tunable = strcmp(causality, "parameter") == 0 && strcmp(variability, "tunable") == 0;
        v->exact = !constant && (strcmp(initial, "exact") == 0 || strcmp(initial, "approx") == 0
                                 || (initial[0] == '\0' && strcmp(causality, "parameter") == 0));
        v->continuous = strcmp(variability, "continuous") == 0;
        /* derivative="k": this is the derivative of the k-th ScalarVariable (from 1), a state */
        const char *element_end = strchr(element, '>');
        if (element_end && state_count < 256
            && attribute(element, element_end, "derivative", value, sizeof value)) {
            states[state_count++] = (int)strtol(value, NULL, 10);
        }
        index[fmu->count] = position;
        if (v->vr > fmu->max_vr) fmu->max_vr = v->vr;
        fmu->count++;
    }
    for (int k = 0; k < state_count; k++) {
        for (int i = 0; i < fmu->count; i++) {
            if (index[i] == states[k]) fmu->variables[i].state = 1;
        }
    }
    fmu->nx = (size_t)state_count;
    char number[32];
    const char *root = strstr(xml, "<fmiModelDescription");
    const char *root_end = root ? strchr(root, '>') : NULL;
    if (root_end && attribute(root, root_end, "numberOfEventIndicators", number, sizeof number)) {
        fmu->ni = (size_t)strtoul(number, NULL, 10);
    }
    free(xml);
    if (fmu->count == 0) {
        fprintf(stderr, "fuzz: no variables in %s\n", path);
        exit(2);
    }
}

static void load(Fmu *fmu, const char *directory, const char *guid)
{
    fmu->directory = directory;
    fmu->guid = guid;
    char binaries[PATH_MAX], library[PATH_MAX + 256] = "";
    snprintf(binaries, sizeof binaries, "%s/binaries/linux64", directory);
    DIR *dir = opendir(binaries);
    for (struct dirent *e; dir && (e = readdir(dir)) != NULL;) {
        if (strstr(e->d_name, ".so")) snprintf(library, sizeof library, "%s/%s", binaries, e->d_name);
    }
    if (dir) closedir(dir);
    fmu->library = library[0] ? dlopen(library, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (fmu->library == NULL) {
        fprintf(stderr, "fuzz: cannot load the library in %s: %s\n", binaries, dlerror());
        exit(2);
    }
    char absolute[PATH_MAX];
    snprintf(fmu->location, sizeof fmu->location, "file://%s/resources",
             realpath(directory, absolute) ? absolute : directory);
    *(void **)&fmu->instantiate = dlsym(fmu->library, "fmi2Instantiate");
    *(void **)&fmu->freeInstance = dlsym(fmu->library, "fmi2FreeInstance");
    *(void **)&fmu->getTypesPlatform = dlsym(fmu->library, "fmi2GetTypesPlatform");
    *(void **)&fmu->getVersion = dlsym(fmu->library, "fmi2GetVersion");
    int missing = !fmu->instantiate || !fmu->freeInstance || !fmu->getTypesPlatform
                  || !fmu->getVersion;
    for (int fn = 0; fn < FUNCTION_COUNT; fn++) {
        /* both interfaces': the fuzzer also calls the other one's functions, to see them refused */
        fmu->f[fn] = dlsym(fmu->library, FUNCTION_NAMES[fn]);
        missing |= fmu->f[fn] == NULL;
    }
    if (missing) {
        fprintf(stderr, "fuzz: %s does not export every fmi2 function\n", library);
        exit(2);
    }
    read_variables(fmu);
}

/* ---- one instance and the model of its state ---- */

#define STATES 3   /* FMU state slots per instance */

typedef struct {
    enum State state;
    double now, start, stop;
    int stop_defined;
    /* Model Exchange: the last event instant (time may go back only to it, 3.2.3); whether it is
     * known exactly (not after restoring an FMU state taken in Continuous-Time Mode, where the
     * FMU state need not remember an Event Mode left without fmi2NewDiscreteStates); the instant
     * of the last fmi2NewDiscreteStates or fmi2ExitInitializationMode; fmi2NewDiscreteStates
     * answered newDiscreteStatesNeeded = false in this Event Mode (condition 8); its answers. */
    double event, processed;
    int event_known, settled, terminate_requested, next_event_defined;
    double next_event;
} Model;

typedef struct {
    Fmu *fmu;
    fmi2Component c;
    Model model;
    fmi2FMUstate states[STATES];
    Model saved[STATES];
    int corrupt[STATES]; /* the slot holds a bit-flipped state the FMU accepted */
    int uncertain; /* a corrupted state may have been accepted: the model no longer applies */
    /* what the logger saw, for the current call */
    int messages, errors, internal;
    char last[512];
} Instance;

static void logger(fmi2ComponentEnvironment environment, fmi2String name, fmi2Status status,
                   fmi2String category, fmi2String message, ...)
{
    (void)name;
    (void)category;
    Instance *instance = environment;
    char text[4096];
    va_list args;
    va_start(args, message);
    vsnprintf(text, sizeof text, message ? message : "(null)", args);
    va_end(args);
    if (instance == NULL) return;
    instance->messages++;
    if (status == fmi2Error || status == fmi2Fatal) instance->errors++;
    if (strstr(text, "internal error") || strstr(text, "Exception")) instance->internal++;
    if (status == fmi2Error || status == fmi2Fatal || instance->errors == 0) {
        /* the last error, else the last message */
        size_t n = strlen(text);
        if (n >= sizeof instance->last) n = sizeof instance->last - 1;
        memcpy(instance->last, text, n);
        instance->last[n] = '\0';
    }
}

/* ---- random numbers: splitmix64, one generator per sequence ---- */

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static int below(uint64_t *s, int n) { return (int)(next(s) % (uint64_t)n); }
static int chance(uint64_t *s, int percent) { return below(s, 100) < percent; }

/* ---- one worker thread ---- */

typedef struct {
    int index;
    Fmu *fmus[2];
    uint64_t first, count, stride;
    long failures, calls, sequences;
    _Atomic long long call_started; /* ns, 0 when not in a call: for the watchdog */
    _Atomic uint64_t seed;
    char failed_seeds[512];
} Worker;

static int trace;
static int lenient; /* FUZZ_LENIENT=1: only no crash, no hang, no fatal (FMUs with other rules) */
static int progress_fd = -1;
static double timeout_seconds = 30;

static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* The run of one sequence: its failure message, if any. */
typedef struct {
    Worker *worker;
    uint64_t seed;
    uint64_t rng;
    int call;
    char failure[1024];
} Run;

static void fail(Run *run, const char *format, ...)
{
    if (run->failure[0]) return; /* the first failure of a sequence is the one to report */
    va_list args;
    va_start(args, format);
    int n = snprintf(run->failure, sizeof run->failure, "call #%d: ", run->call);
    vsnprintf(run->failure + n, sizeof run->failure - (size_t)n, format, args);
    va_end(args);
}

/* What an allowed call's arguments make of it. */
typedef enum { VALID, INVALID, UNCERTAIN } Expect;

/* Starts a call: clears the logger's record, arms the watchdog. */
static void begin(Run *run, Instance *in)
{
    run->call++;
    in->messages = in->errors = in->internal = 0;
    in->last[0] = '\0';
    atomic_store(&run->worker->call_started, now_ns());
}

/* Ends a call: checks the status and the log against the oracle, updates the model on error. */
static void end(Run *run, Instance *in, enum Function fn, Expect expect, fmi2Status status,
                const char *arguments)
{
    atomic_store(&run->worker->call_started, 0);
    run->worker->calls++;
    enum State before = in->model.state;
    int allowed = table[fn][before] != '.';
    if (trace) {
        printf("  seed=%llu #%d %s(%s) in %s%s -> %d %s\n", (unsigned long long)run->seed, run->call,
               FUNCTION_NAMES[fn], arguments, STATE_NAMES[before], in->uncertain ? " (uncertain)" : "",
               (int)status, in->last);
    }
    if (status == fmi2Fatal || status < fmi2OK || status > fmi2Pending) {
        fail(run, "%s(%s) in state %s returned %d: %s", FUNCTION_NAMES[fn], arguments,
             STATE_NAMES[before], (int)status, in->last);
    }
    if (in->internal) {
        fail(run, "%s(%s) in state %s logged an internal error: %s", FUNCTION_NAMES[fn], arguments,
             STATE_NAMES[before], in->last);
    }
    if (status == fmi2Error && in->errors == 0) {
        fail(run, "%s(%s) in state %s returned fmi2Error without logging an error",
             FUNCTION_NAMES[fn], arguments, STATE_NAMES[before]);
    }
    if (lenient || in->uncertain || expect == UNCERTAIN) {
        return;
    }
    if (!allowed || expect == INVALID) {
        if (status != fmi2Error) {
            fail(run, "%s(%s) in state %s returned %d, expected fmi2Error (%s)", FUNCTION_NAMES[fn],
                 arguments, STATE_NAMES[before], (int)status,
                 allowed ? "invalid arguments" : "not allowed in this state");
        } else if (strstr(in->last, FUNCTION_NAMES[fn]) == NULL) {
            fail(run, "%s(%s) logged \"%s\", which does not name the function", FUNCTION_NAMES[fn],
                 arguments, in->last);
        }
        in->model.state = ERROR;
    } else if (status == fmi2Error) {
        fail(run, "%s(%s) in state %s returned fmi2Error for a legal call: %s", FUNCTION_NAMES[fn],
             arguments, STATE_NAMES[before], in->last);
        in->model.state = ERROR;
    }
}

#define CALL(fn, type) ((type)in->fmu->f[fn])

/* Whether fn (an fmi2Set function) may set the variable now: the table's numbered conditions. */
static int settable(Instance *in, enum Function fn, const Variable *v)
{
    switch (table[fn][in->model.state]) {
    case '1': return v->exact;
    case '3': return v->exact || v->input;
    case '4': /* Model Exchange, Event Mode */
    case '6': return v->input || v->tunable; /* Co-Simulation, stepComplete */
    case '5': return v->type == T_REAL && ((v->input && v->continuous) || v->state);
    default: return 0;
    }
}

/* A random variable of the type (settable by the function, unless FUNCTION_COUNT); NULL if there is none. */
static const Variable *pick(Run *run, Instance *in, Type type, enum Function only_settable_by)
{
    const Variable *found[256];
    int n = 0;
    for (int i = 0; i < in->fmu->count; i++) {
        const Variable *v = &in->fmu->variables[i];
        if (v->type == type && (only_settable_by == FUNCTION_COUNT || settable(in, only_settable_by, v)))
            found[n++] = v;
    }
    return n ? found[below(&run->rng, n)] : NULL;
}

/* A value reference that is no variable's. */
static fmi2ValueReference unknown_vr(Run *run, Instance *in)
{
    return chance(&run->rng, 50) ? 0xffffffffu : in->fmu->max_vr + 1 + (fmi2ValueReference)below(&run->rng, 1000);
}

static void values(Run *run, Instance *in, enum Function fn)
{
    int set = fn >= F_SET_REAL && fn <= F_SET_STRING;
    Type type = (Type)(fn - (set ? F_SET_REAL : F_GET_REAL));
    fmi2ValueReference vrs[4];
    union { fmi2Real r[4]; fmi2Integer i[4]; fmi2Boolean b[4]; fmi2String s[4]; } value;
    memset(&value, 0, sizeof value);
    static const char *strings[] = {"", "DLR-1", "ÄÖÜ %s %d #1#", "a longer string of text"};
    int n = below(&run->rng, 4) + (chance(&run->rng, 10) ? 0 : 1);
    int allowed = table[fn][in->model.state] != '.';
    Expect expect = VALID;
    for (int k = 0; k < n; k++) {
        const Variable *v = pick(run, in, type, set ? fn : FUNCTION_COUNT);
        if (v == NULL) { n = k; break; }
        vrs[k] = v->vr;
        switch (type) {
        case T_REAL: value.r[k] = (double)below(&run->rng, 2000) - 1000 + 0.25; break;
        case T_INTEGER: value.i[k] = below(&run->rng, 200) - 100; break;
        case T_BOOLEAN: value.b[k] = below(&run->rng, 3); break; /* 2: any non-zero is true */
        case T_STRING: value.s[k] = strings[below(&run->rng, 4)]; break;
        }
    }
    const fmi2ValueReference *vr_arg = vrs;
    void *value_arg = &value;
    const char *variant = "valid";
    int bad = allowed && chance(&run->rng, 20) ? below(&run->rng, 6) : -1;
    if (bad >= 0 && n == 0) { /* nothing settable: one variable anyway, to spoil */
        const Variable *v = pick(run, in, type, FUNCTION_COUNT);
        n = 1;
        vrs[0] = v ? v->vr : in->fmu->variables[0].vr;
        if (type == T_STRING) value.s[0] = strings[0]; /* the other members read 0 */
        expect = v == NULL || (set && !settable(in, fn, v)) ? INVALID : VALID;
    }
    switch (bad) {
    case 0: vr_arg = NULL; variant = "vr=NULL"; expect = INVALID; break;
    case 1: value_arg = NULL; variant = "value=NULL"; expect = INVALID; break;
    case 2: vrs[below(&run->rng, n)] = unknown_vr(run, in); variant = "unknown vr"; expect = INVALID; break;
    case 3: { /* a variable of another type, or (set) one not settable now */
        const Variable *v = &in->fmu->variables[below(&run->rng, in->fmu->count)];
        vrs[below(&run->rng, n)] = v->vr;
        variant = "other variable";
        expect = (v->type != type || (set && !settable(in, fn, v))) ? INVALID : VALID;
        break;
    }
    case 4:
        if (set && type == T_STRING) { value.s[below(&run->rng, n)] = NULL; variant = "string NULL"; expect = INVALID; }
        if (set && type == T_REAL && !lenient) { /* the fixtures' nonFinite is the default, "error" */
            static const double non_finite[] = {NAN, INFINITY, -INFINITY};
            value.r[below(&run->rng, n)] = non_finite[below(&run->rng, 3)];
            variant = "non-finite";
            expect = INVALID;
        }
        break;
    }
    size_t count = (size_t)n;
    if (bad == 5 && !lenient) { /* a count no array can have: bt-fmu FMUs reject it, others may trust it */
        count = chance(&run->rng, 50) ? SIZE_MAX : (size_t)1 << 40;
        variant = "implausible n";
        expect = INVALID;
    }
    char arguments[96];
    snprintf(arguments, sizeof arguments, "n=%zu, %s, first vr %u", count, variant, n ? vrs[0] : 0);
    begin(run, in);
    fmi2Status status = set
        ? CALL(fn, fmi2Status (*)(fmi2Component, const fmi2ValueReference *, size_t, const void *))(
              in->c, vr_arg, count, value_arg)
        : CALL(fn, fmi2Status (*)(fmi2Component, const fmi2ValueReference *, size_t, void *))(
              in->c, vr_arg, count, value_arg);
    end(run, in, fn, expect, status, arguments);
}

static double tolerance(double t) { return 1e-9 * fmax(1.0, fabs(t)); }

static void do_step(Run *run, Instance *in)
{
    Model *m = &in->model;
    double t = m->now, h = 0.5 * (1 + below(&run->rng, 8));
    const char *variant = "valid";
    switch (below(&run->rng, 24)) {
    case 0: h = 0; variant = "h=0"; break;
    case 1: h = -1; variant = "h<0"; break;
    case 2: h = NAN; variant = "h=NaN"; break;
    case 3: h = INFINITY; variant = "h=inf"; break;
    case 4: t = m->now + 1; variant = "t ahead"; break;
    case 5: t = NAN; variant = "t=NaN"; break;
    case 6: h = m->stop_defined ? (m->stop - m->now) + 10 : 1e300; variant = "huge h"; break;
    default: break;
    }
    /* FMI 2.0 4.2.2: h > 0, t the FMU's time (up to rounding), not past the stop time */
    int valid = h > 0 && isfinite(h) && !isnan(t) && fabs(t - m->now) <= tolerance(m->now)
                && !(m->stop_defined && t + h > m->stop + tolerance(m->stop));
    Expect expect = valid ? VALID : INVALID;
    char arguments[96];
    snprintf(arguments, sizeof arguments, "t=%g, h=%g, %s", t, h, variant);
    begin(run, in);
    fmi2Status status = CALL(F_DO_STEP, fmi2Status (*)(fmi2Component, fmi2Real, fmi2Real, fmi2Boolean))(
        in->c, t, h, (fmi2Boolean)below(&run->rng, 2));
    int allowed = table[F_DO_STEP][m->state] != '.';
    end(run, in, F_DO_STEP, expect, status, arguments);
    if (allowed && expect == VALID && !in->uncertain) {
        if (status == fmi2Discard) {
            /* a bounded step: stepFailed, the FMU says how far it got */
            m->state = STEP_FAILED;
            fmi2Real last = NAN;
            CALL(F_GET_REAL_STATUS, fmi2Status (*)(fmi2Component, fmi2StatusKind, fmi2Real *))(
                in->c, fmi2LastSuccessfulTime, &last);
            m->now = last;
        } else if (status == fmi2OK || status == fmi2Warning) {
            m->now = t + h;
        }
    }
}

static void setup_experiment(Run *run, Instance *in)
{
    double start = below(&run->rng, 3) * 10.0, stop = start + 20 + below(&run->rng, 100);
    int stop_defined = chance(&run->rng, 50);
    Expect expect = VALID;
    const char *variant = "valid";
    switch (below(&run->rng, 8)) {
    case 0: stop = start - 1; stop_defined = 1; variant = "stop<start"; expect = INVALID; break;
    case 1: start = NAN; variant = "start=NaN"; expect = INVALID; break;
    default: break;
    }
    char arguments[96];
    snprintf(arguments, sizeof arguments, "start=%g, stop=%g (%s), %s", start, stop,
             stop_defined ? "defined" : "undefined", variant);
    begin(run, in);
    fmi2Status status = CALL(F_SETUP_EXPERIMENT,
                             fmi2Status (*)(fmi2Component, fmi2Boolean, fmi2Real, fmi2Real, fmi2Boolean, fmi2Real))(
        in->c, fmi2False, 0, start, (fmi2Boolean)stop_defined, stop);
    int allowed = table[F_SETUP_EXPERIMENT][in->model.state] != '.';
    end(run, in, F_SETUP_EXPERIMENT, expect, status, arguments);
    if (allowed && expect == VALID && status == fmi2OK) {
        in->model.start = in->model.now = start;
        in->model.stop = stop;
        in->model.stop_defined = stop_defined;
    }
}

static Model fresh_model(void)
{
    return (Model){.state = INSTANTIATED, .event_known = 1};
}

/* The model after fmi2SetFMUstate of a slot. */
static void restore_model(Instance *in, int slot)
{
    in->model = in->saved[slot];
    in->model.settled = 0; /* condition 8 wants fmi2NewDiscreteStates again */
    if (in->model.state == CONTINUOUS_TIME_MODE && in->model.event != in->model.processed) {
        in->model.event_known = 0;
    }
}

/* Calls without arguments beyond the instance: the table alone decides. */
static void lifecycle(Run *run, Instance *in, enum Function fn)
{
    int allowed = table[fn][in->model.state] != '.';
    begin(run, in);
    fmi2Status status = CALL(fn, fmi2Status (*)(fmi2Component))(in->c);
    /* no step is ever in progress, and derivatives are not supported: always errors */
    Expect expect = fn == F_CANCEL_STEP ? INVALID : VALID;
    end(run, in, fn, expect, status, "");
    if (!allowed || status != fmi2OK || in->uncertain) return;
    Model *m = &in->model;
    switch (fn) {
    case F_ENTER_INIT: m->state = INITIALIZATION_MODE; break;
    case F_EXIT_INIT: /* Model Exchange: into Event Mode, an event instant at the start time */
        m->state = model_exchange ? EVENT_MODE : STEP_COMPLETE;
        m->now = m->event = m->processed = m->start;
        m->settled = 0;
        break;
    case F_TERMINATE: m->state = TERMINATED; break;
    case F_RESET: *m = fresh_model(); break;
    case F_ENTER_EVENT_MODE:
        m->state = EVENT_MODE;
        m->event = m->now;
        m->event_known = 1;
        m->settled = 0;
        break;
    case F_ENTER_CONTINUOUS_TIME_MODE: m->state = CONTINUOUS_TIME_MODE; break;
    default: break;
    }
}

static void derivatives(Run *run, Instance *in, enum Function fn)
{
    fmi2ValueReference vr = in->fmu->variables[0].vr;
    fmi2Real value[1] = {1};
    fmi2Integer order[1] = {1};
    begin(run, in);
    fmi2Status status;
    if (fn == F_GET_DIRECTIONAL_DERIVATIVE) {
        status = CALL(fn, fmi2Status (*)(fmi2Component, const fmi2ValueReference *, size_t,
                                         const fmi2ValueReference *, size_t, const fmi2Real *, fmi2Real *))(
            in->c, &vr, 1, &vr, 1, value, value);
    } else {
        status = CALL(fn, fmi2Status (*)(fmi2Component, const fmi2ValueReference *, size_t,
                                         const fmi2Integer *, fmi2Real *))(in->c, &vr, 1, order, value);
    }
    end(run, in, fn, INVALID, status, "unsupported");
}

static void status_query(Run *run, Instance *in, enum Function fn)
{
    fmi2StatusKind kind = (fmi2StatusKind)below(&run->rng, 5); /* 4: no such kind */
    union { fmi2Status s; fmi2Real r; fmi2Integer i; fmi2Boolean b; fmi2String str; } value;
    int null_value = chance(&run->rng, 15);
    begin(run, in);
    fmi2Status status = CALL(fn, fmi2Status (*)(fmi2Component, fmi2StatusKind, void *))(
        in->c, kind, null_value ? NULL : &value);
    char arguments[64];
    snprintf(arguments, sizeof arguments, "kind=%d%s", (int)kind, null_value ? ", value=NULL" : "");
    end(run, in, fn, null_value || kind > fmi2Terminated ? INVALID : VALID, status, arguments);
}

static void debug_logging(Run *run, Instance *in)
{
    static const fmi2String good[] = {"logStatusError", "logStatusWarning", "logAll"};
    static const fmi2String bad[] = {"logNothing"};
    int variant = below(&run->rng, 4);
    begin(run, in);
    fmi2Status (*set)(fmi2Component, fmi2Boolean, size_t, const fmi2String *) = in->fmu->f[F_SET_DEBUG_LOGGING];
    /* never switched off: the oracle needs the error messages */
    fmi2Status status = variant == 0 ? set(in->c, fmi2True, 0, NULL)
                        : variant == 1 ? set(in->c, fmi2True, 1, &good[below(&run->rng, 3)])
                        : variant == 2 ? set(in->c, fmi2True, 1, bad)
                                       : set(in->c, fmi2True, 2, NULL);
    static const char *names[] = {"all", "one category", "unknown category", "categories=NULL"};
    end(run, in, F_SET_DEBUG_LOGGING, variant >= 2 ? INVALID : VALID, status, names[variant]);
}

static void get_state(Run *run, Instance *in)
{
    int slot = below(&run->rng, STATES);
    int null_pointer = chance(&run->rng, 10);
    int allowed = table[F_GET_STATE][in->model.state] != '.';
    begin(run, in);
    fmi2Status status = CALL(F_GET_STATE, fmi2Status (*)(fmi2Component, fmi2FMUstate *))(
        in->c, null_pointer ? NULL : &in->states[slot]);
    end(run, in, F_GET_STATE, null_pointer ? INVALID : VALID, status,
        null_pointer ? "FMUstate=NULL" : "a slot");
    if (allowed && !null_pointer && status == fmi2OK) {
        in->saved[slot] = in->model;
        in->corrupt[slot] = 0;
    }
}

static void set_state(Run *run, Instance *in, Instance *other)
{
    int slot = below(&run->rng, STATES);
    fmi2FMUstate state = in->states[slot];
    const char *variant = "own";
    Expect expect = state == NULL ? INVALID : in->corrupt[slot] ? UNCERTAIN : VALID;
    int roll = below(&run->rng, 10);
    if (roll == 0) { state = (fmi2FMUstate)(uintptr_t)(0xdead000000000000ULL | next(&run->rng) >> 20); variant = "garbage"; expect = INVALID; }
    else if (roll == 1 && other != NULL && other->states[slot] != NULL) { state = other->states[slot]; variant = "another instance's"; expect = INVALID; }
    int allowed = table[F_SET_STATE][in->model.state] != '.';
    begin(run, in);
    fmi2Status status = CALL(F_SET_STATE, fmi2Status (*)(fmi2Component, fmi2FMUstate))(in->c, state);
    end(run, in, F_SET_STATE, expect, status, state ? variant : "NULL");
    if (allowed && expect == UNCERTAIN) {
        if (status == fmi2OK) in->uncertain = 1; else in->model.state = ERROR;
    }
    if (allowed && expect == VALID && status == fmi2OK && !in->uncertain) restore_model(in, slot);
}

static void free_state(Run *run, Instance *in)
{
    int slot = below(&run->rng, STATES);
    int variant = below(&run->rng, 10);
    fmi2FMUstate garbage = (fmi2FMUstate)(uintptr_t)0xdead0000beefULL;
    fmi2FMUstate *pointer = variant == 0 ? NULL : variant == 1 ? &garbage : &in->states[slot];
    int allowed = table[F_FREE_STATE][in->model.state] != '.';
    begin(run, in);
    fmi2Status status = CALL(F_FREE_STATE, fmi2Status (*)(fmi2Component, fmi2FMUstate *))(in->c, pointer);
    end(run, in, F_FREE_STATE, variant <= 1 ? INVALID : VALID, status,
        variant == 0 ? "NULL" : variant == 1 ? "garbage" : "a slot");
    if (allowed && variant > 1 && status == fmi2OK && in->states[slot] != NULL) {
        fail(run, "fmi2FreeFMUstate left the state pointer non-NULL");
    }
}

/* Every single-bit flip of a serialized state is refused: fmi2Error, logged naming the function
 * (the state carries a CRC-32C). The bytes are left as they were. */
static void every_bit_flip_refused(Run *run, Instance *in, fmi2Byte *bytes, size_t size, fmi2FMUstate *state)
{
    size_t accepted = 0, first = 0;
    for (size_t bit = 0; bit < 8 * size; bit++) {
        bytes[bit / 8] ^= (fmi2Byte)(1 << (bit % 8));
        begin(run, in);
        fmi2Status status = CALL(F_DESERIALIZE,
            fmi2Status (*)(fmi2Component, const fmi2Byte *, size_t, fmi2FMUstate *))(in->c, bytes, size, state);
        bytes[bit / 8] ^= (fmi2Byte)(1 << (bit % 8));
        int refused = status == fmi2Error && in->errors > 0 && strstr(in->last, FUNCTION_NAMES[F_DESERIALIZE]);
        if (!refused && accepted++ == 0) first = bit;
        end(run, in, F_DESERIALIZE, UNCERTAIN, status, "one bit flipped");
        if (status != fmi2OK) in->model.state = ERROR;
    }
    if (accepted > 0) {
        fail(run, "fmi2DeSerializeFMUstate accepted %zu of %zu single-bit flips of a %zu-byte state (first: bit %zu)",
             accepted, 8 * size, size, first);
    }
}

/* Size, serialize, deserialize: intact, too small, truncated, bit-flipped. */
static void serialize(Run *run, Instance *in)
{
    int slot = below(&run->rng, STATES);
    fmi2FMUstate state = in->states[slot];
    size_t size = 0;
    int allowed = table[F_STATE_SIZE][in->model.state] != '.';
    begin(run, in);
    fmi2Status status = CALL(F_STATE_SIZE, fmi2Status (*)(fmi2Component, fmi2FMUstate, size_t *))(
        in->c, state, &size);
    end(run, in, F_STATE_SIZE, state ? VALID : INVALID, status, state ? "own" : "NULL");
    if (!allowed || state == NULL || status != fmi2OK || in->uncertain || in->corrupt[slot]) return;
    if (size == 0 || size > (1 << 24)) {
        fail(run, "fmi2SerializedFMUstateSize gave %zu", size);
        return;
    }
    fmi2Byte *bytes = malloc(size);
    int small = chance(&run->rng, 15);
    begin(run, in);
    status = CALL(F_SERIALIZE, fmi2Status (*)(fmi2Component, fmi2FMUstate, fmi2Byte *, size_t))(
        in->c, state, bytes, small ? size - 1 : size);
    end(run, in, F_SERIALIZE, small ? INVALID : VALID, status, small ? "size-1" : "size");
    if (status == fmi2OK && !in->uncertain && in->model.state != ERROR) {
        int target = below(&run->rng, STATES);
        int variant = below(&run->rng, 4); /* 0 intact, 1 truncated, 2 bit flips, 3 NULL bytes */
        size_t length = size;
        if (variant == 1) length = (size_t)below(&run->rng, (int)size);
        if (variant == 2) {
            if (!lenient) every_bit_flip_refused(run, in, bytes, size, &in->states[target]);
            /* then 1-3 flips at distinct bits: CRC-32C detects every such error */
            size_t bits[3];
            for (int k = 0, flips = 1 + below(&run->rng, 3); k < flips; k++) {
                size_t bit;
                int repeated;
                do {
                    bit = (size_t)below(&run->rng, (int)size) * 8 + (size_t)below(&run->rng, 8);
                    repeated = 0;
                    for (int j = 0; j < k; j++) repeated |= bits[j] == bit;
                } while (repeated);
                bits[k] = bit;
                bytes[bit / 8] ^= (fmi2Byte)(1 << (bit % 8));
            }
        }
        Expect expect = variant == 0 ? VALID : lenient && variant == 2 ? UNCERTAIN : INVALID;
        static const char *names[] = {"intact", "truncated", "bit-flipped", "NULL bytes"};
        begin(run, in);
        status = CALL(F_DESERIALIZE, fmi2Status (*)(fmi2Component, const fmi2Byte *, size_t, fmi2FMUstate *))(
            in->c, variant == 3 ? NULL : bytes, length, &in->states[target]);
        end(run, in, F_DESERIALIZE, expect, status, names[variant]);
        if (status == fmi2OK && variant == 0) {
            in->saved[target] = in->saved[slot];
            in->corrupt[target] = 0;
        } else if (status == fmi2OK && variant == 2) {
            /* accepted: whatever it holds, setting it must not break the FMU */
            in->corrupt[target] = 1;
            begin(run, in);
            status = CALL(F_SET_STATE, fmi2Status (*)(fmi2Component, fmi2FMUstate))(in->c, in->states[target]);
            end(run, in, F_SET_STATE, UNCERTAIN, status, "bit-flipped");
            in->uncertain = status == fmi2OK;
            if (status != fmi2OK) in->model.state = ERROR;
        } else if (status == fmi2Error) {
            in->model.state = ERROR;
        }
    }
    free(bytes);
}

/* ---- Model Exchange (3.2) ---- */

/* fmi2SetTime: forward, back within the continuous-time interval, before the last event, NaN,
 * infinite, the next time event, past the stop time. */
static void set_time(Run *run, Instance *in)
{
    Model *m = &in->model;
    double t = m->now + 0.25 * below(&run->rng, 12);
    const char *variant = "forward";
    switch (m->event > m->processed && chance(&run->rng, 30) ? 8 : below(&run->rng, 15)) {
    case 0: t = NAN; variant = "NaN"; break;
    case 1: t = chance(&run->rng, 50) ? INFINITY : -INFINITY; variant = "infinite"; break;
    case 2: t = m->event - 1 - below(&run->rng, 5); variant = "before the last event"; break;
    case 3: t = -1; variant = "negative"; break;
    case 4: t = m->event + (m->now - m->event) * 0.5; variant = "back, after the last event"; break;
    case 5:
        if (m->next_event_defined) { t = m->next_event; variant = "the next time event"; }
        break;
    case 6: t = m->stop_defined ? m->stop + 1 : 1e300; variant = "past the stop time / huge"; break;
    case 7: t = m->now; variant = "unchanged"; break;
    case 8: /* after fmi2EnterEventMode without fmi2NewDiscreteStates: still an event */
        t = 0.5 * (m->processed + m->event);
        variant = "between the last two events";
        break;
    default: break;
    }
    /* time may go back only within a continuous-time interval, never before the last event
     * instant (3.2.3), nor past a defined stop time (2.1.6); condition 8 in Event Mode */
    double tol = tolerance(m->event);
    int valid = isfinite(t) && t >= m->event - tol
                && !(m->stop_defined && t > m->stop + tolerance(m->stop));
    Expect expect = valid ? VALID : INVALID;
    if (isfinite(t) && !m->event_known && t >= m->processed - tolerance(m->processed) && t < m->event - tol) {
        expect = UNCERTAIN; /* restored: whether that FMU state remembers the later event is open */
    }
    if (table[F_SET_TIME][m->state] == '8' && !(in->fmu->ni == 0 && in->fmu->nx == 0 && m->settled)) {
        expect = INVALID;
    }
    char arguments[96];
    snprintf(arguments, sizeof arguments, "t=%g, %s", t, variant);
    int allowed = table[F_SET_TIME][m->state] != '.';
    begin(run, in);
    fmi2Status status = CALL(F_SET_TIME, fmi2Status (*)(fmi2Component, fmi2Real))(in->c, t);
    end(run, in, F_SET_TIME, expect, status, arguments);
    if (allowed && expect == VALID && status <= fmi2Warning && !in->uncertain) {
        /* in Event Mode (condition 8) the time of the next event instant: it becomes an event
         * when fmi2NewDiscreteStates processes it (whether time may go back before that, the
         * spec leaves open; the model follows the last processed event) */
        m->now = fmax(t, m->event);
    }
    if (expect == UNCERTAIN) in->uncertain |= status <= fmi2Warning;
}

/* fmi2NewDiscreteStates, checking what it answers. */
static void new_discrete_states(Run *run, Instance *in)
{
    Model *m = &in->model;
    fmi2EventInfo info;
    memset(&info, 0xa5, sizeof info); /* whatever the FMU leaves unwritten shows */
    int null_info = chance(&run->rng, 8);
    int allowed = table[F_NEW_DISCRETE_STATES][m->state] != '.';
    begin(run, in);
    fmi2Status status = CALL(F_NEW_DISCRETE_STATES, fmi2Status (*)(fmi2Component, fmi2EventInfo *))(
        in->c, null_info ? NULL : &info);
    end(run, in, F_NEW_DISCRETE_STATES, null_info ? INVALID : VALID, status, null_info ? "NULL" : "");
    if (!allowed || null_info || status > fmi2Warning || in->uncertain) return;
    const fmi2Boolean flags[] = {info.newDiscreteStatesNeeded, info.terminateSimulation,
        info.nominalsOfContinuousStatesChanged, info.valuesOfContinuousStatesChanged,
        info.nextEventTimeDefined};
    for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++) {
        if (flags[k] != fmi2False && flags[k] != fmi2True) {
            fail(run, "fmi2NewDiscreteStates left eventInfo field %zu at %d", k, (int)flags[k]);
        }
    }
    if (info.nextEventTimeDefined == fmi2True
        && !(isfinite(info.nextEventTime) && info.nextEventTime >= m->now - tolerance(m->now))) {
        fail(run, "fmi2NewDiscreteStates: nextEventTime %g is not after the current time %g",
             info.nextEventTime, m->now);
    }
    m->processed = m->event = m->now;
    m->event_known = 1;
    m->settled = info.newDiscreteStatesNeeded == fmi2False;
    m->terminate_requested = info.terminateSimulation == fmi2True;
    m->next_event_defined = info.nextEventTimeDefined == fmi2True;
    m->next_event = info.nextEventTime;
}

/* fmi2CompletedIntegratorStep with either output pointer NULL sometimes. */
static int completed_integrator_step(Run *run, Instance *in)
{
    fmi2Boolean enter = 7, terminate = 7;
    int variant = below(&run->rng, 10); /* 0: enterEventMode NULL, 1: terminateSimulation NULL */
    begin(run, in);
    fmi2Status status = CALL(F_COMPLETED_INTEGRATOR_STEP,
                             fmi2Status (*)(fmi2Component, fmi2Boolean, fmi2Boolean *, fmi2Boolean *))(
        in->c, (fmi2Boolean)below(&run->rng, 2), variant == 0 ? NULL : &enter,
        variant == 1 ? NULL : &terminate);
    static const char *names[] = {"enterEventMode=NULL", "terminateSimulation=NULL", "valid"};
    end(run, in, F_COMPLETED_INTEGRATOR_STEP, variant <= 1 ? INVALID : VALID, status,
        names[variant <= 1 ? variant : 2]);
    if (variant <= 1 || status > fmi2Warning || table[F_COMPLETED_INTEGRATOR_STEP][in->model.state] == '.')
        return 0;
    if ((enter != fmi2False && enter != fmi2True) || (terminate != fmi2False && terminate != fmi2True)) {
        fail(run, "fmi2CompletedIntegratorStep left enterEventMode=%d, terminateSimulation=%d",
             (int)enter, (int)terminate);
    }
    return enter == fmi2True;
}

/* The functions on the arrays of continuous states and event indicators: right, wrong and
 * implausible lengths, NULL arrays. */
static void state_array(Run *run, Instance *in, enum Function fn)
{
    size_t expected = fn == F_GET_EVENT_INDICATORS ? in->fmu->ni : in->fmu->nx;
    fmi2Real values[64];
    for (int k = 0; k < 64; k++) values[k] = below(&run->rng, 400) - 200 + 0.5;
    size_t n = expected;
    fmi2Real *array = values;
    const char *variant = "valid";
    switch (below(&run->rng, 10)) {
    case 0: n = expected + 1; variant = "one too many"; break;
    case 1: n = expected > 0 ? expected - 1 : 3; variant = expected > 0 ? "one too few" : "3 for none"; break;
    case 2: array = NULL; variant = "NULL array"; break;
    case 3: n = chance(&run->rng, 50) ? SIZE_MAX : (size_t)1 << 40; variant = "implausible n"; break;
    default: break;
    }
    if (expected + 1 > 64) n = expected; /* the array would be too short: keep it right */
    Expect expect = n != expected || (array == NULL && n > 0) ? INVALID : VALID;
    char arguments[96];
    snprintf(arguments, sizeof arguments, "n=%zu of %zu, %s", n, expected, variant);
    begin(run, in);
    fmi2Status status = fn == F_SET_CONTINUOUS_STATES
        ? CALL(fn, fmi2Status (*)(fmi2Component, const fmi2Real *, size_t))(in->c, array, n)
        : CALL(fn, fmi2Status (*)(fmi2Component, fmi2Real *, size_t))(in->c, array, n);
    end(run, in, fn, expect, status, arguments);
}

/* An event iteration as an integrator does it: into Event Mode, fmi2NewDiscreteStates until no
 * new discrete states are needed, then on in Continuous-Time Mode or, if asked, terminate. */
static void event_iteration(Run *run, Instance *in)
{
    if (in->model.state == CONTINUOUS_TIME_MODE) lifecycle(run, in, F_ENTER_EVENT_MODE);
    if (in->model.state != EVENT_MODE || in->uncertain) return;
    for (int k = 0; k < 10 && in->model.state == EVENT_MODE && !in->model.settled && !in->uncertain; k++) {
        new_discrete_states(run, in);
    }
    if (in->model.state != EVENT_MODE || in->uncertain) return;
    Model *m = &in->model;
    if (in->fmu->ni == 0 && in->fmu->nx == 0 && m->settled && !m->terminate_requested && chance(&run->rng, 60)) {
        /* a pure discrete-time FMU: on to the next event instant in Event Mode (condition 8) */
        double t = m->next_event_defined ? m->next_event : m->now + 1 + below(&run->rng, 3);
        Expect expect = m->stop_defined && t > m->stop + tolerance(m->stop) ? INVALID : VALID;
        begin(run, in);
        fmi2Status status = CALL(F_SET_TIME, fmi2Status (*)(fmi2Component, fmi2Real))(in->c, t);
        end(run, in, F_SET_TIME, expect, status, "the next event instant");
        if (expect == VALID && status <= fmi2Warning && !in->uncertain) {
            m->now = t;
            new_discrete_states(run, in);
        }
        return;
    }
    lifecycle(run, in, m->terminate_requested ? F_TERMINATE : F_ENTER_CONTINUOUS_TIME_MODE);
}

/* One integrator step: time forward (up to the next time event), inputs, states, derivatives,
 * event indicators, and the event iteration when the FMU asks for one. */
static void integrator_step(Run *run, Instance *in)
{
    Model *m = &in->model;
    if (m->state != CONTINUOUS_TIME_MODE) {
        set_time(run, in);
        return;
    }
    double h = 0.5 * (1 + below(&run->rng, 6));
    double t = m->now + h;
    if (m->next_event_defined && t > m->next_event) t = m->next_event;
    if (m->stop_defined && t > m->stop) t = m->stop;
    begin(run, in);
    fmi2Status status = CALL(F_SET_TIME, fmi2Status (*)(fmi2Component, fmi2Real))(in->c, t);
    end(run, in, F_SET_TIME, VALID, status, "integrator step");
    if (status > fmi2Warning || in->uncertain) return;
    m->now = t;
    if (chance(&run->rng, 50)) values(run, in, F_SET_REAL);
    if (in->fmu->nx > 0 && chance(&run->rng, 60)) state_array(run, in, F_SET_CONTINUOUS_STATES);
    if (chance(&run->rng, 60)) state_array(run, in, F_GET_DERIVATIVES);
    if (chance(&run->rng, 60)) state_array(run, in, F_GET_EVENT_INDICATORS);
    if (m->state != CONTINUOUS_TIME_MODE || in->uncertain) return;
    int time_event = m->next_event_defined && m->now >= m->next_event - tolerance(m->next_event);
    if (completed_integrator_step(run, in) || time_event || chance(&run->rng, 15)) event_iteration(run, in);
}

static void me_call(Run *run, Instance *in, int roll)
{
    if (roll < 12) { integrator_step(run, in); return; }
    if (roll < 18) { set_time(run, in); return; }
    if (roll < 26) { event_iteration(run, in); return; }
    if (roll < 30) { new_discrete_states(run, in); return; }
    if (roll < 34) {
        if (in->model.state == CONTINUOUS_TIME_MODE && chance(&run->rng, 50)) {
            /* an event left without fmi2NewDiscreteStates (the table allows it), then time back */
            set_time(run, in);
            lifecycle(run, in, F_ENTER_EVENT_MODE);
            lifecycle(run, in, F_ENTER_CONTINUOUS_TIME_MODE);
            set_time(run, in);
            return;
        }
        lifecycle(run, in, chance(&run->rng, 50) ? F_ENTER_EVENT_MODE : F_ENTER_CONTINUOUS_TIME_MODE);
        return;
    }
    if (roll < 37) { completed_integrator_step(run, in); return; }
    state_array(run, in, (enum Function)(F_SET_CONTINUOUS_STATES + below(&run->rng, 5)));
}

static const fmi2CallbackFunctions *callbacks_for(Instance *in)
{
    static __thread fmi2CallbackFunctions callbacks;
    callbacks = (fmi2CallbackFunctions){logger, calloc, free, NULL, in};
    return &callbacks;
}

static int instantiate(Run *run, Instance *in, Fmu *fmu)
{
    memset(in, 0, sizeof *in);
    in->fmu = fmu;
    char name[64];
    snprintf(name, sizeof name, "fuzz-%llu", (unsigned long long)run->seed);
    atomic_store(&run->worker->call_started, now_ns());
    in->c = fmu->instantiate(name, model_exchange ? fmi2ModelExchange : fmi2CoSimulation, fmu->guid, fmu->location, callbacks_for(in),
                             fmi2False, fmi2False);
    atomic_store(&run->worker->call_started, 0);
    if (in->c == NULL) {
        fail(run, "fmi2Instantiate returned NULL: %s", in->last);
        return -1;
    }
    in->model = fresh_model();
    return 0;
}

static void free_instance(Run *run, Instance *in)
{
    atomic_store(&run->worker->call_started, now_ns());
    in->fmu->freeInstance(in->c);
    atomic_store(&run->worker->call_started, 0);
    in->c = NULL;
}

/* Instantiation with bad arguments: NULL (with a message where there is a logger), never a crash. */
static void bad_instantiate(Run *run, Fmu *fmu)
{
    Instance probe;
    memset(&probe, 0, sizeof probe);
    int variant = below(&run->rng, 5);
    static const char *names[] = {"wrong GUID", "NULL resource location", "http location",
                                  "NULL callbacks", "the other interface"};
    atomic_store(&run->worker->call_started, now_ns());
    fmi2Component c = fmu->instantiate(
        "fuzz-bad", (variant == 4) != model_exchange ? fmi2ModelExchange : fmi2CoSimulation,
        variant == 0 ? "{00000000-0000-0000-0000-000000000000}" : fmu->guid,
        variant == 1 ? NULL : variant == 2 ? "http://example.org/resources" : fmu->location,
        variant == 3 ? NULL : callbacks_for(&probe), fmi2False, fmi2False);
    atomic_store(&run->worker->call_started, 0);
    run->worker->calls++;
    if (variant == 4 || lenient) {
        if (c != NULL) fmu->freeInstance(c); /* an FMU may offer both interfaces */
        return;
    }
    if (c != NULL) {
        fail(run, "fmi2Instantiate with %s returned an instance", names[variant]);
        fmu->freeInstance(c);
    } else if (variant != 3 && probe.messages == 0) {
        fail(run, "fmi2Instantiate with %s returned NULL without a message", names[variant]);
    }
    if (probe.internal) fail(run, "fmi2Instantiate with %s: internal error: %s", names[variant], probe.last);
}

static void warm_up(Run *run, Instance *in);

/* Out of the error state, mostly: by a saved state or by a reset (legal in error). */
static void recover(Run *run, Instance *in)
{
    int slot = below(&run->rng, STATES);
    if (in->states[slot] != NULL && !in->corrupt[slot] && chance(&run->rng, 60)) {
        begin(run, in);
        fmi2Status status = CALL(F_SET_STATE, fmi2Status (*)(fmi2Component, fmi2FMUstate))(
            in->c, in->states[slot]);
        end(run, in, F_SET_STATE, VALID, status, "recover");
        if (status == fmi2OK) restore_model(in, slot);
        return;
    }
    lifecycle(run, in, F_RESET);
    warm_up(run, in);
}

static void one_call(Run *run, Instance *instances, int n)
{
    Instance *in = &instances[below(&run->rng, n)];
    Instance *other = &instances[below(&run->rng, n)];
    if (in->model.state == ERROR && !in->uncertain && chance(&run->rng, 60)) {
        recover(run, in);
        return;
    }
    /* Model Exchange: its own functions in about 40% of the calls, fmi2DoStep rarely;
     * Co-Simulation: now and then a Model Exchange function, which it must refuse */
    if (chance(&run->rng, model_exchange ? 30 : 2)) { me_call(run, in, below(&run->rng, 40)); return; }
    int roll = below(&run->rng, 100);
    if (roll < 18) {
        if (model_exchange && chance(&run->rng, 90)) me_call(run, in, below(&run->rng, 40));
        else do_step(run, in);
        return;
    }
    if (roll < 34) { values(run, in, (enum Function)(F_GET_REAL + below(&run->rng, 8))); return; }
    if (roll < 42) { lifecycle(run, in, (enum Function)(F_ENTER_INIT + below(&run->rng, 4))); return; }
    if (roll < 46) { setup_experiment(run, in); return; }
    if (roll < 52) { get_state(run, in); return; }
    if (roll < 58) { set_state(run, in, other != in ? other : NULL); return; }
    if (roll < 61) { free_state(run, in); return; }
    if (roll < 66) { serialize(run, in); return; }
    if (roll < 70) { status_query(run, in, (enum Function)(F_GET_STATUS + below(&run->rng, 5))); return; }
    if (roll < 72) { derivatives(run, in, (enum Function)(F_GET_DIRECTIONAL_DERIVATIVE + below(&run->rng, 3))); return; }
    if (roll < 74) { lifecycle(run, in, F_CANCEL_STEP); return; }
    if (roll < 77) { debug_logging(run, in); return; }
    if (roll < 79) { bad_instantiate(run, in->fmu); return; }
    if (roll < 81) { /* a NULL instance */
        fmi2Status (*step)(fmi2Component, fmi2Real, fmi2Real, fmi2Boolean) = in->fmu->f[F_DO_STEP];
        if (step(NULL, 0, 1, fmi2True) != fmi2Error) fail(run, "fmi2DoStep(NULL) is not fmi2Error");
        in->fmu->freeInstance(NULL);
        return;
    }
    if (roll < 83) {
        if (strcmp(in->fmu->getTypesPlatform(), fmi2TypesPlatform) != 0
            || strcmp(in->fmu->getVersion(), fmi2Version) != 0) {
            fail(run, "fmi2GetTypesPlatform/fmi2GetVersion answer wrongly");
        }
        return;
    }
    /* free the instance and start another one, of either FMU */
    Fmu *fmu = run->worker->fmus[below(&run->rng, 2)];
    free_instance(run, in);
    instantiate(run, in, fmu);
}

/* Often enough, drive an instance through initialization so that steps have something to do. */
static void warm_up(Run *run, Instance *in)
{
    if (chance(&run->rng, 30)) return;
    if (chance(&run->rng, 50)) setup_experiment(run, in);
    lifecycle(run, in, F_ENTER_INIT);
    if (chance(&run->rng, 80)) lifecycle(run, in, F_EXIT_INIT);
    if (model_exchange && chance(&run->rng, 70)) event_iteration(run, in);
}

static void sequence(Run *run)
{
    Instance instances[3];
    int n = 1 + below(&run->rng, 3);
    for (int i = 0; i < n; i++) {
        if (instantiate(run, &instances[i], run->worker->fmus[below(&run->rng, 2)]) != 0) {
            for (int k = 0; k < i; k++) free_instance(run, &instances[k]);
            return;
        }
        warm_up(run, &instances[i]);
    }
    int calls = 10 + below(&run->rng, 51);
    for (int k = 0; k < calls && !run->failure[0]; k++) {
        one_call(run, instances, n);
        for (int i = 0; i < n; i++) {
            if (instances[i].c == NULL) {
                /* a failed re-instantiation: the failure is recorded; stop here */
                for (int j = 0; j < n; j++) if (instances[j].c) free_instance(run, &instances[j]);
                return;
            }
            if (instances[i].uncertain && chance(&run->rng, 25)) {
                /* after a few calls on a state nobody can predict: a fresh instance */
                Fmu *fmu = instances[i].fmu;
                free_instance(run, &instances[i]);
                if (instantiate(run, &instances[i], fmu) != 0) {
                    for (int j = 0; j < n; j++) if (instances[j].c) free_instance(run, &instances[j]);
                    return;
                }
            }
        }
    }
    for (int i = 0; i < n; i++) free_instance(run, &instances[i]);
}

static void record_progress(Worker *worker, uint64_t seed)
{
    if (progress_fd < 0) return;
    char line[32];
    snprintf(line, sizeof line, "%2d %20llu\n", worker->index, (unsigned long long)seed);
    pwrite(progress_fd, line, 24, (off_t)worker->index * 24);
}

static void *work(void *argument)
{
    Worker *worker = argument;
    for (uint64_t i = 0; i < worker->count; i++) {
        Run run;
        memset(&run, 0, sizeof run);
        run.worker = worker;
        run.seed = worker->first + i * worker->stride;
        run.rng = run.seed * 0x2545f4914f6cdd1dULL + 1;
        atomic_store(&worker->seed, run.seed);
        record_progress(worker, run.seed);
        sequence(&run);
        worker->sequences++;
        if (run.failure[0]) {
            worker->failures++;
            printf("FAIL seed=%llu: %s\n", (unsigned long long)run.seed, run.failure);
            fflush(stdout);
        }
    }
    return NULL;
}

/* Ends the process when a call has run longer than the time-out: a hang. */
static void *watchdog(void *argument)
{
    Worker **workers = argument;
    for (;;) {
        struct timespec pause = {0, 100000000};
        nanosleep(&pause, NULL);
        for (int i = 0; workers[i]; i++) {
            long long started = atomic_load(&workers[i]->call_started);
            if (started && now_ns() - started > (long long)(timeout_seconds * 1e9)) {
                printf("FAIL seed=%llu: a call did not return within %g s (thread %d)\n",
                       (unsigned long long)atomic_load(&workers[i]->seed), timeout_seconds, i);
                fflush(stdout);
                _exit(3);
            }
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 8) {
        fprintf(stderr, "usage: fuzz <table> <fmu-dir> <guid> <fmu-dir-2> <guid-2> <first-seed> "
                        "<count> [threads]\n");
        return 2;
    }
    read_table(argv[1]);
    static Fmu fmus[2];
    load(&fmus[0], argv[2], argv[3]);
    load(&fmus[1], argv[4], argv[5]);
    uint64_t first = strtoull(argv[6], NULL, 10), count = strtoull(argv[7], NULL, 10);
    int threads = argc > 8 ? atoi(argv[8]) : 2;
    if (threads < 1 || threads > 64) threads = 1;
    trace = getenv("FUZZ_TRACE") != NULL && strcmp(getenv("FUZZ_TRACE"), "1") == 0;
    lenient = getenv("FUZZ_LENIENT") != NULL && strcmp(getenv("FUZZ_LENIENT"), "1") == 0;
    if (getenv("FUZZ_TIMEOUT")) timeout_seconds = atof(getenv("FUZZ_TIMEOUT"));
    if (getenv("FUZZ_PROGRESS")) progress_fd = open(getenv("FUZZ_PROGRESS"), O_WRONLY | O_CREAT | O_TRUNC, 0644);

    Worker *workers = calloc((size_t)threads, sizeof *workers);
    Worker **list = calloc((size_t)threads + 1, sizeof *list);
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    for (int k = 0; k < threads; k++) {
        workers[k].index = k;
        workers[k].fmus[0] = &fmus[0];
        workers[k].fmus[1] = &fmus[1];
        workers[k].first = first + (uint64_t)k;
        workers[k].stride = (uint64_t)threads;
        workers[k].count = count / (uint64_t)threads + ((uint64_t)k < count % (uint64_t)threads);
        list[k] = &workers[k];
    }
    pthread_t dog;
    pthread_create(&dog, NULL, watchdog, list);
    pthread_detach(dog);
    for (int k = 0; k < threads; k++) pthread_create(&ids[k], NULL, work, &workers[k]);
    long failures = 0, calls = 0, sequences = 0;
    for (int k = 0; k < threads; k++) {
        pthread_join(ids[k], NULL);
        failures += workers[k].failures;
        calls += workers[k].calls;
        sequences += workers[k].sequences;
    }
    printf("fuzz: %ld sequences (seeds %llu..%llu), %ld calls, %d threads, %ld failed\n", sequences,
           (unsigned long long)first, (unsigned long long)(first + count - 1), calls, threads, failures);
    return failures == 0 ? 0 : 1;
}
