/*
 * Generic FMI 2.0 layer shared by the plant FMUs: Co-Simulation, and Model
 * Exchange for models that give their derivatives. Instance life cycle, the
 * calling-sequence rules (one table per interface), value references,
 * get/set of every type, logging through the importer's callback and a
 * fixed internal integration step. The model (model.h) brings only its
 * variable table and equations.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fmi2.h"
#include "model.h"
#include "plant.h"

/* States of the FMI 2.0 Co-Simulation state machine (section 4.2.4). This
 * layer steps synchronously, so stepInProgress and stepCanceled never occur. */
typedef enum {
    INSTANTIATED = 1 << 0,
    INITIALIZATION_MODE = 1 << 1,
    STEP_COMPLETE = 1 << 2,
    STEP_FAILED = 1 << 3,
    TERMINATED = 1 << 4,
    ERROR = 1 << 5,
    FATAL = 1 << 6,
    EVENT_MODE = 1 << 7,           /* Model Exchange (section 3.2.3) */
    CONTINUOUS_TIME_MODE = 1 << 8, /* Model Exchange */
} SlaveState;

#define ANY_STATE (INSTANTIATED | INITIALIZATION_MODE | STEP_COMPLETE | STEP_FAILED | TERMINATED | ERROR | FATAL \
                   | EVENT_MODE | CONTINUOUS_TIME_MODE)
#define READABLE (INITIALIZATION_MODE | STEP_COMPLETE | STEP_FAILED | TERMINATED | ERROR)
#define WRITABLE (INSTANTIATED | INITIALIZATION_MODE | STEP_COMPLETE)

/* The calling-sequence table of section 4.2.4: where each function may be called. */
static const struct {
    const char *function;
    int allowed;
} CALLING_SEQUENCE[] = {
    {"fmi2SetDebugLogging", ANY_STATE},
    {"fmi2SetupExperiment", INSTANTIATED},
    {"fmi2EnterInitializationMode", INSTANTIATED},
    {"fmi2ExitInitializationMode", INITIALIZATION_MODE},
    {"fmi2Terminate", STEP_COMPLETE | STEP_FAILED},
    {"fmi2Reset", ANY_STATE & ~FATAL},
    {"fmi2GetReal", READABLE},
    {"fmi2GetInteger", READABLE},
    {"fmi2GetBoolean", READABLE},
    {"fmi2GetString", READABLE},
    {"fmi2SetReal", WRITABLE},
    {"fmi2SetInteger", WRITABLE},
    {"fmi2SetBoolean", WRITABLE},
    {"fmi2SetString", WRITABLE},
    {"fmi2DoStep", STEP_COMPLETE},
    {"fmi2GetStatus", STEP_COMPLETE | STEP_FAILED | TERMINATED},
    {"fmi2GetRealStatus", STEP_COMPLETE | STEP_FAILED | TERMINATED},
    {"fmi2GetIntegerStatus", STEP_COMPLETE | STEP_FAILED | TERMINATED},
    {"fmi2GetBooleanStatus", STEP_COMPLETE | STEP_FAILED | TERMINATED},
    {"fmi2GetStringStatus", STEP_COMPLETE | STEP_FAILED | TERMINATED},
};

#define ME_READABLE (INITIALIZATION_MODE | EVENT_MODE | CONTINUOUS_TIME_MODE | TERMINATED | ERROR)

/* The calling-sequence table of section 3.2.3 (Model Exchange). fmi2SetTime in Event Mode is
 * only for pure discrete-time FMUs (condition 8): these have continuous states. Which variables
 * may be set in Continuous-Time Mode (condition 5) is settable()'s business. */
static const struct {
    const char *function;
    int allowed;
} ME_CALLING_SEQUENCE[] = {
    {"fmi2SetDebugLogging", ANY_STATE & ~FATAL},
    {"fmi2SetupExperiment", INSTANTIATED},
    {"fmi2EnterInitializationMode", INSTANTIATED},
    {"fmi2ExitInitializationMode", INITIALIZATION_MODE},
    {"fmi2Terminate", EVENT_MODE | CONTINUOUS_TIME_MODE},
    {"fmi2Reset", ANY_STATE & ~FATAL},
    {"fmi2GetReal", ME_READABLE},
    {"fmi2GetInteger", ME_READABLE},
    {"fmi2GetBoolean", ME_READABLE},
    {"fmi2GetString", ME_READABLE},
    {"fmi2SetReal", INSTANTIATED | INITIALIZATION_MODE | EVENT_MODE | CONTINUOUS_TIME_MODE},
    {"fmi2SetInteger", INSTANTIATED | INITIALIZATION_MODE | EVENT_MODE},
    {"fmi2SetBoolean", INSTANTIATED | INITIALIZATION_MODE | EVENT_MODE},
    {"fmi2SetString", INSTANTIATED | INITIALIZATION_MODE | EVENT_MODE},
    {"fmi2EnterEventMode", EVENT_MODE | CONTINUOUS_TIME_MODE},
    {"fmi2NewDiscreteStates", EVENT_MODE},
    {"fmi2EnterContinuousTimeMode", EVENT_MODE},
    {"fmi2CompletedIntegratorStep", CONTINUOUS_TIME_MODE},
    {"fmi2SetTime", CONTINUOUS_TIME_MODE},
    {"fmi2SetContinuousStates", CONTINUOUS_TIME_MODE},
    {"fmi2GetEventIndicators", ME_READABLE},
    {"fmi2GetContinuousStates", ME_READABLE},
    {"fmi2GetDerivatives", ME_READABLE},
    {"fmi2GetNominalsOfContinuousStates", ME_READABLE | INSTANTIATED},
};

typedef struct {
    char *name;
    fmi2CallbackFunctions callbacks; /* copied: the importer's struct is valid only during fmi2Instantiate */
    int logging_on;
    int model_exchange; /* instantiated as fmi2ModelExchange */
    int initialized;    /* Initialization Mode was entered: the equations may be evaluated */
    SlaveState state;
    double start_time;
    double time;
    double event_time; /* Model Exchange: the last event instant; time may not go back before it */
    int stop_time_defined;
    double stop_time;
    void *model; /* the model's state struct, allocated right behind this header */
} Slave;

/* The model state lives in the same block, after the header rounded up to 16 bytes,
 * so that slave_copy_string can find its slave from the model state alone. */
#define HEADER_SIZE ((sizeof(Slave) + 15) & ~(size_t)15)

static Slave *slave_of(void *model) { return (Slave *)((char *)model - HEADER_SIZE); }

/* ---- logging ---------------------------------------------------------------- */

/* Formats the message, then doubles every '%' because the importer's logger is printf-like. */
static void log_message(Slave *s, fmi2Status status, const char *category, const char *format, ...) {
    if (s == NULL || s->callbacks.logger == NULL) return;
    if (status == fmi2OK && !s->logging_on) return;
    char text[512], escaped[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    size_t j = 0;
    for (size_t i = 0; text[i] != '\0' && j + 2 < sizeof escaped; i++) {
        if (text[i] == '%') escaped[j++] = '%';
        escaped[j++] = text[i];
    }
    escaped[j] = '\0';
    s->callbacks.logger(s->callbacks.componentEnvironment, s->name, status, category, escaped);
}

/* Every error puts the instance into the error state (it can then only be reset or freed). */
static fmi2Status fail(Slave *s, const char *format, const char *function, const char *detail) {
    log_message(s, fmi2Error, "logStatusError", format, function, detail);
    s->state = ERROR;
    return fmi2Error;
}

static const char *state_name(SlaveState state) {
    switch (state) {
    case INSTANTIATED: return "instantiated";
    case INITIALIZATION_MODE: return "initialization mode";
    case STEP_COMPLETE: return "step complete";
    case STEP_FAILED: return "step failed";
    case TERMINATED: return "terminated";
    case ERROR: return "error";
    case FATAL: return "fatal";
    case EVENT_MODE: return "Event Mode";
    case CONTINUOUS_TIME_MODE: return "Continuous-Time Mode";
    }
    return "unknown";
}

/* Looks the function up in the table of the instance's interface. */
static int allowed(Slave *s, const char *function) {
    if (s == NULL) return 0;
    size_t rows = s->model_exchange ? sizeof ME_CALLING_SEQUENCE / sizeof ME_CALLING_SEQUENCE[0]
                                    : sizeof CALLING_SEQUENCE / sizeof CALLING_SEQUENCE[0];
    for (size_t i = 0; i < rows; i++) {
        const char *name = s->model_exchange ? ME_CALLING_SEQUENCE[i].function : CALLING_SEQUENCE[i].function;
        int states = s->model_exchange ? ME_CALLING_SEQUENCE[i].allowed : CALLING_SEQUENCE[i].allowed;
        if (strcmp(name, function) == 0) {
            if (states & s->state) return 1;
            log_message(s, fmi2Error, "logStatusError", "%s: not allowed in state %s", function,
                        state_name(s->state));
            if (s->state != FATAL) s->state = ERROR;
            return 0;
        }
    }
    log_message(s, fmi2Error, "logStatusError", "%s: not a function of %s", function,
                s->model_exchange ? "Model Exchange" : "Co-Simulation");
    if (s->state != FATAL) s->state = ERROR;
    return 0;
}

/* ---- variables ---------------------------------------------------------------- */

static void *field(Slave *s, const ModelVariable *v) { return plant_field(s->model, v); }

void slave_copy_string(void *model, char **target, const char *value) {
    Slave *s = slave_of(model);
    const char *text = value != NULL ? value : "";
    size_t length = strlen(text);
    char *copy = s->callbacks.allocateMemory(length + 1, 1);
    if (copy == NULL) {
        log_message(s, fmi2Error, "logStatusError", "out of memory copying a string of %zu bytes", length);
        return;
    }
    memcpy(copy, text, length + 1);
    if (*target != NULL) s->callbacks.freeMemory(*target);
    *target = copy;
}

static int same_type(VariableType declared, VariableType requested) {
    if (declared == TYPE_ENUMERATION) declared = TYPE_INTEGER; /* enumerations travel as Integer */
    return declared == requested;
}

/* Checks one value reference; logs and returns NULL when it is unknown or of another type. */
static const ModelVariable *variable(Slave *s, const char *function, fmi2ValueReference vr,
                                     VariableType type) {
    if (vr >= MODEL.variable_count) {
        log_message(s, fmi2Error, "logStatusError", "%s: unknown value reference %u", function, vr);
        return NULL;
    }
    const ModelVariable *v = &MODEL.variables[vr];
    if (!same_type(v->type, type)) {
        log_message(s, fmi2Error, "logStatusError", "%s: value reference %u (%s) has another type",
                    function, vr, v->name);
        return NULL;
    }
    return v;
}

/* Which variables may be set now (conditions 1, 3 and 6 of the calling-sequence table;
 * the parameters here are fixed, so they may only be set before initialization ends).
 * Condition 5 (Continuous-Time Mode) also allows the continuous states, which are outputs here. */
static int settable(Slave *s, const ModelVariable *v) {
    return plant_settable(v, s->state == CONTINUOUS_TIME_MODE, (s->state & (INSTANTIATED | INITIALIZATION_MODE)) != 0);
}

/* Outputs are kept current: recomputed after every set in initialization mode or
 * at a communication point, so direct feedthrough is visible without a step. */
static void recalculate(Slave *s) {
    /* In initialization mode the states still follow the parameters. */
    if (s->state == INITIALIZATION_MODE && MODEL.initialize != NULL) MODEL.initialize(s->model, s->time);
    if (s->state == INITIALIZATION_MODE) s->initialized = 1;
    if (MODEL.calculate == NULL) return;
    if (s->state & (INITIALIZATION_MODE | STEP_COMPLETE | EVENT_MODE)) MODEL.calculate(s->model, s->time);
    if (s->state == CONTINUOUS_TIME_MODE) plant_calculate_continuous(s->model, s->time);
}

/* ---- common functions --------------------------------------------------------- */

FMI2_EXPORT const char *fmi2GetTypesPlatform(void) { return fmi2TypesPlatform; }
FMI2_EXPORT const char *fmi2GetVersion(void) { return fmi2Version; }

FMI2_EXPORT fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                                          fmi2String fmuResourceLocation,
                                          const fmi2CallbackFunctions *functions, fmi2Boolean visible,
                                          fmi2Boolean loggingOn) {
    (void)visible;
    if (functions == NULL || functions->allocateMemory == NULL || functions->freeMemory == NULL) return NULL;
    const char *name = instanceName;
    Slave probe = {.name = (char *)MODEL.identifier, .callbacks = *functions, .logging_on = 1};
    /* Section 2.1.5: the instance name identifies the instance in every message; the importer must give one. */
    if (instanceName == NULL || instanceName[0] == '\0') {
        log_message(&probe, fmi2Error, "logStatusError", "fmi2Instantiate: instanceName is %s",
                    instanceName == NULL ? "NULL" : "empty");
        return NULL;
    }
    probe.name = (char *)name;
    /* The plants read no resources, but the location must still be the file URI of the
     * unpacked FMU's resources folder (section 2.1.5): anything else is an importer error. */
    if (fmuResourceLocation == NULL || strncmp(fmuResourceLocation, "file:", 5) != 0) {
        log_message(&probe, fmi2Error, "logStatusError", "fmi2Instantiate: fmuResourceLocation %s is not a file: URI",
                    fmuResourceLocation != NULL ? fmuResourceLocation : "(null)");
        return NULL;
    }
    if (fmuType != fmi2CoSimulation && (fmuType != fmi2ModelExchange || MODEL.derivatives == NULL)) {
        log_message(&probe, fmi2Error, "logStatusError", "fmi2Instantiate: %s supports only %s (fmuType %d)",
                    MODEL.identifier, MODEL.derivatives == NULL ? "Co-Simulation" : "Co-Simulation and Model Exchange",
                    fmuType);
        return NULL;
    }
    if (fmuGUID == NULL || strcmp(fmuGUID, MODEL.guid) != 0) {
        log_message(&probe, fmi2Error, "logStatusError",
                    "fmi2Instantiate: GUID %s does not match %s's %s (modelDescription.xml and binary differ)",
                    fmuGUID != NULL ? fmuGUID : "(null)", MODEL.identifier, MODEL.guid);
        return NULL;
    }
    Slave *s = functions->allocateMemory(1, HEADER_SIZE + MODEL.state_size);
    char *copy = functions->allocateMemory(strlen(name) + 1, 1);
    if (s == NULL || copy == NULL) {
        log_message(&probe, fmi2Error, "logStatusError", "fmi2Instantiate: out of memory");
        if (s != NULL) functions->freeMemory(s);
        if (copy != NULL) functions->freeMemory(copy);
        return NULL;
    }
    strcpy(copy, name);
    s->name = copy;
    s->callbacks = *functions;
    s->logging_on = loggingOn != fmi2False;
    s->model_exchange = fmuType == fmi2ModelExchange;
    s->initialized = 0;
    s->state = INSTANTIATED;
    s->model = (char *)s + HEADER_SIZE;
    plant_set_start_values(s->model);
    log_message(s, fmi2OK, "logAll", "fmi2Instantiate: %s", MODEL.identifier);
    return s;
}

FMI2_EXPORT void fmi2FreeInstance(fmi2Component c) {
    Slave *s = c;
    if (s == NULL) return;
    plant_free_strings(s->model, s->callbacks.freeMemory);
    fmi2CallbackFreeMemory release = s->callbacks.freeMemory;
    release(s->name);
    release(s);
}

FMI2_EXPORT fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean loggingOn, size_t nCategories,
                                           const fmi2String categories[]) {
    Slave *s = c;
    if (!allowed(s, "fmi2SetDebugLogging")) return fmi2Error;
    for (size_t i = 0; i < nCategories; i++) {
        if (categories == NULL || categories[i] == NULL || !plant_declared_category(categories[i]))
            return fail(s, "%s: unknown log category %s", "fmi2SetDebugLogging",
                        categories == NULL || categories[i] == NULL ? "(null)" : categories[i]);
    }
    s->logging_on = loggingOn != fmi2False;
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance,
                                           fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime) {
    Slave *s = c;
    (void)toleranceDefined;
    (void)tolerance;
    if (!allowed(s, "fmi2SetupExperiment")) return fmi2Error;
    if (!isfinite(startTime)) {
        log_message(s, fmi2Error, "logStatusError", "fmi2SetupExperiment: start time %g is not finite", startTime);
        s->state = ERROR;
        return fmi2Error;
    }
    if (stopTimeDefined && !(stopTime >= startTime)) { /* also a NaN stop time */
        log_message(s, fmi2Error, "logStatusError", "fmi2SetupExperiment: stop time %g before start time %g",
                    stopTime, startTime);
        s->state = ERROR;
        return fmi2Error;
    }
    s->start_time = startTime;
    s->time = startTime;
    s->stop_time_defined = stopTimeDefined != fmi2False;
    s->stop_time = stopTime;
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2EnterInitializationMode(fmi2Component c) {
    Slave *s = c;
    if (!allowed(s, "fmi2EnterInitializationMode")) return fmi2Error;
    s->state = INITIALIZATION_MODE;
    recalculate(s);
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2ExitInitializationMode(fmi2Component c) {
    Slave *s = c;
    if (!allowed(s, "fmi2ExitInitializationMode")) return fmi2Error;
    recalculate(s);
    s->state = s->model_exchange ? EVENT_MODE : STEP_COMPLETE;
    s->event_time = s->time; /* leaving Initialization Mode is the first event instant */
    if (s->model_exchange && MODEL.communication_point != NULL) MODEL.communication_point(s->model, s->time);
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2Terminate(fmi2Component c) {
    Slave *s = c;
    if (!allowed(s, "fmi2Terminate")) return fmi2Error;
    s->state = TERMINATED;
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2Reset(fmi2Component c) {
    Slave *s = c;
    if (!allowed(s, "fmi2Reset")) return fmi2Error;
    plant_free_strings(s->model, s->callbacks.freeMemory);
    void *model = s->model;
    memset(model, 0, MODEL.state_size);
    s->state = INSTANTIATED;
    s->initialized = 0;
    s->time = s->start_time = s->event_time = 0.0;
    s->stop_time_defined = 0;
    plant_set_start_values(s->model);
    return fmi2OK;
}

/* ---- get and set ---------------------------------------------------------------- */

#define GET_FUNCTION(fname, ctype, vtype, read)                                                           \
    FMI2_EXPORT fmi2Status fname(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, ctype value[]) { \
        Slave *s = c;                                                                                     \
        if (!allowed(s, #fname)) return fmi2Error;                                                        \
        if (nvr > 0 && (vr == NULL || value == NULL))                                                     \
            return fail(s, "%s: %s", #fname, "NULL array argument");                                      \
        for (size_t i = 0; i < nvr; i++) {                                                                \
            const ModelVariable *v = variable(s, #fname, vr[i], vtype);                                   \
            if (v == NULL) {                                                                              \
                s->state = ERROR;                                                                         \
                return fmi2Error;                                                                         \
            }                                                                                             \
            value[i] = read;                                                                              \
        }                                                                                                 \
        return fmi2OK;                                                                                    \
    }

static fmi2Status get_real(Slave *s, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[]);

FMI2_EXPORT fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[]) {
    Slave *s = c;
    if (!allowed(s, "fmi2GetReal")) return fmi2Error;
    if (nvr > 0 && (vr == NULL || value == NULL)) return fail(s, "%s: %s", "fmi2GetReal", "NULL array argument");
    return get_real(s, vr, nvr, value);
}
GET_FUNCTION(fmi2GetInteger, fmi2Integer, TYPE_INTEGER, *(int *)field(s, v))
GET_FUNCTION(fmi2GetBoolean, fmi2Boolean, TYPE_BOOLEAN, *(int *)field(s, v) ? fmi2True : fmi2False)
GET_FUNCTION(fmi2GetString, fmi2String, TYPE_STRING, *(char **)field(s, v))

#define SET_FUNCTION(fname, ctype, vtype, write)                                                          \
    FMI2_EXPORT fmi2Status fname(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,              \
                                 const ctype value[]) {                                                   \
        Slave *s = c;                                                                                     \
        if (!allowed(s, #fname)) return fmi2Error;                                                        \
        if (nvr > 0 && (vr == NULL || value == NULL))                                                     \
            return fail(s, "%s: %s", #fname, "NULL array argument");                                      \
        for (size_t i = 0; i < nvr; i++) {                                                                \
            const ModelVariable *v = variable(s, #fname, vr[i], vtype);                                   \
            if (v == NULL) {                                                                              \
                s->state = ERROR;                                                                         \
                return fmi2Error;                                                                         \
            }                                                                                             \
            if (!settable(s, v)) return fail(s, "%s: %s cannot be set now", #fname, v->name);             \
            write;                                                                                        \
        }                                                                                                 \
        recalculate(s);                                                                                   \
        return fmi2OK;                                                                                    \
    }

SET_FUNCTION(fmi2SetReal, fmi2Real, TYPE_REAL, *(double *)field(s, v) = value[i])
SET_FUNCTION(fmi2SetInteger, fmi2Integer, TYPE_INTEGER, *(int *)field(s, v) = value[i])
/* Any non-zero fmi2Boolean is true. */
SET_FUNCTION(fmi2SetBoolean, fmi2Boolean, TYPE_BOOLEAN, *(int *)field(s, v) = value[i] != fmi2False)
SET_FUNCTION(fmi2SetString, fmi2String, TYPE_STRING, slave_copy_string(s->model, (char **)field(s, v), value[i]))

/* ---- stepping ------------------------------------------------------------------- */

/* The most internal steps one fmi2DoStep takes (about a second of CPU for the plants). */
#define MAX_SUBSTEPS 10000000L

FMI2_EXPORT fmi2Status fmi2DoStep(fmi2Component c, fmi2Real currentCommunicationPoint,
                                  fmi2Real communicationStepSize, fmi2Boolean noSetFMUStatePriorToCurrentPoint) {
    Slave *s = c;
    (void)noSetFMUStatePriorToCurrentPoint;
    if (!allowed(s, "fmi2DoStep")) return fmi2Error;
    double t = currentCommunicationPoint, h = communicationStepSize;
    double tolerance = 1e-9 * fmax(1.0, fabs(s->time));
    if (!(h > 0.0) || isinf(h)) {
        log_message(s, fmi2Error, "logStatusError", "fmi2DoStep: step size %g at t=%g is not a positive finite number",
                    h, t);
        s->state = ERROR;
        return fmi2Error;
    }
    if (!(fabs(t - s->time) <= tolerance)) { /* also a NaN communication point */
        log_message(s, fmi2Error, "logStatusError",
                    "fmi2DoStep: communication point %.17g differs from the FMU's time %.17g", t, s->time);
        s->state = ERROR;
        return fmi2Error;
    }
    if (s->stop_time_defined && t + h > s->stop_time + 1e-9 * fmax(1.0, fabs(s->stop_time))) {
        log_message(s, fmi2Error, "logStatusError", "fmi2DoStep: step to t=%g goes past the stop time %g", t + h,
                    s->stop_time);
        s->state = ERROR;
        return fmi2Error;
    }
    if (MODEL.communication_point != NULL) MODEL.communication_point(s->model, t);
    /* Equal sub-steps of at most internal_step, so the step ends exactly at t + h. A step that
     * needs more than MAX_SUBSTEPS stops after them: fmi2Discard, and fmi2LastSuccessfulTime
     * says how far it got (section 4.2.3), instead of a call that never returns. */
    double needed = ceil(h / MODEL.internal_step - 1e-9);
    int partial = !(needed <= (double)MAX_SUBSTEPS);
    long n = partial ? MAX_SUBSTEPS : (needed < 1.0 ? 1 : (long)needed);
    double dt = partial ? MODEL.internal_step : h / (double)n;
    for (long i = 0; i < n; i++) {
        MODEL.step(s->model, t + dt * (double)i, dt);
    }
    s->time = partial ? t + dt * (double)n : t + h;
    if (MODEL.calculate != NULL) MODEL.calculate(s->model, s->time);
    const char *bad = NULL;
    if (!plant_outputs_finite(s->model, &bad)) {
        log_message(s, fmi2Error, "logStatusError", "fmi2DoStep: output %s is not finite at t=%g", bad, s->time);
        s->state = ERROR;
        return fmi2Error;
    }
    if (partial) {
        log_message(s, fmi2Discard, "logStatusDiscard",
                    "fmi2DoStep: the step to t=%g needs more than %ld internal steps of %g s; stopped at t=%.17g",
                    t + h, (long)MAX_SUBSTEPS, MODEL.internal_step, s->time);
        s->state = STEP_FAILED;
        return fmi2Discard;
    }
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2CancelStep(fmi2Component c) {
    /* Steps are synchronous: there is never a step in progress to cancel. */
    return fail(c, "%s: %s", "fmi2CancelStep", "no asynchronous step in progress");
}

/* Steps are synchronous, so only fmi2LastSuccessfulTime and fmi2Terminated have a value;
 * any other status "cannot be retrieved by the slave": fmi2Discard (section 4.2.3). */
#define STATUS_FUNCTION(fname, ctype, available, read)                                                    \
    FMI2_EXPORT fmi2Status fname(fmi2Component c, const fmi2StatusKind kind, ctype *value) {              \
        Slave *s = c;                                                                                     \
        (void)kind;                                                                                       \
        if (!allowed(s, #fname)) return fmi2Error;                                                        \
        if (value == NULL) return fail(s, "%s: %s", #fname, "NULL value argument");                       \
        if (!(available)) return fmi2Discard;                                                             \
        *value = read;                                                                                    \
        return fmi2OK;                                                                                    \
    }

STATUS_FUNCTION(fmi2GetStatus, fmi2Status, 0, fmi2OK)
STATUS_FUNCTION(fmi2GetRealStatus, fmi2Real, kind == fmi2LastSuccessfulTime, s->time)
STATUS_FUNCTION(fmi2GetIntegerStatus, fmi2Integer, 0, 0)
STATUS_FUNCTION(fmi2GetBooleanStatus, fmi2Boolean, kind == fmi2Terminated, fmi2False)
STATUS_FUNCTION(fmi2GetStringStatus, fmi2String, 0, "")

/* ---- capabilities these plants do not declare ---------------------------------------- */

#define UNSUPPORTED(call) \
    if (c != NULL) return fail(c, "%s: %s", call, "not supported by this FMU (see modelDescription.xml)"); \
    return fmi2Error;

FMI2_EXPORT fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate *state) {
    (void)state;
    UNSUPPORTED("fmi2GetFMUstate")
}
FMI2_EXPORT fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate state) {
    (void)state;
    UNSUPPORTED("fmi2SetFMUstate")
}
FMI2_EXPORT fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate *state) {
    (void)state;
    UNSUPPORTED("fmi2FreeFMUstate")
}
FMI2_EXPORT fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate state, size_t *size) {
    (void)state;
    (void)size;
    UNSUPPORTED("fmi2SerializedFMUstateSize")
}
FMI2_EXPORT fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate state, fmi2Byte serialized[],
                                             size_t size) {
    (void)state;
    (void)serialized;
    (void)size;
    UNSUPPORTED("fmi2SerializeFMUstate")
}
FMI2_EXPORT fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte serialized[], size_t size,
                                               fmi2FMUstate *state) {
    (void)serialized;
    (void)size;
    (void)state;
    UNSUPPORTED("fmi2DeSerializeFMUstate")
}
FMI2_EXPORT fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference unknowns[],
                                                    size_t nUnknown, const fmi2ValueReference knowns[],
                                                    size_t nKnown, const fmi2Real dvKnown[], fmi2Real dvUnknown[]) {
    (void)unknowns;
    (void)nUnknown;
    (void)knowns;
    (void)nKnown;
    (void)dvKnown;
    (void)dvUnknown;
    UNSUPPORTED("fmi2GetDirectionalDerivative")
}
FMI2_EXPORT fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                                   const fmi2Integer order[], const fmi2Real value[]) {
    (void)vr;
    (void)nvr;
    (void)order;
    (void)value;
    UNSUPPORTED("fmi2SetRealInputDerivatives")
}
FMI2_EXPORT fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                                    const fmi2Integer order[], fmi2Real value[]) {
    (void)vr;
    (void)nvr;
    (void)order;
    (void)value;
    UNSUPPORTED("fmi2GetRealOutputDerivatives")
}

/* ---- Model Exchange (section 3.2) ------------------------------------------------------ */

#define MAX_STATES 16

/* The derivatives; 0 before Initialization Mode (reachable in state error, where values serve
 * debugging only), as the equations need the states initialize() sets up. */
static void derivatives(Slave *s, double dx[]) {
    if (s->initialized) {
        MODEL.derivatives(s->model, s->time, dx);
        return;
    }
    for (size_t k = 0; k < MODEL.continuous_state_count; k++) dx[k] = 0.0;
}

static fmi2Status get_real(Slave *s, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[]) {
    double dx[MAX_STATES];
    int have_derivatives = 0;
    for (size_t i = 0; i < nvr; i++) {
        size_t k = vr[i] - MODEL.variable_count;
        if (vr[i] >= MODEL.variable_count && k < MODEL.continuous_state_count && MODEL.derivatives != NULL) {
            if (!have_derivatives) derivatives(s, dx);
            have_derivatives = 1;
            value[i] = dx[k];
            continue;
        }
        const ModelVariable *v = variable(s, "fmi2GetReal", vr[i], TYPE_REAL);
        if (v == NULL) {
            s->state = ERROR;
            return fmi2Error;
        }
        value[i] = *(double *)field(s, v);
    }
    return fmi2OK;
}

/* The array length must be the model description's number of states or indicators. */
static int counted(Slave *s, const char *function, size_t n, size_t expected, const void *array) {
    if (n != expected) {
        char detail[96];
        snprintf(detail, sizeof detail, "the array has %zu elements, the FMU has %zu", n, expected);
        fail(s, "%s: %s", function, detail);
        return 0;
    }
    if (n > 0 && array == NULL) {
        fail(s, "%s: %s", function, "NULL array argument");
        return 0;
    }
    return 1;
}

FMI2_EXPORT fmi2Status fmi2SetTime(fmi2Component c, fmi2Real time) {
    Slave *s = c;
    if (!allowed(s, "fmi2SetTime")) return fmi2Error;
    /* 3.2.3: time may go back within a continuous-time interval, never before the last event
     * instant; and not past a defined stop time (2.1.6). */
    if (!isfinite(time)) {
        log_message(s, fmi2Error, "logStatusError", "fmi2SetTime: time %g is not finite", time);
        s->state = ERROR;
        return fmi2Error;
    }
    if (time < s->event_time - 1e-9 * fmax(1.0, fabs(s->event_time))) {
        log_message(s, fmi2Error, "logStatusError", "fmi2SetTime: time %.17g is before the last event instant %.17g",
                    time, s->event_time);
        s->state = ERROR;
        return fmi2Error;
    }
    if (s->stop_time_defined && time > s->stop_time + 1e-9 * fmax(1.0, fabs(s->stop_time))) {
        log_message(s, fmi2Error, "logStatusError", "fmi2SetTime: time %.17g is past the stop time %.17g", time,
                    s->stop_time);
        s->state = ERROR;
        return fmi2Error;
    }
    s->time = time;
    recalculate(s);
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2SetContinuousStates(fmi2Component c, const fmi2Real x[], size_t nx) {
    Slave *s = c;
    if (!allowed(s, "fmi2SetContinuousStates")) return fmi2Error;
    if (!counted(s, "fmi2SetContinuousStates", nx, MODEL.continuous_state_count, x)) return fmi2Error;
    for (size_t k = 0; k < nx; k++) *plant_state_field(s->model, k) = x[k];
    recalculate(s);
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2GetContinuousStates(fmi2Component c, fmi2Real x[], size_t nx) {
    Slave *s = c;
    if (!allowed(s, "fmi2GetContinuousStates")) return fmi2Error;
    if (!counted(s, "fmi2GetContinuousStates", nx, MODEL.continuous_state_count, x)) return fmi2Error;
    for (size_t k = 0; k < nx; k++) x[k] = *plant_state_field(s->model, k);
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2GetDerivatives(fmi2Component c, fmi2Real dx[], size_t nx) {
    Slave *s = c;
    if (!allowed(s, "fmi2GetDerivatives")) return fmi2Error;
    if (!counted(s, "fmi2GetDerivatives", nx, MODEL.continuous_state_count, dx)) return fmi2Error;
    if (nx > 0) derivatives(s, dx);
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2GetNominalsOfContinuousStates(fmi2Component c, fmi2Real nominals[], size_t nx) {
    Slave *s = c;
    if (!allowed(s, "fmi2GetNominalsOfContinuousStates")) return fmi2Error;
    if (!counted(s, "fmi2GetNominalsOfContinuousStates", nx, MODEL.continuous_state_count, nominals))
        return fmi2Error;
    for (size_t k = 0; k < nx; k++) nominals[k] = 1.0;
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2GetEventIndicators(fmi2Component c, fmi2Real z[], size_t ni) {
    Slave *s = c;
    if (!allowed(s, "fmi2GetEventIndicators")) return fmi2Error;
    if (!counted(s, "fmi2GetEventIndicators", ni, MODEL.event_indicator_count, z)) return fmi2Error;
    if (ni > 0 && s->initialized) MODEL.event_indicators(s->model, s->time, z);
    else for (size_t k = 0; k < ni; k++) z[k] = 0.0; /* as derivatives() */
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2EnterEventMode(fmi2Component c) {
    Slave *s = c;
    if (!allowed(s, "fmi2EnterEventMode")) return fmi2Error;
    s->state = EVENT_MODE;
    s->event_time = s->time;
    return fmi2OK;
}

/* One round settles the plant: latch the inputs, let the model restore its ranges, recompute. */
FMI2_EXPORT fmi2Status fmi2NewDiscreteStates(fmi2Component c, fmi2EventInfo *info) {
    Slave *s = c;
    if (!allowed(s, "fmi2NewDiscreteStates")) return fmi2Error;
    if (info == NULL) return fail(s, "%s: %s", "fmi2NewDiscreteStates", "fmi2EventInfo is NULL");
    if (MODEL.communication_point != NULL) MODEL.communication_point(s->model, s->time);
    int changed = MODEL.event != NULL && MODEL.event(s->model, s->time);
    recalculate(s);
    info->newDiscreteStatesNeeded = fmi2False;
    info->terminateSimulation = fmi2False;
    info->nominalsOfContinuousStatesChanged = fmi2False;
    info->valuesOfContinuousStatesChanged = changed ? fmi2True : fmi2False;
    double next = MODEL.next_event_time != NULL ? MODEL.next_event_time(s->model, s->time) : INFINITY;
    info->nextEventTimeDefined = isfinite(next) ? fmi2True : fmi2False;
    info->nextEventTime = isfinite(next) ? next : 0.0;
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2EnterContinuousTimeMode(fmi2Component c) {
    Slave *s = c;
    if (!allowed(s, "fmi2EnterContinuousTimeMode")) return fmi2Error;
    s->state = CONTINUOUS_TIME_MODE;
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2CompletedIntegratorStep(fmi2Component c, fmi2Boolean noSetFMUStatePriorToCurrentPoint,
                                                   fmi2Boolean *enterEventMode, fmi2Boolean *terminateSimulation) {
    Slave *s = c;
    (void)noSetFMUStatePriorToCurrentPoint;
    if (!allowed(s, "fmi2CompletedIntegratorStep")) return fmi2Error;
    if (enterEventMode == NULL || terminateSimulation == NULL)
        return fail(s, "%s: %s", "fmi2CompletedIntegratorStep", "NULL argument");
    *enterEventMode = fmi2False;
    *terminateSimulation = MODEL.finished != NULL && MODEL.finished(s->model, s->time) ? fmi2True : fmi2False;
    return fmi2OK;
}
