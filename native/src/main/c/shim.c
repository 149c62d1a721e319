/*
 * The generic FMU shim: exports the FMI 2.0 Model Exchange and Co-Simulation functions and
 * forwards each one to a static method of org.btfmu.fmu.FmiEntry in the class
 * loader of the FMU's runtime (runtime.c), with primitive arguments (C addresses as long). Only
 * marshalling lives here: the calling-sequence rules, argument checks and all
 * logging of FMI errors are done in Java.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmi2.h"
#include "shim.h"

/*
 * The values an instance published (PublishedValues.java, which owns the memory): after a
 * fmi2Get* or fmi2DoStep that Java served, Java writes every Real, Integer and Boolean value of
 * the instance here and sets valid; the shim clears valid before forwarding any call, so a
 * value read from here is the one Java would return to the same call at that moment. Java
 * decides when that holds (its calling-sequence state, logCalls); the shim only copies: a
 * fmi2Get* whose value references all lie here with the asked type costs no up-call.
 *
 * Sets likewise: while valid, a fmi2Set* whose value references all carry SET_HERE (inputs
 * that Java accepts in this state, whose value reads back as set) and whose Real values are
 * finite (the one check Java's table leaves to the shim) is appended to the pending list and
 * written into the values; Java applies the list, in order, when the shim next calls it, before
 * the call itself. While sets are pending, a read of a variable marked FEEDS (an output
 * expression can carry a set input into it at once) goes to Java. Everything else (a wrong type,
 * an unknown reference, a NULL array, a non-finite value, a full list) goes to Java, which
 * reports it on that call.
 */
typedef struct {
    int32_t valid;
    int32_t count;             /* value references 0 .. count - 1 */
    int32_t pending;           /* entries in the pending list: the shim appends, Java empties */
    int32_t capacity;          /* of the pending list */
    unsigned char kinds[];     /* per value reference: its type (TYPE_BITS: PUBLISHED_REAL,
                                * _INTEGER, _BOOLEAN or 0) | its flags (SET_HERE, FEEDS) */
    /* then, 8-aligned: one 8-byte value per value reference, a double or an int64; the
     * pending list (PendingSet). The whole starts at a 64-byte boundary: the header and the
     * first 48 kinds share one cache line. */
} Published;

typedef struct {
    int32_t vr;
    int32_t unused;
    unsigned char value[8]; /* as in the values */
} PendingSet;

enum { PUBLISHED_REAL = 1, PUBLISHED_INTEGER = 2, PUBLISHED_BOOLEAN = 3, TYPE_BITS = 3 };
enum { SET_HERE = 4, FEEDS = 8 };

/* What fmi2Instantiate returns: the Java slave's handle and where to call it. */
typedef struct {
    /* Where the published values are (NULL: every call goes to Java), found once at instantiate;
     * the first line of the struct, for the reads and sets that need nothing else of it. */
    Published *published;
    unsigned char *values;     /* 8 bytes per value reference */
    PendingSet *pending_list;
    uint32_t count;
    Runtime *runtime;
    JavaVM *vm;
    jlong handle;
    fmi2CallbackLogger logger;
    fmi2ComponentEnvironment environment;
    char *name;
} Component;

#define ADDRESS(p) ((jlong)(intptr_t)(p))

/* Passes a message to the importer's printf-like logger with '%' and '#' escaped. */
static void log_error(fmi2CallbackLogger logger, fmi2ComponentEnvironment environment,
                      fmi2String name, const char *message)
{
    if (logger == NULL) {
        return;
    }
    char escaped[2 * SHIM_ERROR_SIZE];
    size_t n = 0;
    for (const char *p = message; *p && n + 2 < sizeof escaped; p++) {
        if (*p == '%' || *p == '#') {
            escaped[n++] = *p;
        }
        escaped[n++] = *p;
    }
    escaped[n] = '\0';
    logger(environment, name, fmi2Error, "logStatusError", escaped);
}

/*
 * Calls the Java method m with the arguments that follow. A Java exception
 * (the entry methods catch every Throwable, so this means e.g. a stack
 * overflow) becomes fmi2Error with a message.
 */
static fmi2Status forward(fmi2Component c, enum EntryMethod m, ...)
{
    Component *component = c;
    if (component == NULL) {
        return fmi2Error;
    }
    char why[256];
    JNIEnv *env = shim_env(component->vm, why, sizeof why);
    if (env == NULL) {
        char function[64], message[sizeof why + 80];
        shim_function_name(m, function, sizeof function);
        snprintf(message, sizeof message, "%s: %s", function, why);
        log_error(component->logger, component->environment, component->name, message);
        return fmi2Error;
    }
    if (component->published != NULL) {
        component->published->valid = 0;
    }
    va_list args;
    va_start(args, m);
    jint status = (*env)->CallStaticIntMethodV(env, component->runtime->entry,
                                               component->runtime->methods[m], args);
    va_end(args);
    if ((status & ~SHIM_STATUS_BITS) != SHIM_RETURNED && (*env)->ExceptionCheck(env)) {
        char error[SHIM_ERROR_SIZE];
        shim_describe_exception(env, "the FMU's Java code failed", error, sizeof error);
        log_error(component->logger, component->environment, component->name, error);
        return fmi2Error;
    }
    return (fmi2Status)(status & SHIM_STATUS_BITS);
}

/*
 * The FFM up-call stub of the function when the runtime has one (Java 22+) and the calling
 * thread is attached; else NULL, and the call goes through forward (JNI), which also says why a
 * thread cannot be attached. The stubs catch every Throwable themselves (UpcallStubs.java).
 */
static jlong direct(fmi2Component c, enum Upcall u)
{
    Component *component = c;
    if (component == NULL || component->runtime->upcalls[u] == 0) {
        return 0;
    }
    char why[256];
    if (shim_env(component->vm, why, sizeof why) == NULL) {
        return 0;
    }
    if (component->published != NULL) {
        component->published->valid = 0;
    }
    return component->runtime->upcalls[u];
}

typedef jint (*DoStepStub)(jlong, jdouble, jdouble, jboolean);
typedef jint (*ValuesStub)(jlong, jlong, jlong, jlong);

#define HANDLE(c) ((c) != NULL ? ((Component *)(c))->handle : 0)
#define BOOL(b) ((jboolean)((b) != 0))

const char *fmi2GetTypesPlatform(void) { return fmi2TypesPlatform; }

const char *fmi2GetVersion(void) { return fmi2Version; }

static fmi2Component instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                                 fmi2String fmuResourceLocation, fmi2CallbackLogger logger,
                                 fmi2ComponentEnvironment environment, const char *resources,
                                 const char *bundled, fmi2Boolean visible, fmi2Boolean loggingOn);

fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                              fmi2String fmuResourceLocation,
                              const fmi2CallbackFunctions *functions, fmi2Boolean visible,
                              fmi2Boolean loggingOn)
{
    if (functions == NULL) {
        return NULL; /* nowhere to say why */
    }
    fmi2CallbackLogger logger = functions->logger;
    fmi2ComponentEnvironment environment = functions->componentEnvironment;
    char error[SHIM_ERROR_SIZE] = "";
    char resources[PATH_MAX];
    const char *bundled = NULL;
    if (fmuResourceLocation == NULL) {
        log_error(logger, environment, instanceName,
                  "fmi2Instantiate: fmuResourceLocation is NULL; this FMU needs its resources "
                  "directory (its Java runtime and mission live there)");
        return NULL;
    }
    if (shim_uri_to_path(fmuResourceLocation, resources, sizeof resources) == 0) {
        bundled = resources;
    } else {
        snprintf(error, sizeof error,
                 "fmi2Instantiate: fmuResourceLocation '%s' is not a local file URI",
                 fmuResourceLocation);
        log_error(logger, environment, instanceName, error);
        return NULL;
    }

    /* Java code may change the locale and SIGCHLD while it starts: the host's stay. */
    HostSettings settings;
    shim_save_host_settings(&settings);
    ENTER_JVM;
    fmi2Component instance = instantiate(instanceName, fmuType, fmuGUID, fmuResourceLocation,
                                         logger, environment, resources, bundled, visible,
                                         loggingOn);
    LEAVE_JVM;
    shim_restore_host_settings(&settings);
    return instance;
}

/* fmi2Instantiate once the resources directory is known. */
static fmi2Component instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                                 fmi2String fmuResourceLocation, fmi2CallbackLogger logger,
                                 fmi2ComponentEnvironment environment, const char *resources,
                                 const char *bundled, fmi2Boolean visible, fmi2Boolean loggingOn)
{
    char error[SHIM_ERROR_SIZE] = "";
    JavaVM *vm = shim_jvm(bundled, error, sizeof error);
    JNIEnv *env = vm != NULL ? shim_env(vm, error, sizeof error) : NULL;
    Runtime *runtime = env != NULL
        ? shim_runtime(env, resources, error, sizeof error) : NULL;
    Component *component = runtime != NULL ? calloc(1, sizeof *component) : NULL;
    if (component == NULL) {
        char message[SHIM_ERROR_SIZE + 64];
        snprintf(message, sizeof message, "fmi2Instantiate: %s",
                 error[0] ? error : "out of memory");
        log_error(logger, environment, instanceName, message);
        return NULL;
    }
    component->runtime = runtime;
    component->vm = vm;
    component->logger = logger;
    component->environment = environment;
    component->name = strdup(instanceName != NULL ? instanceName : "");

    jlong handle = (*env)->CallStaticLongMethod(
        env, runtime->entry, runtime->methods[M_INSTANTIATE], ADDRESS(instanceName),
        (jint)fmuType, ADDRESS(fmuGUID), ADDRESS(fmuResourceLocation), ADDRESS(logger),
        ADDRESS(environment), BOOL(visible), BOOL(loggingOn));
    if ((*env)->ExceptionCheck(env)) {
        shim_describe_exception(env, "fmi2Instantiate: the FMU's Java code failed", error,
                                sizeof error);
        log_error(logger, environment, instanceName, error);
        handle = 0;
    }
    if (handle == 0) {
        free(component->name);
        free(component);
        return NULL; /* Java has logged why */
    }
    component->handle = handle;
    jlong published = (*env)->CallStaticLongMethod(env, runtime->entry,
                                                   runtime->methods[M_PUBLISHED_VALUES], handle);
    if ((*env)->ExceptionCheck(env)) {
        (*env)->ExceptionClear(env);
        published = 0; /* every call goes to Java */
    }
    Published *p = (Published *)(intptr_t)published;
    component->published = p;
    if (p != NULL) {
        size_t padded = ((size_t)p->count + 7) & ~(size_t)7;
        component->count = (uint32_t)p->count;
        component->values = p->kinds + padded;
        component->pending_list = (PendingSet *)(void *)(component->values + 8 * (size_t)p->count);
    }
    return component;
}

void fmi2FreeInstance(fmi2Component c)
{
    Component *component = c;
    if (component == NULL) {
        return;
    }
    char why[256];
    JNIEnv *env = shim_env(component->vm, why, sizeof why);
    if (env != NULL) {
        ENTER_JVM;
        (*env)->CallStaticVoidMethod(env, component->runtime->entry,
                                     component->runtime->methods[M_FREE_INSTANCE],
                                     component->handle);
        if ((*env)->ExceptionCheck(env)) {
            (*env)->ExceptionClear(env);
        }
        LEAVE_JVM;
    }
    free(component->name);
    free(component);
}

fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean loggingOn, size_t nCategories,
                               const fmi2String categories[])
{
    return forward(c, M_SET_DEBUG_LOGGING, HANDLE(c), BOOL(loggingOn), (jlong)nCategories,
                   ADDRESS(categories));
}

fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance,
                               fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime)
{
    return forward(c, M_SETUP_EXPERIMENT, HANDLE(c), BOOL(toleranceDefined), tolerance, startTime,
                   BOOL(stopTimeDefined), stopTime);
}

fmi2Status fmi2EnterInitializationMode(fmi2Component c)
{
    return forward(c, M_ENTER_INITIALIZATION_MODE, HANDLE(c));
}

fmi2Status fmi2ExitInitializationMode(fmi2Component c)
{
    return forward(c, M_EXIT_INITIALIZATION_MODE, HANDLE(c));
}

fmi2Status fmi2Terminate(fmi2Component c) { return forward(c, M_TERMINATE, HANDLE(c)); }

fmi2Status fmi2Reset(fmi2Component c) { return forward(c, M_RESET, HANDLE(c)); }

/* fmi2Get/Set of Real, Integer or Boolean values: the FFM stub U if there is one, else JNI. */
static fmi2Status value_call(fmi2Component c, enum EntryMethod m, enum Upcall u,
                             const fmi2ValueReference vr[], size_t nvr, const void *value)
{
    jlong stub = direct(c, u);
    if (stub != 0) {
        return (fmi2Status)((ValuesStub)(intptr_t)stub)(HANDLE(c), ADDRESS(vr), (jlong)nvr,
                                                         ADDRESS(value));
    }
    return forward(c, m, HANDLE(c), ADDRESS(vr), (jlong)(nvr), ADDRESS(value));
}

#define VALUES(M, c, vr, nvr, value) \
    forward(c, M, HANDLE(c), ADDRESS(vr), (jlong)(nvr), ADDRESS(value))

/*
 * The published values of the value references (all of the type), or NULL when Java must
 * answer: nothing valid published, an empty or NULL array, a reference not there or of
 * another type, or one that pending sets may have changed. Inlined into each fmi2Get*: it
 * runs some 27 times per step in OMSimulator.
 */
static inline __attribute__((always_inline)) const unsigned char *
published_values(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const void *value,
                 unsigned char type)
{
    const Component *component = c;
    const Published *p = component != NULL ? component->published : NULL;
    if (p == NULL || !p->valid || nvr == 0 || vr == NULL || value == NULL) {
        return NULL;
    }
    unsigned char stale = p->pending > 0 ? FEEDS : 0;
    for (size_t i = 0; i < nvr; i++) {
        if (vr[i] >= component->count) {
            return NULL;
        }
        unsigned char kind = p->kinds[vr[i]];
        if ((kind & TYPE_BITS) != type || (kind & stale)) {
            return NULL;
        }
    }
    return component->values;
}

/*
 * Takes a fmi2Set* into the pending list when Java's table allows it (see Published); 0 when
 * Java must take the call. value holds doubles (Real) or ints (Integer, Boolean).
 */
static inline __attribute__((always_inline)) int
pending_set(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const void *value,
            unsigned char type)
{
    Component *component = c;
    Published *p = component != NULL ? component->published : NULL;
    if (p == NULL || !p->valid || nvr == 0 || vr == NULL || value == NULL
        || nvr > (size_t)(p->capacity - p->pending)) {
        return 0;
    }
    for (size_t i = 0; i < nvr; i++) {
        if (vr[i] >= component->count
            || (p->kinds[vr[i]] & (TYPE_BITS | SET_HERE)) != (type | SET_HERE)
            || (type == PUBLISHED_REAL && !isfinite(((const double *)value)[i]))) {
            return 0;
        }
    }
    unsigned char *values = component->values;
    PendingSet *list = component->pending_list;
    for (size_t i = 0; i < nvr; i++) {
        unsigned char bytes[8];
        if (type == PUBLISHED_REAL) {
            memcpy(bytes, &((const double *)value)[i], 8);
        } else {
            int v = ((const int *)value)[i];
            int64_t wide = type == PUBLISHED_BOOLEAN ? (v != 0) : v;
            memcpy(bytes, &wide, 8);
        }
        memcpy(values + 8 * (size_t)vr[i], bytes, 8);
        PendingSet *entry = &list[p->pending++];
        entry->vr = (int32_t)vr[i];
        memcpy(entry->value, bytes, 8);
    }
    return 1;
}

fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                       fmi2Real value[])
{
    const unsigned char *values = published_values(c, vr, nvr, value, PUBLISHED_REAL);
    if (values == NULL) {
        return value_call(c, M_GET_REAL, U_GET_REAL, vr, nvr, value);
    }
    for (size_t i = 0; i < nvr; i++) {
        memcpy(&value[i], values + 8 * (size_t)vr[i], sizeof(double));
    }
    return fmi2OK;
}

/* Integer and Boolean values are published as int64. */
static void copy_ints(const unsigned char *values, const fmi2ValueReference vr[], size_t nvr,
                      int value[])
{
    for (size_t i = 0; i < nvr; i++) {
        int64_t v;
        memcpy(&v, values + 8 * (size_t)vr[i], sizeof v);
        value[i] = (int)v;
    }
}

fmi2Status fmi2GetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          fmi2Integer value[])
{
    const unsigned char *values = published_values(c, vr, nvr, value, PUBLISHED_INTEGER);
    if (values == NULL) {
        return value_call(c, M_GET_INTEGER, U_GET_INTEGER, vr, nvr, value);
    }
    copy_ints(values, vr, nvr, value);
    return fmi2OK;
}

fmi2Status fmi2GetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          fmi2Boolean value[])
{
    const unsigned char *values = published_values(c, vr, nvr, value, PUBLISHED_BOOLEAN);
    if (values == NULL) {
        return value_call(c, M_GET_BOOLEAN, U_GET_BOOLEAN, vr, nvr, value);
    }
    copy_ints(values, vr, nvr, value);
    return fmi2OK;
}

fmi2Status fmi2GetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                         fmi2String value[])
{
    return VALUES(M_GET_STRING, c, vr, nvr, value);
}

fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                       const fmi2Real value[])
{
    if (pending_set(c, vr, nvr, value, PUBLISHED_REAL)) {
        return fmi2OK;
    }
    return value_call(c, M_SET_REAL, U_SET_REAL, vr, nvr, value);
}

fmi2Status fmi2SetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          const fmi2Integer value[])
{
    if (pending_set(c, vr, nvr, value, PUBLISHED_INTEGER)) {
        return fmi2OK;
    }
    return value_call(c, M_SET_INTEGER, U_SET_INTEGER, vr, nvr, value);
}

fmi2Status fmi2SetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                          const fmi2Boolean value[])
{
    if (pending_set(c, vr, nvr, value, PUBLISHED_BOOLEAN)) {
        return fmi2OK;
    }
    return value_call(c, M_SET_BOOLEAN, U_SET_BOOLEAN, vr, nvr, value);
}

fmi2Status fmi2SetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                         const fmi2String value[])
{
    return VALUES(M_SET_STRING, c, vr, nvr, value);
}

fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate *state)
{
    return forward(c, M_GET_FMU_STATE, HANDLE(c), ADDRESS(state));
}

fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate state)
{
    return forward(c, M_SET_FMU_STATE, HANDLE(c), ADDRESS(state));
}

fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate *state)
{
    return forward(c, M_FREE_FMU_STATE, HANDLE(c), ADDRESS(state));
}

fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate state, size_t *size)
{
    return forward(c, M_SERIALIZED_FMU_STATE_SIZE, HANDLE(c), ADDRESS(state), ADDRESS(size));
}

fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate state, fmi2Byte serializedState[],
                                 size_t size)
{
    return forward(c, M_SERIALIZE_FMU_STATE, HANDLE(c), ADDRESS(state), ADDRESS(serializedState),
                   (jlong)size);
}

fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte serializedState[], size_t size,
                                   fmi2FMUstate *state)
{
    return forward(c, M_DESERIALIZE_FMU_STATE, HANDLE(c), ADDRESS(serializedState), (jlong)size,
                   ADDRESS(state));
}

fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference vUnknown_ref[],
                                        size_t nUnknown, const fmi2ValueReference vKnown_ref[],
                                        size_t nKnown, const fmi2Real dvKnown[],
                                        fmi2Real dvUnknown[])
{
    return forward(c, M_GET_DIRECTIONAL_DERIVATIVE, HANDLE(c), ADDRESS(vUnknown_ref),
                   (jlong)nUnknown, ADDRESS(vKnown_ref), (jlong)nKnown, ADDRESS(dvKnown),
                   ADDRESS(dvUnknown));
}

fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                       const fmi2Integer order[], const fmi2Real value[])
{
    return forward(c, M_SET_REAL_INPUT_DERIVATIVES, HANDLE(c), ADDRESS(vr), (jlong)nvr,
                   ADDRESS(order), ADDRESS(value));
}

fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference vr[],
                                        size_t nvr, const fmi2Integer order[], fmi2Real value[])
{
    return forward(c, M_GET_REAL_OUTPUT_DERIVATIVES, HANDLE(c), ADDRESS(vr), (jlong)nvr,
                   ADDRESS(order), ADDRESS(value));
}

fmi2Status fmi2DoStep(fmi2Component c, fmi2Real currentCommunicationPoint,
                      fmi2Real communicationStepSize, fmi2Boolean noSetFMUStatePriorToCurrentPoint)
{
    jlong stub = direct(c, U_DO_STEP);
    if (stub != 0) {
        return (fmi2Status)((DoStepStub)(intptr_t)stub)(HANDLE(c), currentCommunicationPoint,
                                                         communicationStepSize,
                                                         BOOL(noSetFMUStatePriorToCurrentPoint));
    }
    return forward(c, M_DO_STEP, HANDLE(c), currentCommunicationPoint, communicationStepSize,
                   BOOL(noSetFMUStatePriorToCurrentPoint));
}

fmi2Status fmi2CancelStep(fmi2Component c) { return forward(c, M_CANCEL_STEP, HANDLE(c)); }

fmi2Status fmi2GetStatus(fmi2Component c, const fmi2StatusKind s, fmi2Status *value)
{
    return forward(c, M_GET_STATUS, HANDLE(c), (jint)s, ADDRESS(value));
}

fmi2Status fmi2GetRealStatus(fmi2Component c, const fmi2StatusKind s, fmi2Real *value)
{
    return forward(c, M_GET_REAL_STATUS, HANDLE(c), (jint)s, ADDRESS(value));
}

fmi2Status fmi2GetIntegerStatus(fmi2Component c, const fmi2StatusKind s, fmi2Integer *value)
{
    return forward(c, M_GET_INTEGER_STATUS, HANDLE(c), (jint)s, ADDRESS(value));
}

fmi2Status fmi2GetBooleanStatus(fmi2Component c, const fmi2StatusKind s, fmi2Boolean *value)
{
    return forward(c, M_GET_BOOLEAN_STATUS, HANDLE(c), (jint)s, ADDRESS(value));
}

fmi2Status fmi2GetStringStatus(fmi2Component c, const fmi2StatusKind s, fmi2String *value)
{
    return forward(c, M_GET_STRING_STATUS, HANDLE(c), (jint)s, ADDRESS(value));
}

/* Model Exchange (3.2) */

fmi2Status fmi2EnterEventMode(fmi2Component c) { return forward(c, M_ENTER_EVENT_MODE, HANDLE(c)); }

fmi2Status fmi2NewDiscreteStates(fmi2Component c, fmi2EventInfo *eventInfo)
{
    return forward(c, M_NEW_DISCRETE_STATES, HANDLE(c), ADDRESS(eventInfo));
}

fmi2Status fmi2EnterContinuousTimeMode(fmi2Component c)
{
    return forward(c, M_ENTER_CONTINUOUS_TIME_MODE, HANDLE(c));
}

fmi2Status fmi2CompletedIntegratorStep(fmi2Component c,
                                       fmi2Boolean noSetFMUStatePriorToCurrentPoint,
                                       fmi2Boolean *enterEventMode,
                                       fmi2Boolean *terminateSimulation)
{
    return forward(c, M_COMPLETED_INTEGRATOR_STEP, HANDLE(c),
                   BOOL(noSetFMUStatePriorToCurrentPoint), ADDRESS(enterEventMode),
                   ADDRESS(terminateSimulation));
}

fmi2Status fmi2SetTime(fmi2Component c, fmi2Real time)
{
    return forward(c, M_SET_TIME, HANDLE(c), time);
}

#define ARRAY(M, c, values, n) forward(c, M, HANDLE(c), ADDRESS(values), (jlong)(n))

fmi2Status fmi2SetContinuousStates(fmi2Component c, const fmi2Real x[], size_t nx)
{
    return ARRAY(M_SET_CONTINUOUS_STATES, c, x, nx);
}

fmi2Status fmi2GetDerivatives(fmi2Component c, fmi2Real derivatives[], size_t nx)
{
    return ARRAY(M_GET_DERIVATIVES, c, derivatives, nx);
}

fmi2Status fmi2GetEventIndicators(fmi2Component c, fmi2Real eventIndicators[], size_t ni)
{
    return ARRAY(M_GET_EVENT_INDICATORS, c, eventIndicators, ni);
}

fmi2Status fmi2GetContinuousStates(fmi2Component c, fmi2Real x[], size_t nx)
{
    return ARRAY(M_GET_CONTINUOUS_STATES, c, x, nx);
}

fmi2Status fmi2GetNominalsOfContinuousStates(fmi2Component c, fmi2Real x_nominal[], size_t nx)
{
    return ARRAY(M_GET_NOMINALS_OF_CONTINUOUS_STATES, c, x_nominal, nx);
}
