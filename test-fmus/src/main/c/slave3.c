/*
 * Generic FMI 3.0 layer shared by the plant FMUs, the counterpart of slave.c for the same
 * model code (model.h): Co-Simulation with Event Mode and early return, and Model Exchange
 * for models that give their derivatives. Instance life cycle, the calling-sequence rules
 * (one table per interface), value references, get/set of every type, logging through the
 * importer's callback and the fixed internal step; what is new in FMI 3.0 is the event
 * handling of fmi3DoStep (see there).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmi3.h"
#include "model.h"
#include "plant.h"

/* fmi3.h marks the functions for ELF visibility; a DLL exports what is marked dllexport. */
#ifdef _WIN32
#undef FMI3_EXPORT
#define FMI3_EXPORT __declspec(dllexport)
#endif

/* The states of FMI 3.0 section 2.3 these FMUs pass through; ERROR after fmi3Error (then only
 * fmi3Reset and fmi3FreeInstance lead on; getters still answer, for debugging). */
typedef enum {
    INSTANTIATED = 1 << 0,
    INITIALIZATION_MODE = 1 << 1,
    EVENT_MODE = 1 << 2,
    STEP_MODE = 1 << 3,            /* Co-Simulation */
    CONTINUOUS_TIME_MODE = 1 << 4, /* Model Exchange */
    TERMINATED = 1 << 5,
    ERROR = 1 << 6,
} SlaveState;

#define ANY_STATE (INSTANTIATED | INITIALIZATION_MODE | EVENT_MODE | STEP_MODE | CONTINUOUS_TIME_MODE | TERMINATED | ERROR)
#define READABLE (INITIALIZATION_MODE | EVENT_MODE | STEP_MODE | CONTINUOUS_TIME_MODE | TERMINATED | ERROR)

typedef struct {
    const char *function;
    int allowed;
} Rule;

/* Co-Simulation (sections 2.3 and 4.2): where each function may be called. Event Mode needs
 * eventModeUsed, which fmi3EnterEventMode checks besides this table. */
static const Rule CALLING_SEQUENCE[] = {
    {"fmi3SetDebugLogging", ANY_STATE},
    {"fmi3EnterInitializationMode", INSTANTIATED},
    {"fmi3ExitInitializationMode", INITIALIZATION_MODE},
    {"fmi3EnterEventMode", STEP_MODE},
    {"fmi3UpdateDiscreteStates", EVENT_MODE},
    {"fmi3EnterStepMode", EVENT_MODE},
    {"fmi3DoStep", STEP_MODE},
    {"fmi3Terminate", EVENT_MODE | STEP_MODE},
    {"fmi3Reset", ANY_STATE},
    {"fmi3Get", INSTANTIATED | READABLE}, /* Instantiated: the start values (section 2.3.2) */
    {"fmi3Set", INSTANTIATED | INITIALIZATION_MODE | EVENT_MODE | STEP_MODE},
    {"fmi3GetNumberOfEventIndicators", ANY_STATE},
    {"fmi3GetNumberOfContinuousStates", ANY_STATE},
};

/* Model Exchange (sections 2.3 and 3.2). Which variables may be set in Continuous-Time Mode
 * (continuous inputs and states only) is settable()'s business. */
static const Rule ME_CALLING_SEQUENCE[] = {
    {"fmi3SetDebugLogging", ANY_STATE},
    {"fmi3EnterInitializationMode", INSTANTIATED},
    {"fmi3ExitInitializationMode", INITIALIZATION_MODE},
    {"fmi3EnterEventMode", CONTINUOUS_TIME_MODE},
    {"fmi3UpdateDiscreteStates", EVENT_MODE},
    {"fmi3EnterContinuousTimeMode", EVENT_MODE},
    {"fmi3CompletedIntegratorStep", CONTINUOUS_TIME_MODE},
    {"fmi3SetTime", CONTINUOUS_TIME_MODE},
    {"fmi3SetContinuousStates", CONTINUOUS_TIME_MODE},
    {"fmi3Terminate", EVENT_MODE | CONTINUOUS_TIME_MODE},
    {"fmi3Reset", ANY_STATE},
    {"fmi3Get", INSTANTIATED | READABLE},
    {"fmi3Set", INSTANTIATED | INITIALIZATION_MODE | EVENT_MODE | CONTINUOUS_TIME_MODE},
    {"fmi3GetEventIndicators", READABLE & ~STEP_MODE},
    {"fmi3GetContinuousStates", READABLE & ~STEP_MODE},
    {"fmi3GetContinuousStateDerivatives", READABLE & ~STEP_MODE},
    {"fmi3GetNominalsOfContinuousStates", ANY_STATE},
    {"fmi3GetNumberOfEventIndicators", ANY_STATE},
    {"fmi3GetNumberOfContinuousStates", ANY_STATE},
};

#define ROWS(table) (sizeof table / sizeof table[0])
#define MAX_INDICATORS 16

typedef struct {
    char *name;
    fmi3InstanceEnvironment environment;
    fmi3LogMessageCallback logger;
    int logging_on;
    int model_exchange;
    int event_mode_used;      /* Co-Simulation: the importer handles events in Event Mode */
    int early_return_allowed; /* Co-Simulation: fmi3DoStep may stop at an event inside the step */
    int event_pending;        /* Co-Simulation: returned eventHandlingNeeded, Event Mode not yet done */
    int initialized;
    SlaveState state;
    double time;
    double event_time; /* Model Exchange: the last event instant; time may not go back before it */
    int stop_time_defined;
    double stop_time;
    void *model;   /* the model's state struct, allocated right behind this header */
    void *saved;   /* two copies of it, for locating a crossing inside a sub-step */
    void *trial;
    double side[MAX_INDICATORS]; /* Co-Simulation: the last non-zero value of each event indicator */
} Slave;

#define HEADER_SIZE ((sizeof(Slave) + 15) & ~(size_t)15)
#define STATE_SIZE ((MODEL.state_size + 15) & ~(size_t)15)

static Slave *slave_of(void *model) { return (Slave *)((char *)model - HEADER_SIZE); }

/* ---- logging ---------------------------------------------------------------------------- */

static void log_message(Slave *s, fmi3Status status, const char *category, const char *format, ...) {
    if (s == NULL || s->logger == NULL) return;
    if (status == fmi3OK && !s->logging_on) return;
    char text[512];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    s->logger(s->environment, status, category, text); /* FMI 3.0: a plain string, no format */
}

/* Every error leaves the instance in state ERROR. */
static fmi3Status fail(Slave *s, const char *format, ...) {
    if (s == NULL) return fmi3Error;
    char text[512];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    log_message(s, fmi3Error, "logStatusError", "%s", text);
    s->state = ERROR;
    return fmi3Error;
}

static const char *state_name(SlaveState state) {
    switch (state) {
    case INSTANTIATED: return "Instantiated";
    case INITIALIZATION_MODE: return "Initialization Mode";
    case EVENT_MODE: return "Event Mode";
    case STEP_MODE: return "Step Mode";
    case CONTINUOUS_TIME_MODE: return "Continuous-Time Mode";
    case TERMINATED: return "Terminated";
    case ERROR: return "error (after fmi3Error)";
    }
    return "unknown";
}

/* Looks the function up in the table of the instance's interface. */
static int allowed(Slave *s, const char *function, const char *rule) {
    if (s == NULL) return 0;
    const Rule *table = s->model_exchange ? ME_CALLING_SEQUENCE : CALLING_SEQUENCE;
    size_t rows = s->model_exchange ? ROWS(ME_CALLING_SEQUENCE) : ROWS(CALLING_SEQUENCE);
    for (size_t i = 0; i < rows; i++) {
        if (strcmp(table[i].function, rule) != 0) continue;
        if (table[i].allowed & s->state) return 1;
        fail(s, "%s: not allowed in state %s", function, state_name(s->state));
        return 0;
    }
    fail(s, "%s: not a function of %s", function, s->model_exchange ? "Model Exchange" : "Co-Simulation");
    return 0;
}

#define ALLOWED(s, function) allowed(s, function, function)

/* ---- variables ------------------------------------------------------------------------- */

static void *field(Slave *s, const ModelVariable *v) { return plant_field(s->model, v); }

void slave_copy_string(void *model, char **target, const char *value) {
    Slave *s = slave_of(model);
    const char *text = value != NULL ? value : "";
    size_t length = strlen(text);
    char *copy = malloc(length + 1); /* FMI 3.0 has no allocation callbacks */
    if (copy == NULL) {
        log_message(s, fmi3Error, "logStatusError", "out of memory copying a string of %zu bytes", length);
        return;
    }
    memcpy(copy, text, length + 1);
    free(*target);
    *target = copy;
}

static size_t indicator_count(void) { return MODEL.derivatives != NULL ? MODEL.event_indicator_count : 0; }
/* The value references after the table's (describe3.c): der(x), time, event indicators. */
static fmi3ValueReference time_reference(void) { return (fmi3ValueReference)(MODEL.variable_count + plant_state_count()); }

static const ModelVariable *variable(Slave *s, const char *function, fmi3ValueReference vr, VariableType type,
                                     const char *type_name) {
    if (vr >= MODEL.variable_count) {
        fail(s, "%s: unknown value reference %u", function, vr);
        return NULL;
    }
    const ModelVariable *v = &MODEL.variables[vr];
    if (v->type != type) {
        fail(s, "%s: value reference %u (%s) is not of type %s", function, vr, v->name, type_name);
        return NULL;
    }
    return v;
}

/* Parameters are fixed: settable until initialization ends. Inputs always (in Continuous-Time
 * Mode the continuous ones only), outputs never, except the continuous states in
 * Continuous-Time Mode (through fmi3SetContinuousStates; here also by value reference). */
static int settable(Slave *s, const ModelVariable *v) {
    return plant_settable(v, s->state == CONTINUOUS_TIME_MODE, (s->state & (INSTANTIATED | INITIALIZATION_MODE)) != 0);
}

/* Outputs are kept current after every set (direct feedthrough without a step); in
 * Continuous-Time Mode discrete outputs hold until the next event, as in FMI 2.0. */
static void recalculate(Slave *s) {
    if (s->state == INITIALIZATION_MODE && MODEL.initialize != NULL) MODEL.initialize(s->model, s->time);
    if (s->state == INITIALIZATION_MODE) s->initialized = 1;
    if (MODEL.calculate == NULL || !s->initialized) return;
    if (s->state & (INITIALIZATION_MODE | EVENT_MODE | STEP_MODE)) MODEL.calculate(s->model, s->time);
    if (s->state == CONTINUOUS_TIME_MODE) plant_calculate_continuous(s->model, s->time);
}

/* ---- common functions (section 2.3) ---------------------------------------------------- */

FMI3_EXPORT const char *fmi3GetVersion(void) { return fmi3Version; }

static Slave *instantiate(fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
                          fmi3Boolean loggingOn, fmi3InstanceEnvironment environment, fmi3LogMessageCallback logger,
                          int model_exchange, const char *function) {
    Slave probe = {.name = (char *)MODEL.identifier, .environment = environment, .logger = logger, .logging_on = 1};
    if (instanceName == NULL || instanceName[0] == '\0') {
        log_message(&probe, fmi3Error, "logStatusError", "%s: instanceName is %s", function,
                    instanceName == NULL ? "NULL" : "empty");
        return NULL;
    }
    (void)resourcePath; /* the plants read no resources; FMI 3.0 allows NULL */
    if (model_exchange && MODEL.derivatives == NULL) {
        log_message(&probe, fmi3Error, "logStatusError", "%s: %s supports Co-Simulation only", function,
                    MODEL.identifier);
        return NULL;
    }
    if (instantiationToken == NULL || strcmp(instantiationToken, MODEL.guid) != 0) {
        log_message(&probe, fmi3Error, "logStatusError",
                    "%s: instantiationToken %s does not match %s's %s (modelDescription.xml and binary differ)",
                    function, instantiationToken != NULL ? instantiationToken : "(null)", MODEL.identifier,
                    MODEL.guid);
        return NULL;
    }
    Slave *s = calloc(1, HEADER_SIZE + 3 * STATE_SIZE);
    char *copy = malloc(strlen(instanceName) + 1);
    if (s == NULL || copy == NULL) {
        log_message(&probe, fmi3Error, "logStatusError", "%s: out of memory", function);
        free(s);
        free(copy);
        return NULL;
    }
    strcpy(copy, instanceName);
    s->name = copy;
    s->environment = environment;
    s->logger = logger;
    s->logging_on = loggingOn;
    s->model_exchange = model_exchange;
    s->state = INSTANTIATED;
    s->model = (char *)s + HEADER_SIZE;
    s->saved = (char *)s->model + STATE_SIZE;
    s->trial = (char *)s->saved + STATE_SIZE;
    plant_set_start_values(s->model);
    log_message(s, fmi3OK, "logAll", "%s: %s", function, MODEL.identifier);
    return s;
}

FMI3_EXPORT fmi3Instance fmi3InstantiateModelExchange(fmi3String instanceName, fmi3String instantiationToken,
                                                      fmi3String resourcePath, fmi3Boolean visible,
                                                      fmi3Boolean loggingOn, fmi3InstanceEnvironment instanceEnvironment,
                                                      fmi3LogMessageCallback logMessage) {
    (void)visible;
    return instantiate(instanceName, instantiationToken, resourcePath, loggingOn, instanceEnvironment, logMessage, 1,
                       "fmi3InstantiateModelExchange");
}

FMI3_EXPORT fmi3Instance fmi3InstantiateCoSimulation(
    fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath, fmi3Boolean visible,
    fmi3Boolean loggingOn, fmi3Boolean eventModeUsed, fmi3Boolean earlyReturnAllowed,
    const fmi3ValueReference requiredIntermediateVariables[], size_t nRequiredIntermediateVariables,
    fmi3InstanceEnvironment instanceEnvironment, fmi3LogMessageCallback logMessage,
    fmi3IntermediateUpdateCallback intermediateUpdate) {
    (void)visible;
    (void)requiredIntermediateVariables;
    (void)intermediateUpdate; /* providesIntermediateUpdate="false": never called */
    if (nRequiredIntermediateVariables > 0) {
        Slave probe = {.name = (char *)MODEL.identifier, .environment = instanceEnvironment, .logger = logMessage,
                       .logging_on = 1};
        log_message(&probe, fmi3Error, "logStatusError",
                    "fmi3InstantiateCoSimulation: %zu intermediate variables required, but %s has none",
                    nRequiredIntermediateVariables, MODEL.identifier);
        return NULL;
    }
    Slave *s = instantiate(instanceName, instantiationToken, resourcePath, loggingOn, instanceEnvironment, logMessage,
                           0, "fmi3InstantiateCoSimulation");
    if (s != NULL) {
        s->event_mode_used = eventModeUsed;
        s->early_return_allowed = earlyReturnAllowed;
    }
    return s;
}

FMI3_EXPORT fmi3Instance fmi3InstantiateScheduledExecution(
    fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath, fmi3Boolean visible,
    fmi3Boolean loggingOn, fmi3InstanceEnvironment instanceEnvironment, fmi3LogMessageCallback logMessage,
    fmi3ClockUpdateCallback clockUpdate, fmi3LockPreemptionCallback lockPreemption,
    fmi3UnlockPreemptionCallback unlockPreemption) {
    (void)instanceName, (void)instantiationToken, (void)resourcePath, (void)visible, (void)loggingOn;
    (void)clockUpdate, (void)lockPreemption, (void)unlockPreemption;
    Slave probe = {.name = (char *)MODEL.identifier, .environment = instanceEnvironment, .logger = logMessage,
                   .logging_on = 1};
    log_message(&probe, fmi3Error, "logStatusError",
                "fmi3InstantiateScheduledExecution: %s offers Co-Simulation%s only", MODEL.identifier,
                MODEL.derivatives != NULL ? " and Model Exchange" : "");
    return NULL;
}

FMI3_EXPORT void fmi3FreeInstance(fmi3Instance instance) {
    Slave *s = instance;
    if (s == NULL) return;
    plant_free_strings(s->model, free);
    free(s->name);
    free(s);
}

FMI3_EXPORT fmi3Status fmi3SetDebugLogging(fmi3Instance instance, fmi3Boolean loggingOn, size_t nCategories,
                                           const fmi3String categories[]) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3SetDebugLogging")) return fmi3Error;
    for (size_t i = 0; i < nCategories; i++)
        if (categories == NULL || categories[i] == NULL || !plant_declared_category(categories[i]))
            return fail(s, "fmi3SetDebugLogging: unknown log category %s",
                        categories == NULL || categories[i] == NULL ? "(null)" : categories[i]);
    s->logging_on = loggingOn;
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3EnterInitializationMode(fmi3Instance instance, fmi3Boolean toleranceDefined,
                                                   fmi3Float64 tolerance, fmi3Float64 startTime,
                                                   fmi3Boolean stopTimeDefined, fmi3Float64 stopTime) {
    Slave *s = instance;
    (void)toleranceDefined;
    (void)tolerance;
    if (!ALLOWED(s, "fmi3EnterInitializationMode")) return fmi3Error;
    if (!isfinite(startTime)) return fail(s, "fmi3EnterInitializationMode: start time %g is not finite", startTime);
    if (stopTimeDefined && !(stopTime >= startTime))
        return fail(s, "fmi3EnterInitializationMode: stop time %g before start time %g", stopTime, startTime);
    s->time = s->event_time = startTime;
    s->stop_time_defined = stopTimeDefined;
    s->stop_time = stopTime;
    s->state = INITIALIZATION_MODE;
    recalculate(s);
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3ExitInitializationMode(fmi3Instance instance) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3ExitInitializationMode")) return fmi3Error;
    recalculate(s);
    /* Section 2.3: Event Mode for Model Exchange and for Co-Simulation with eventModeUsed. */
    s->state = s->model_exchange || s->event_mode_used ? EVENT_MODE : STEP_MODE;
    s->event_time = s->time;
    if (MODEL.communication_point != NULL) MODEL.communication_point(s->model, s->time);
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3EnterEventMode(fmi3Instance instance) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3EnterEventMode")) return fmi3Error;
    if (!s->model_exchange && !s->event_mode_used)
        return fail(s, "fmi3EnterEventMode: the instance was created with eventModeUsed = false");
    s->state = EVENT_MODE;
    s->event_time = s->time;
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3Terminate(fmi3Instance instance) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3Terminate")) return fmi3Error;
    s->state = TERMINATED;
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3Reset(fmi3Instance instance) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3Reset")) return fmi3Error;
    plant_free_strings(s->model, free);
    memset(s->model, 0, MODEL.state_size);
    s->state = INSTANTIATED;
    s->initialized = 0;
    s->event_pending = 0;
    memset(s->side, 0, sizeof s->side);
    s->time = s->event_time = 0.0;
    s->stop_time_defined = 0;
    plant_set_start_values(s->model);
    return fmi3OK;
}

/* ---- get and set (section 2.2.6) -------------------------------------------------------- */

static double derivative(Slave *s, size_t k) {
    double dx[16] = {0};
    if (s->initialized && k < 16) MODEL.derivatives(s->model, s->time, dx);
    return k < 16 ? dx[k] : 0.0;
}

static double indicator(Slave *s, size_t k) {
    double z[16] = {0};
    if (s->initialized && k < 16) MODEL.event_indicators(s->model, s->time, z);
    return k < 16 ? z[k] : 0.0;
}

static int arrays(Slave *s, const char *function, const void *vr, size_t nvr, const void *values, size_t nValues) {
    if (nvr > 0 && (vr == NULL || values == NULL)) {
        fail(s, "%s: NULL array argument", function);
        return 0;
    }
    if (nValues != nvr) { /* all variables are scalars */
        fail(s, "%s: nValues %zu differs from nValueReferences %zu (the variables are scalars)", function, nValues,
             nvr);
        return 0;
    }
    return 1;
}

FMI3_EXPORT fmi3Status fmi3GetFloat64(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                      fmi3Float64 values[], size_t nValues) {
    Slave *s = instance;
    if (!allowed(s, "fmi3GetFloat64", "fmi3Get") || !arrays(s, "fmi3GetFloat64", vr, nvr, values, nValues))
        return fmi3Error;
    for (size_t i = 0; i < nvr; i++) {
        fmi3ValueReference t = time_reference();
        if (vr[i] >= MODEL.variable_count && vr[i] < t) {
            values[i] = derivative(s, vr[i] - MODEL.variable_count);
        } else if (vr[i] == t) {
            values[i] = s->time;
        } else if (vr[i] > t && vr[i] <= t + indicator_count()) {
            values[i] = indicator(s, vr[i] - t - 1);
        } else {
            const ModelVariable *v = variable(s, "fmi3GetFloat64", vr[i], TYPE_REAL, "Float64");
            if (v == NULL) return fmi3Error;
            values[i] = *(double *)field(s, v);
        }
    }
    return fmi3OK;
}

#define GET_FUNCTION(fname, ctype, vtype, type_name, read)                                                       \
    FMI3_EXPORT fmi3Status fname(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr, ctype values[], \
                                 size_t nValues) {                                                               \
        Slave *s = instance;                                                                                     \
        if (!allowed(s, #fname, "fmi3Get") || !arrays(s, #fname, vr, nvr, values, nValues)) return fmi3Error;   \
        for (size_t i = 0; i < nvr; i++) {                                                                       \
            const ModelVariable *v = variable(s, #fname, vr[i], vtype, type_name);                               \
            if (v == NULL) return fmi3Error;                                                                     \
            values[i] = read;                                                                                    \
        }                                                                                                        \
        return fmi3OK;                                                                                           \
    }

GET_FUNCTION(fmi3GetInt32, fmi3Int32, TYPE_INTEGER, "Int32", *(int *)field(s, v))
GET_FUNCTION(fmi3GetInt64, fmi3Int64, TYPE_ENUMERATION, "Enumeration (Int64)", *(int *)field(s, v))
GET_FUNCTION(fmi3GetBoolean, fmi3Boolean, TYPE_BOOLEAN, "Boolean", *(int *)field(s, v) != 0)
GET_FUNCTION(fmi3GetString, fmi3String, TYPE_STRING, "String", *(char **)field(s, v))

#define SET_FUNCTION(fname, ctype, vtype, type_name, write)                                                      \
    FMI3_EXPORT fmi3Status fname(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,              \
                                 const ctype values[], size_t nValues) {                                         \
        Slave *s = instance;                                                                                     \
        if (!allowed(s, #fname, "fmi3Set") || !arrays(s, #fname, vr, nvr, values, nValues)) return fmi3Error;   \
        for (size_t i = 0; i < nvr; i++) {                                                                       \
            const ModelVariable *v = variable(s, #fname, vr[i], vtype, type_name);                               \
            if (v == NULL) return fmi3Error;                                                                     \
            if (!settable(s, v)) return fail(s, "%s: %s cannot be set in %s", #fname, v->name, state_name(s->state)); \
            write;                                                                                               \
        }                                                                                                        \
        recalculate(s);                                                                                          \
        return fmi3OK;                                                                                           \
    }

SET_FUNCTION(fmi3SetFloat64, fmi3Float64, TYPE_REAL, "Float64", *(double *)field(s, v) = values[i])
SET_FUNCTION(fmi3SetInt32, fmi3Int32, TYPE_INTEGER, "Int32", *(int *)field(s, v) = values[i])
SET_FUNCTION(fmi3SetInt64, fmi3Int64, TYPE_ENUMERATION, "Enumeration (Int64)", *(int *)field(s, v) = (int)values[i])
SET_FUNCTION(fmi3SetBoolean, fmi3Boolean, TYPE_BOOLEAN, "Boolean", *(int *)field(s, v) = values[i] ? 1 : 0)
SET_FUNCTION(fmi3SetString, fmi3String, TYPE_STRING, "String",
             slave_copy_string(s->model, (char **)field(s, v), values[i]))

/* Types the plants have no variable of: every value reference is unknown for them. */
#define NO_VARIABLES(type, ctype)                                                                                \
    FMI3_EXPORT fmi3Status fmi3Get##type(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,       \
                                         ctype values[], size_t nValues) {                                       \
        (void)vr, (void)values, (void)nValues;                                                                   \
        if (!allowed(instance, "fmi3Get" #type, "fmi3Get")) return fmi3Error;                                    \
        return nvr == 0 ? fmi3OK : fail(instance, "fmi3Get" #type ": %s has no " #type " variable", MODEL.identifier); \
    }                                                                                                            \
    FMI3_EXPORT fmi3Status fmi3Set##type(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,       \
                                         const ctype values[], size_t nValues) {                                 \
        (void)vr, (void)values, (void)nValues;                                                                   \
        if (!allowed(instance, "fmi3Set" #type, "fmi3Set")) return fmi3Error;                                    \
        return nvr == 0 ? fmi3OK : fail(instance, "fmi3Set" #type ": %s has no " #type " variable", MODEL.identifier); \
    }

NO_VARIABLES(Float32, fmi3Float32)
NO_VARIABLES(Int8, fmi3Int8)
NO_VARIABLES(UInt8, fmi3UInt8)
NO_VARIABLES(Int16, fmi3Int16)
NO_VARIABLES(UInt16, fmi3UInt16)
NO_VARIABLES(UInt32, fmi3UInt32)
NO_VARIABLES(UInt64, fmi3UInt64)

FMI3_EXPORT fmi3Status fmi3GetBinary(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                     size_t valueSizes[], fmi3Binary values[], size_t nValues) {
    (void)vr, (void)valueSizes, (void)values, (void)nValues;
    if (!allowed(instance, "fmi3GetBinary", "fmi3Get")) return fmi3Error;
    return nvr == 0 ? fmi3OK : fail(instance, "fmi3GetBinary: %s has no Binary variable", MODEL.identifier);
}

FMI3_EXPORT fmi3Status fmi3SetBinary(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                     const size_t valueSizes[], const fmi3Binary values[], size_t nValues) {
    (void)vr, (void)valueSizes, (void)values, (void)nValues;
    if (!allowed(instance, "fmi3SetBinary", "fmi3Set")) return fmi3Error;
    return nvr == 0 ? fmi3OK : fail(instance, "fmi3SetBinary: %s has no Binary variable", MODEL.identifier);
}

/* ---- Co-Simulation: stepping with events (section 4.2) ---------------------------------- */

static int sign(double z) { return (z > 0.0) - (z < 0.0); }

/* A crossing, from before to after (the indicators at the start and the end of a sub-step),
 * with side the last non-zero value of each: an indicator that reaches zero (a clamped state
 * at its limit, as a full battery's: one event when it gets there, none while it rests) or
 * gets to the other side of where it last was. Leaving zero back to its side is none (a
 * clamped state leaving its limit); leaving it to the other side completes a crossing that
 * touched zero exactly (an output defined by a strict inequality switches only then). */
static int crossed(const double before[], const double after[], const double side[], size_t n) {
    for (size_t k = 0; k < n; k++)
        if (sign(side[k]) != 0 && ((after[k] == 0.0 && before[k] != 0.0) || sign(after[k]) == -sign(side[k])))
            return 1;
    return 0;
}

static void remember_sides(Slave *s, const double z[]) {
    for (size_t k = 0; k < MODEL.event_indicator_count && k < MAX_INDICATORS; k++)
        if (z[k] != 0.0) s->side[k] = z[k];
}
/* The most internal steps one fmi3DoStep takes (about a second of CPU for the plants). */
#define MAX_SUBSTEPS 10000000L

/* One sub-step of h from t; with z (the indicators at t), stops at the first crossing inside
 * it (or at its end), located by bisection on copies of the model state to 1e-12 relative:
 * returns 1 and the part of h taken in *taken then. The step is a pure function of the state,
 * so bisecting on copies is exact replay. */
static int sub_step(Slave *s, double t, double h, double z[], double *taken) {
    size_t n = MODEL.event_indicator_count;
    *taken = h;
    if (z == NULL || n == 0 || n > MAX_INDICATORS) {
        MODEL.step(s->model, t, h);
        return 0;
    }
    memcpy(s->saved, s->model, MODEL.state_size);
    MODEL.step(s->model, t, h);
    double after[MAX_INDICATORS];
    MODEL.event_indicators(s->model, t + h, after);
    if (!crossed(z, after, s->side, n)) {
        memcpy(z, after, n * sizeof after[0]);
        remember_sides(s, z);
        return 0;
    }
    double lo = 0.0, hi = h, resolution = 1e-12 * fmax(1.0, fabs(t));
    for (int i = 0; i < 200 && hi - lo > resolution; i++) {
        double mid = 0.5 * (lo + hi);
        memcpy(s->trial, s->saved, MODEL.state_size);
        MODEL.step(s->trial, t, mid);
        MODEL.event_indicators(s->trial, t + mid, after);
        if (crossed(z, after, s->side, n)) hi = mid; else lo = mid;
    }
    memcpy(s->model, s->saved, MODEL.state_size);
    MODEL.step(s->model, t, hi);
    MODEL.event_indicators(s->model, t + hi, z);
    remember_sides(s, z);
    *taken = hi;
    return 1;
}

/* What one fmi3DoStep reached. */
typedef struct {
    double time;
    int event;    /* stopped at an event (time event or crossing) of the model */
    int partial;  /* stopped after MAX_SUBSTEPS */
} Reach;

/* From s->time towards end in equal sub-steps of at most internal_step: to the model's next
 * time event if that comes first, and, when z is given, only up to the first crossing. */
static Reach advance(Slave *s, double end, double z[], long *substeps) {
    double t = s->time;
    double te = MODEL.next_event_time != NULL ? MODEL.next_event_time(s->model, t) : INFINITY;
    double tolerance = 1e-9 * fmax(1.0, fabs(end));
    int time_event = te <= end + tolerance;
    double target = time_event ? fmin(te, end) : end;
    if (time_event && te >= end - tolerance) target = end; /* an event at the end lands exactly there */
    double needed = ceil((target - t) / MODEL.internal_step - 1e-9);
    long n = needed < 1.0 ? 1 : (needed > (double)MAX_SUBSTEPS ? MAX_SUBSTEPS : (long)needed);
    double dt = (target - t) / (double)n;
    Reach r = {target, time_event, 0};
    for (long i = 0; i < n; i++, (*substeps)++) {
        if (*substeps >= MAX_SUBSTEPS) return (Reach){t + dt * (double)i, 0, 1};
        double from = t + dt * (double)i;
        double taken;
        if (sub_step(s, from, dt, z, &taken)) return (Reach){i == n - 1 && taken == dt ? target : from + taken, 1, 0};
    }
    return r;
}

/* The model's reaction at an event instant: inputs latched, states back in range, outputs. */
static int handle_event(Slave *s) {
    if (MODEL.communication_point != NULL) MODEL.communication_point(s->model, s->time);
    int changed = MODEL.event != NULL && MODEL.event(s->model, s->time);
    if (MODEL.calculate != NULL) MODEL.calculate(s->model, s->time);
    return changed;
}

/*
 * Steps from currentCommunicationPoint by communicationStepSize. The model's events inside the
 * step (its time events, exactly; with earlyReturnAllowed also the crossings of its event
 * indicators, located to 1e-12 relative) are:
 *   - with earlyReturnAllowed: the end of this call, earlyReturn and lastSuccessfulTime at the
 *     event; with eventModeUsed also eventHandlingNeeded, the event's reaction left to
 *     fmi3UpdateDiscreteStates in Event Mode (where the importer may first set the inputs of
 *     that instant), without eventModeUsed the reaction is done before returning;
 *   - without: time events are handled internally at their instants and the step goes on;
 *     crossings are not located, so the step computes what FMI 2.0's fmi2DoStep computes.
 * An event exactly at the end is signalled with eventHandlingNeeded when eventModeUsed.
 */
FMI3_EXPORT fmi3Status fmi3DoStep(fmi3Instance instance, fmi3Float64 currentCommunicationPoint,
                                  fmi3Float64 communicationStepSize, fmi3Boolean noSetFMUStatePriorToCurrentPoint,
                                  fmi3Boolean *eventHandlingNeeded, fmi3Boolean *terminateSimulation,
                                  fmi3Boolean *earlyReturn, fmi3Float64 *lastSuccessfulTime) {
    Slave *s = instance;
    (void)noSetFMUStatePriorToCurrentPoint;
    if (!ALLOWED(s, "fmi3DoStep")) return fmi3Error;
    if (eventHandlingNeeded == NULL || terminateSimulation == NULL || earlyReturn == NULL || lastSuccessfulTime == NULL)
        return fail(s, "fmi3DoStep: NULL output argument");
    *eventHandlingNeeded = *terminateSimulation = *earlyReturn = fmi3False;
    *lastSuccessfulTime = s->time;
    double t = currentCommunicationPoint, h = communicationStepSize;
    if (!(h > 0.0) || isinf(h)) return fail(s, "fmi3DoStep: step size %g at t=%g is not a positive finite number", h, t);
    if (!(fabs(t - s->time) <= 1e-9 * fmax(1.0, fabs(s->time))))
        return fail(s, "fmi3DoStep: communication point %.17g differs from the FMU's time %.17g", t, s->time);
    if (s->event_pending)
        return fail(s, "fmi3DoStep: the event at t=%.17g needs Event Mode first (eventHandlingNeeded was returned)",
                    s->time);
    double end = t + h;
    if (s->stop_time_defined && end > s->stop_time + 1e-9 * fmax(1.0, fabs(s->stop_time)))
        return fail(s, "fmi3DoStep: step to t=%g goes past the stop time %g", end, s->stop_time);
    s->time = t;
    if (MODEL.communication_point != NULL) MODEL.communication_point(s->model, t);
    double z[MAX_INDICATORS];
    double *watch = NULL;
    if (s->early_return_allowed && MODEL.event_indicators != NULL && MODEL.event_indicator_count <= MAX_INDICATORS) {
        MODEL.event_indicators(s->model, t, z);
        remember_sides(s, z); /* a jump of the inputs at the communication point is no crossing */
        watch = z;
    }
    long substeps = 0;
    Reach r;
    for (;;) {
        r = advance(s, end, watch, &substeps);
        s->time = r.time;
        if (MODEL.calculate != NULL) MODEL.calculate(s->model, s->time);
        const char *bad = NULL;
        if (!plant_outputs_finite(s->model, &bad)) return fail(s, "fmi3DoStep: output %s is not finite at t=%g", bad, s->time);
        if (r.partial || !r.event || s->early_return_allowed || r.time >= end) break;
        handle_event(s); /* a time event inside the step, without early return: go on from it */
        *lastSuccessfulTime = s->time;
    }
    *lastSuccessfulTime = s->time;
    if (r.partial) {
        if (!s->early_return_allowed)
            return fail(s, "fmi3DoStep: the step to t=%g needs more than %ld internal steps of %g s", end,
                        (long)MAX_SUBSTEPS, MODEL.internal_step);
        log_message(s, fmi3OK, "logAll", "fmi3DoStep: returns early at t=%.17g after %ld internal steps", s->time,
                    (long)MAX_SUBSTEPS);
        *earlyReturn = fmi3True;
        return fmi3OK;
    }
    *earlyReturn = r.time < end;
    if (r.event) {
        if (s->event_mode_used) {
            *eventHandlingNeeded = fmi3True;
            s->event_pending = 1;
        } else {
            handle_event(s);
        }
        log_message(s, fmi3OK, "logAll", "fmi3DoStep: event of %s at t=%.17g%s", MODEL.identifier, s->time,
                    *earlyReturn ? " (early return)" : "");
    }
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3EnterStepMode(fmi3Instance instance) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3EnterStepMode")) return fmi3Error;
    if (s->event_pending)
        return fail(s, "fmi3EnterStepMode: the event at t=%.17g was not handled (call fmi3UpdateDiscreteStates)",
                    s->time);
    s->state = STEP_MODE;
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3GetOutputDerivatives(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                                const fmi3Int32 orders[], fmi3Float64 values[], size_t nValues) {
    (void)vr, (void)nvr, (void)orders, (void)values, (void)nValues;
    return fail(instance, "fmi3GetOutputDerivatives: not supported (maxOutputDerivativeOrder is 0)");
}

/* One round settles the plant (Co-Simulation and Model Exchange): the reaction to the event,
 * with the inputs set in Event Mode; the next time event, if the model has one. */
FMI3_EXPORT fmi3Status fmi3UpdateDiscreteStates(fmi3Instance instance, fmi3Boolean *discreteStatesNeedUpdate,
                                                fmi3Boolean *terminateSimulation,
                                                fmi3Boolean *nominalsOfContinuousStatesChanged,
                                                fmi3Boolean *valuesOfContinuousStatesChanged,
                                                fmi3Boolean *nextEventTimeDefined, fmi3Float64 *nextEventTime) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3UpdateDiscreteStates")) return fmi3Error;
    if (discreteStatesNeedUpdate == NULL || terminateSimulation == NULL || nominalsOfContinuousStatesChanged == NULL
        || valuesOfContinuousStatesChanged == NULL || nextEventTimeDefined == NULL || nextEventTime == NULL)
        return fail(s, "fmi3UpdateDiscreteStates: NULL output argument");
    int changed = handle_event(s);
    s->event_pending = 0;
    double next = MODEL.next_event_time != NULL ? MODEL.next_event_time(s->model, s->time) : INFINITY;
    *discreteStatesNeedUpdate = fmi3False;
    *terminateSimulation = fmi3False;
    *nominalsOfContinuousStatesChanged = fmi3False;
    *valuesOfContinuousStatesChanged = changed;
    *nextEventTimeDefined = isfinite(next);
    *nextEventTime = isfinite(next) ? next : 0.0;
    return fmi3OK;
}

/* ---- Model Exchange (section 3.2) ------------------------------------------------------- */

static int counted(Slave *s, const char *function, size_t n, size_t expected, const void *array) {
    if (n != expected) {
        fail(s, "%s: the array has %zu elements, the FMU has %zu", function, n, expected);
        return 0;
    }
    if (n > 0 && array == NULL) {
        fail(s, "%s: NULL array argument", function);
        return 0;
    }
    return 1;
}

FMI3_EXPORT fmi3Status fmi3EnterContinuousTimeMode(fmi3Instance instance) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3EnterContinuousTimeMode")) return fmi3Error;
    s->state = CONTINUOUS_TIME_MODE;
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3CompletedIntegratorStep(fmi3Instance instance, fmi3Boolean noSetFMUStatePriorToCurrentPoint,
                                                   fmi3Boolean *enterEventMode, fmi3Boolean *terminateSimulation) {
    Slave *s = instance;
    (void)noSetFMUStatePriorToCurrentPoint;
    if (!ALLOWED(s, "fmi3CompletedIntegratorStep")) return fmi3Error;
    if (enterEventMode == NULL || terminateSimulation == NULL)
        return fail(s, "fmi3CompletedIntegratorStep: NULL output argument");
    *enterEventMode = fmi3False;
    *terminateSimulation = MODEL.finished != NULL && MODEL.finished(s->model, s->time) ? fmi3True : fmi3False;
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3SetTime(fmi3Instance instance, fmi3Float64 time) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3SetTime")) return fmi3Error;
    if (!isfinite(time)) return fail(s, "fmi3SetTime: time %g is not finite", time);
    if (time < s->event_time - 1e-9 * fmax(1.0, fabs(s->event_time)))
        return fail(s, "fmi3SetTime: time %.17g is before the last event instant %.17g", time, s->event_time);
    if (s->stop_time_defined && time > s->stop_time + 1e-9 * fmax(1.0, fabs(s->stop_time)))
        return fail(s, "fmi3SetTime: time %.17g is past the stop time %.17g", time, s->stop_time);
    s->time = time;
    recalculate(s);
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3SetContinuousStates(fmi3Instance instance, const fmi3Float64 x[], size_t nx) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3SetContinuousStates")) return fmi3Error;
    if (!counted(s, "fmi3SetContinuousStates", nx, plant_state_count(), x)) return fmi3Error;
    for (size_t k = 0; k < nx; k++) *plant_state_field(s->model, k) = x[k];
    recalculate(s);
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3GetContinuousStates(fmi3Instance instance, fmi3Float64 x[], size_t nx) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3GetContinuousStates")) return fmi3Error;
    if (!counted(s, "fmi3GetContinuousStates", nx, plant_state_count(), x)) return fmi3Error;
    for (size_t k = 0; k < nx; k++) x[k] = *plant_state_field(s->model, k);
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3GetContinuousStateDerivatives(fmi3Instance instance, fmi3Float64 dx[], size_t nx) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3GetContinuousStateDerivatives")) return fmi3Error;
    if (!counted(s, "fmi3GetContinuousStateDerivatives", nx, plant_state_count(), dx)) return fmi3Error;
    for (size_t k = 0; k < nx; k++) dx[k] = 0.0;
    if (nx > 0 && s->initialized) MODEL.derivatives(s->model, s->time, dx);
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3GetNominalsOfContinuousStates(fmi3Instance instance, fmi3Float64 nominals[], size_t nx) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3GetNominalsOfContinuousStates")) return fmi3Error;
    if (!counted(s, "fmi3GetNominalsOfContinuousStates", nx, plant_state_count(), nominals)) return fmi3Error;
    for (size_t k = 0; k < nx; k++) nominals[k] = 1.0;
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3GetEventIndicators(fmi3Instance instance, fmi3Float64 z[], size_t nz) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3GetEventIndicators")) return fmi3Error;
    if (!counted(s, "fmi3GetEventIndicators", nz, indicator_count(), z)) return fmi3Error;
    for (size_t k = 0; k < nz; k++) z[k] = 0.0;
    if (nz > 0 && s->initialized) MODEL.event_indicators(s->model, s->time, z);
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3GetNumberOfEventIndicators(fmi3Instance instance, size_t *n) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3GetNumberOfEventIndicators")) return fmi3Error;
    if (n == NULL) return fail(s, "fmi3GetNumberOfEventIndicators: NULL output argument");
    *n = indicator_count();
    return fmi3OK;
}

FMI3_EXPORT fmi3Status fmi3GetNumberOfContinuousStates(fmi3Instance instance, size_t *n) {
    Slave *s = instance;
    if (!ALLOWED(s, "fmi3GetNumberOfContinuousStates")) return fmi3Error;
    if (n == NULL) return fail(s, "fmi3GetNumberOfContinuousStates: NULL output argument");
    *n = plant_state_count();
    return fmi3OK;
}

/* ---- capabilities these plants do not declare -------------------------------------------- */

#define UNSUPPORTED(function) return fail(instance, "%s: not supported by this FMU (see modelDescription.xml)", function)

FMI3_EXPORT fmi3Status fmi3GetNumberOfVariableDependencies(fmi3Instance instance, fmi3ValueReference vr, size_t *n) {
    (void)vr, (void)n;
    UNSUPPORTED("fmi3GetNumberOfVariableDependencies");
}
FMI3_EXPORT fmi3Status fmi3GetVariableDependencies(fmi3Instance instance, fmi3ValueReference dependent,
                                                   size_t elementIndicesOfDependent[], fmi3ValueReference independents[],
                                                   size_t elementIndicesOfIndependents[],
                                                   fmi3DependencyKind dependencyKinds[], size_t nDependencies) {
    (void)dependent, (void)elementIndicesOfDependent, (void)independents, (void)elementIndicesOfIndependents;
    (void)dependencyKinds, (void)nDependencies;
    UNSUPPORTED("fmi3GetVariableDependencies");
}
FMI3_EXPORT fmi3Status fmi3GetFMUState(fmi3Instance instance, fmi3FMUState *state) {
    (void)state;
    UNSUPPORTED("fmi3GetFMUState");
}
FMI3_EXPORT fmi3Status fmi3SetFMUState(fmi3Instance instance, fmi3FMUState state) {
    (void)state;
    UNSUPPORTED("fmi3SetFMUState");
}
FMI3_EXPORT fmi3Status fmi3FreeFMUState(fmi3Instance instance, fmi3FMUState *state) {
    (void)state;
    UNSUPPORTED("fmi3FreeFMUState");
}
FMI3_EXPORT fmi3Status fmi3SerializedFMUStateSize(fmi3Instance instance, fmi3FMUState state, size_t *size) {
    (void)state, (void)size;
    UNSUPPORTED("fmi3SerializedFMUStateSize");
}
FMI3_EXPORT fmi3Status fmi3SerializeFMUState(fmi3Instance instance, fmi3FMUState state, fmi3Byte serialized[],
                                             size_t size) {
    (void)state, (void)serialized, (void)size;
    UNSUPPORTED("fmi3SerializeFMUState");
}
FMI3_EXPORT fmi3Status fmi3DeserializeFMUState(fmi3Instance instance, const fmi3Byte serialized[], size_t size,
                                               fmi3FMUState *state) {
    (void)serialized, (void)size, (void)state;
    UNSUPPORTED("fmi3DeserializeFMUState");
}
FMI3_EXPORT fmi3Status fmi3GetDirectionalDerivative(fmi3Instance instance, const fmi3ValueReference unknowns[],
                                                    size_t nUnknowns, const fmi3ValueReference knowns[], size_t nKnowns,
                                                    const fmi3Float64 seed[], size_t nSeed, fmi3Float64 sensitivity[],
                                                    size_t nSensitivity) {
    (void)unknowns, (void)nUnknowns, (void)knowns, (void)nKnowns, (void)seed, (void)nSeed, (void)sensitivity;
    (void)nSensitivity;
    UNSUPPORTED("fmi3GetDirectionalDerivative");
}
FMI3_EXPORT fmi3Status fmi3GetAdjointDerivative(fmi3Instance instance, const fmi3ValueReference unknowns[],
                                                size_t nUnknowns, const fmi3ValueReference knowns[], size_t nKnowns,
                                                const fmi3Float64 seed[], size_t nSeed, fmi3Float64 sensitivity[],
                                                size_t nSensitivity) {
    (void)unknowns, (void)nUnknowns, (void)knowns, (void)nKnowns, (void)seed, (void)nSeed, (void)sensitivity;
    (void)nSensitivity;
    UNSUPPORTED("fmi3GetAdjointDerivative");
}
FMI3_EXPORT fmi3Status fmi3EnterConfigurationMode(fmi3Instance instance) { UNSUPPORTED("fmi3EnterConfigurationMode"); }
FMI3_EXPORT fmi3Status fmi3ExitConfigurationMode(fmi3Instance instance) { UNSUPPORTED("fmi3ExitConfigurationMode"); }
FMI3_EXPORT fmi3Status fmi3GetClock(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                    fmi3Clock values[]) {
    (void)vr, (void)nvr, (void)values;
    UNSUPPORTED("fmi3GetClock");
}
FMI3_EXPORT fmi3Status fmi3SetClock(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                    const fmi3Clock values[]) {
    (void)vr, (void)nvr, (void)values;
    UNSUPPORTED("fmi3SetClock");
}
FMI3_EXPORT fmi3Status fmi3GetIntervalDecimal(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                              fmi3Float64 intervals[], fmi3IntervalQualifier qualifiers[]) {
    (void)vr, (void)nvr, (void)intervals, (void)qualifiers;
    UNSUPPORTED("fmi3GetIntervalDecimal");
}
FMI3_EXPORT fmi3Status fmi3GetIntervalFraction(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                               fmi3UInt64 counters[], fmi3UInt64 resolutions[],
                                               fmi3IntervalQualifier qualifiers[]) {
    (void)vr, (void)nvr, (void)counters, (void)resolutions, (void)qualifiers;
    UNSUPPORTED("fmi3GetIntervalFraction");
}
FMI3_EXPORT fmi3Status fmi3GetShiftDecimal(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                           fmi3Float64 shifts[]) {
    (void)vr, (void)nvr, (void)shifts;
    UNSUPPORTED("fmi3GetShiftDecimal");
}
FMI3_EXPORT fmi3Status fmi3GetShiftFraction(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                            fmi3UInt64 counters[], fmi3UInt64 resolutions[]) {
    (void)vr, (void)nvr, (void)counters, (void)resolutions;
    UNSUPPORTED("fmi3GetShiftFraction");
}
FMI3_EXPORT fmi3Status fmi3SetIntervalDecimal(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                              const fmi3Float64 intervals[]) {
    (void)vr, (void)nvr, (void)intervals;
    UNSUPPORTED("fmi3SetIntervalDecimal");
}
FMI3_EXPORT fmi3Status fmi3SetIntervalFraction(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                               const fmi3UInt64 counters[], const fmi3UInt64 resolutions[]) {
    (void)vr, (void)nvr, (void)counters, (void)resolutions;
    UNSUPPORTED("fmi3SetIntervalFraction");
}
FMI3_EXPORT fmi3Status fmi3SetShiftDecimal(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                           const fmi3Float64 shifts[]) {
    (void)vr, (void)nvr, (void)shifts;
    UNSUPPORTED("fmi3SetShiftDecimal");
}
FMI3_EXPORT fmi3Status fmi3SetShiftFraction(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                            const fmi3UInt64 counters[], const fmi3UInt64 resolutions[]) {
    (void)vr, (void)nvr, (void)counters, (void)resolutions;
    UNSUPPORTED("fmi3SetShiftFraction");
}
FMI3_EXPORT fmi3Status fmi3EvaluateDiscreteStates(fmi3Instance instance) { UNSUPPORTED("fmi3EvaluateDiscreteStates"); }
FMI3_EXPORT fmi3Status fmi3ActivateModelPartition(fmi3Instance instance, fmi3ValueReference clockReference,
                                                  fmi3Float64 activationTime) {
    (void)clockReference, (void)activationTime;
    UNSUPPORTED("fmi3ActivateModelPartition");
}
