/*
 * A small FMI 3.0 importer that drives a bt-fmu FMU built with `--fmi 3` from a process
 * without a JVM, in the shape of the Reference FMUs' cs_early_return and cs_event_mode
 * examples and of a Model Exchange simulator. Run by Fmi3ImporterTest:
 *
 *   importer3 <scenario> <fmu-dir> <instantiationToken>
 *   scenario: early_return | fmi2_like | event_mode | state | illegal | model_exchange | terminate |
 *             indicator_dependencies
 *
 * The FMU of "terminate" is missions/terminate_test.json (wait 5 s; the root asks to stop once
 * done); that of the others is the extracted FMU of missions/shim_test.json: climb until altitude >= climb_to
 * (100 m), hold 10 s (a Wait: a time event of the mission's own), cruise until go with
 * target = gain * altitude. The expected times are computed by hand in each scenario.
 * Prints one line per failed check; exits 0 when all passed, 1 otherwise.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmi3.h"
#include "checks.h"

/* shim_test.json's value references (FMI 2.0's, kept by FMI 3.0), then time and the indicator */
enum { VR_ALTITUDE = 0, VR_GO = 1, VR_MODE = 4, VR_TARGET = 5, VR_CLIMB_TO = 6, VR_STATUS_CLIMB = 10,
       VR_STATUS_HOLD = 12, VR_STATUS_CRUISE = 13, VR_TIME = 14, VR_INDICATOR = 15 };
enum { SUCCESS = 1, FAILURE, ACCEPT, ACTIVATING, RUNNING, FINISHED, ABORTED, DEACTIVATING };

#define OK3(call) CHECK((call) == fmi3OK, "%s did not return fmi3OK", #call)

/* The call returns fmi3Error and logs a message that contains the expected text. */
#define REJECTED3(call, text)                                                                   \
    do {                                                                                        \
        int before = messages;                                                                  \
        fmi3Status status = (call);                                                             \
        CHECK(status == fmi3Error, "%s returned %d, expected fmi3Error", #call, (int)status);    \
        CHECK(messages > before && strstr(last_message, text) != NULL,                          \
              "%s logged \"%s\", expected a message with \"%s\"", #call,                        \
              messages > before ? last_message : "nothing", text);                              \
    } while (0)

static void logger(fmi3InstanceEnvironment env, fmi3Status status, fmi3String category,
                   fmi3String message)
{
    (void)env;
    (void)status;
    (void)category;
    snprintf(last_message, sizeof last_message, "%s", message);
    messages++;
}

static struct {
    void *library;
    char resources[PATH_MAX + 16];
    const char *token;
    fmi3Instance (*instantiateCS)(fmi3String, fmi3String, fmi3String, fmi3Boolean, fmi3Boolean,
                                  fmi3Boolean, fmi3Boolean, const fmi3ValueReference[], size_t,
                                  fmi3InstanceEnvironment, fmi3LogMessageCallback,
                                  fmi3IntermediateUpdateCallback);
    fmi3Instance (*instantiateME)(fmi3String, fmi3String, fmi3String, fmi3Boolean, fmi3Boolean,
                                  fmi3InstanceEnvironment, fmi3LogMessageCallback);
    void (*freeInstance)(fmi3Instance);
    fmi3Status (*setDebugLogging)(fmi3Instance, fmi3Boolean, size_t, const fmi3String[]);
    fmi3Status (*enterInitializationMode)(fmi3Instance, fmi3Boolean, fmi3Float64, fmi3Float64,
                                          fmi3Boolean, fmi3Float64);
    fmi3Status (*exitInitializationMode)(fmi3Instance);
    fmi3Status (*enterEventMode)(fmi3Instance);
    fmi3Status (*enterStepMode)(fmi3Instance);
    fmi3Status (*updateDiscreteStates)(fmi3Instance, fmi3Boolean *, fmi3Boolean *, fmi3Boolean *,
                                       fmi3Boolean *, fmi3Boolean *, fmi3Float64 *);
    fmi3Status (*terminate)(fmi3Instance);
    fmi3Status (*getFloat64)(fmi3Instance, const fmi3ValueReference[], size_t, fmi3Float64[], size_t);
    fmi3Status (*setFloat64)(fmi3Instance, const fmi3ValueReference[], size_t, const fmi3Float64[],
                             size_t);
    fmi3Status (*getInt32)(fmi3Instance, const fmi3ValueReference[], size_t, fmi3Int32[], size_t);
    fmi3Status (*getInt64)(fmi3Instance, const fmi3ValueReference[], size_t, fmi3Int64[], size_t);
    fmi3Status (*setBoolean)(fmi3Instance, const fmi3ValueReference[], size_t, const fmi3Boolean[],
                             size_t);
    fmi3Status (*doStep)(fmi3Instance, fmi3Float64, fmi3Float64, fmi3Boolean, fmi3Boolean *,
                         fmi3Boolean *, fmi3Boolean *, fmi3Float64 *);
    fmi3Status (*getFMUState)(fmi3Instance, fmi3FMUState *);
    fmi3Status (*setFMUState)(fmi3Instance, fmi3FMUState);
    fmi3Status (*freeFMUState)(fmi3Instance, fmi3FMUState *);
    fmi3Status (*serializedFMUStateSize)(fmi3Instance, fmi3FMUState, size_t *);
    fmi3Status (*serializeFMUState)(fmi3Instance, fmi3FMUState, fmi3Byte[], size_t);
    fmi3Status (*deserializeFMUState)(fmi3Instance, const fmi3Byte[], size_t, fmi3FMUState *);
    fmi3Status (*setTime)(fmi3Instance, fmi3Float64);
    fmi3Status (*enterContinuousTimeMode)(fmi3Instance);
    fmi3Status (*completedIntegratorStep)(fmi3Instance, fmi3Boolean, fmi3Boolean *, fmi3Boolean *);
    fmi3Status (*getEventIndicators)(fmi3Instance, fmi3Float64[], size_t);
    fmi3Status (*getNumberOfEventIndicators)(fmi3Instance, size_t *);
    fmi3Status (*getNumberOfContinuousStates)(fmi3Instance, size_t *);
    fmi3Status (*getContinuousStates)(fmi3Instance, fmi3Float64[], size_t);
    fmi3Status (*getFloat32)(fmi3Instance, const fmi3ValueReference[], size_t, fmi3Float32[], size_t);
    fmi3Status (*getClock)(fmi3Instance, const fmi3ValueReference[], size_t, fmi3Clock[]);
} fmu;

static void *symbol(const char *name)
{
    void *address = dlsym(fmu.library, name);
    if (address == NULL) {
        printf("FAIL: the FMU does not export %s\n", name);
        exit(1);
    }
    return address;
}

/* Every function of the FMI 3.0 API (§2.3 to §5.2): an importer may look each one up. */
static const char *const ALL_FUNCTIONS[] = {
    "fmi3GetVersion", "fmi3SetDebugLogging", "fmi3InstantiateModelExchange",
    "fmi3InstantiateCoSimulation", "fmi3InstantiateScheduledExecution", "fmi3FreeInstance",
    "fmi3EnterInitializationMode", "fmi3ExitInitializationMode", "fmi3EnterEventMode",
    "fmi3Terminate", "fmi3Reset", "fmi3GetFloat32", "fmi3GetFloat64", "fmi3GetInt8",
    "fmi3GetUInt8", "fmi3GetInt16", "fmi3GetUInt16", "fmi3GetInt32", "fmi3GetUInt32",
    "fmi3GetInt64", "fmi3GetUInt64", "fmi3GetBoolean", "fmi3GetString", "fmi3GetBinary",
    "fmi3GetClock", "fmi3SetFloat32", "fmi3SetFloat64", "fmi3SetInt8", "fmi3SetUInt8",
    "fmi3SetInt16", "fmi3SetUInt16", "fmi3SetInt32", "fmi3SetUInt32", "fmi3SetInt64",
    "fmi3SetUInt64", "fmi3SetBoolean", "fmi3SetString", "fmi3SetBinary", "fmi3SetClock",
    "fmi3GetNumberOfVariableDependencies", "fmi3GetVariableDependencies", "fmi3GetFMUState",
    "fmi3SetFMUState", "fmi3FreeFMUState", "fmi3SerializedFMUStateSize",
    "fmi3SerializeFMUState", "fmi3DeserializeFMUState", "fmi3GetDirectionalDerivative",
    "fmi3GetAdjointDerivative", "fmi3EnterConfigurationMode", "fmi3ExitConfigurationMode",
    "fmi3GetIntervalDecimal", "fmi3GetIntervalFraction", "fmi3GetShiftDecimal",
    "fmi3GetShiftFraction", "fmi3SetIntervalDecimal", "fmi3SetIntervalFraction",
    "fmi3SetShiftDecimal", "fmi3SetShiftFraction", "fmi3EvaluateDiscreteStates",
    "fmi3UpdateDiscreteStates", "fmi3EnterContinuousTimeMode", "fmi3CompletedIntegratorStep",
    "fmi3SetTime", "fmi3SetContinuousStates", "fmi3GetContinuousStateDerivatives",
    "fmi3GetEventIndicators", "fmi3GetContinuousStates", "fmi3GetNominalsOfContinuousStates",
    "fmi3GetNumberOfEventIndicators", "fmi3GetNumberOfContinuousStates", "fmi3EnterStepMode",
    "fmi3GetOutputDerivatives", "fmi3DoStep", "fmi3ActivateModelPartition",
};

static void load(const char *directory, const char *token)
{
    char binaries[4096];
    snprintf(binaries, sizeof binaries, "%s/binaries/x86_64-linux", directory);
    DIR *dir = opendir(binaries);
    struct dirent *entry;
    char library[4352] = "";
    while (dir && (entry = readdir(dir)) != NULL) {
        if (strstr(entry->d_name, ".so")) {
            snprintf(library, sizeof library, "%s/%s", binaries, entry->d_name);
        }
    }
    if (dir) closedir(dir);
    fmu.library = library[0] ? dlopen(library, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (fmu.library == NULL) {
        printf("FAIL: cannot load the FMU's library in %s: %s\n", binaries, dlerror());
        exit(1);
    }
    fmu.token = token;
    char absolute[PATH_MAX];
    snprintf(fmu.resources, sizeof fmu.resources, "%s/resources/",
             realpath(directory, absolute) ? absolute : directory);
    for (size_t i = 0; i < sizeof ALL_FUNCTIONS / sizeof ALL_FUNCTIONS[0]; i++) {
        symbol(ALL_FUNCTIONS[i]);
    }
    const char *(*version)(void) = (const char *(*)(void))symbol("fmi3GetVersion");
    CHECK(strcmp(version(), "3.0") == 0, "fmi3GetVersion is \"%s\"", version());
    *(void **)&fmu.instantiateCS = symbol("fmi3InstantiateCoSimulation");
    *(void **)&fmu.instantiateME = symbol("fmi3InstantiateModelExchange");
    *(void **)&fmu.freeInstance = symbol("fmi3FreeInstance");
    *(void **)&fmu.setDebugLogging = symbol("fmi3SetDebugLogging");
    *(void **)&fmu.enterInitializationMode = symbol("fmi3EnterInitializationMode");
    *(void **)&fmu.exitInitializationMode = symbol("fmi3ExitInitializationMode");
    *(void **)&fmu.enterEventMode = symbol("fmi3EnterEventMode");
    *(void **)&fmu.enterStepMode = symbol("fmi3EnterStepMode");
    *(void **)&fmu.updateDiscreteStates = symbol("fmi3UpdateDiscreteStates");
    *(void **)&fmu.terminate = symbol("fmi3Terminate");
    *(void **)&fmu.getFloat64 = symbol("fmi3GetFloat64");
    *(void **)&fmu.setFloat64 = symbol("fmi3SetFloat64");
    *(void **)&fmu.getInt32 = symbol("fmi3GetInt32");
    *(void **)&fmu.getInt64 = symbol("fmi3GetInt64");
    *(void **)&fmu.setBoolean = symbol("fmi3SetBoolean");
    *(void **)&fmu.doStep = symbol("fmi3DoStep");
    *(void **)&fmu.getFMUState = symbol("fmi3GetFMUState");
    *(void **)&fmu.setFMUState = symbol("fmi3SetFMUState");
    *(void **)&fmu.freeFMUState = symbol("fmi3FreeFMUState");
    *(void **)&fmu.serializedFMUStateSize = symbol("fmi3SerializedFMUStateSize");
    *(void **)&fmu.serializeFMUState = symbol("fmi3SerializeFMUState");
    *(void **)&fmu.deserializeFMUState = symbol("fmi3DeserializeFMUState");
    *(void **)&fmu.setTime = symbol("fmi3SetTime");
    *(void **)&fmu.enterContinuousTimeMode = symbol("fmi3EnterContinuousTimeMode");
    *(void **)&fmu.completedIntegratorStep = symbol("fmi3CompletedIntegratorStep");
    *(void **)&fmu.getEventIndicators = symbol("fmi3GetEventIndicators");
    *(void **)&fmu.getNumberOfEventIndicators = symbol("fmi3GetNumberOfEventIndicators");
    *(void **)&fmu.getNumberOfContinuousStates = symbol("fmi3GetNumberOfContinuousStates");
    *(void **)&fmu.getContinuousStates = symbol("fmi3GetContinuousStates");
    *(void **)&fmu.getFloat32 = symbol("fmi3GetFloat32");
    *(void **)&fmu.getClock = symbol("fmi3GetClock");
}

static void give_up_if(int condition)
{
    if (condition) {
        printf("importer3: %d of %d checks failed\n", failures, checks);
        exit(1);
    }
}

static fmi3Instance co_simulation(fmi3Boolean eventModeUsed, fmi3Boolean earlyReturnAllowed)
{
    fmi3Instance c = fmu.instantiateCS("cs", fmu.token, fmu.resources, fmi3False, fmi3False,
                                       eventModeUsed, earlyReturnAllowed, NULL, 0, NULL, logger,
                                       NULL);
    CHECK(c != NULL, "fmi3InstantiateCoSimulation returned NULL: %s", last_message);
    give_up_if(c == NULL);
    return c;
}

static int status_of(fmi3Instance c, fmi3ValueReference vr)
{
    fmi3Int64 value = -1;
    OK3(fmu.getInt64(c, &vr, 1, &value, 1));
    return (int)value;
}

static double real_of(fmi3Instance c, fmi3ValueReference vr)
{
    fmi3Float64 value = NAN;
    OK3(fmu.getFloat64(c, &vr, 1, &value, 1));
    return value;
}

/* Initialization at t = 0 with altitude 150 m: the climb is done at once, the hold starts. */
static void initialize(fmi3Instance c, double altitude)
{
    fmi3ValueReference vr = VR_ALTITUDE;
    OK3(fmu.enterInitializationMode(c, fmi3False, 0.0, 0.0, fmi3True, 60.0));
    OK3(fmu.setFloat64(c, &vr, 1, &altitude, 1));
    OK3(fmu.exitInitializationMode(c));
}

typedef struct {
    fmi3Boolean eventHandlingNeeded, terminate, earlyReturn;
    fmi3Float64 lastSuccessfulTime;
} Step;

static fmi3Status step(fmi3Instance c, double t, double h, Step *s)
{
    s->eventHandlingNeeded = s->terminate = s->earlyReturn = fmi3True;
    s->lastSuccessfulTime = NAN;
    return fmu.doStep(c, t, h, fmi3False, &s->eventHandlingNeeded, &s->terminate, &s->earlyReturn,
                      &s->lastSuccessfulTime);
}

/* The Event Mode loop of cs_event_mode: update until nothing more is needed. Returns the rounds. */
static int update_until_done(fmi3Instance c, fmi3Boolean *nextDefined, fmi3Float64 *next)
{
    fmi3Boolean needUpdate = fmi3True, terminate, nominals, values;
    int rounds = 0;
    while (needUpdate && rounds < 100) {
        OK3(fmu.updateDiscreteStates(c, &needUpdate, &terminate, &nominals, &values, nextDefined,
                                     next));
        rounds++;
    }
    return rounds;
}

/*
 * cs_early_return: steps of 3 s from 0; the hold's time event at 10 s lies inside the step
 * from 9 s, which returns early at exactly 10 s with the event processed (no Event Mode):
 * the cruise already runs there. The next step starts at 10 s.
 */
static void early_return(void)
{
    fmi3Instance c = co_simulation(fmi3False, fmi3True);
    initialize(c, 150.0);
    CHECK(status_of(c, VR_STATUS_HOLD) == RUNNING, "the hold runs from t = 0");
    Step s;
    double t = 0.0;
    for (int i = 0; i < 3; i++, t += 3.0) {
        OK3(step(c, t, 3.0, &s));
        CHECK(!s.earlyReturn && s.lastSuccessfulTime == t + 3.0 && !s.eventHandlingNeeded,
              "no event in (%g, %g]: early %d at %.17g", t, t + 3.0, s.earlyReturn,
              s.lastSuccessfulTime);
    }
    const fmi3String events[] = {"logEvents"};
    OK3(fmu.setDebugLogging(c, fmi3True, 1, events));
    int before = messages;
    OK3(step(c, 9.0, 3.0, &s));
    CHECK(messages > before && strstr(last_message, "returns early at the time event t=10.0") != NULL,
          "logEvents says why the step returned early: %s", last_message);
    CHECK(s.earlyReturn, "the step from 9 s returns early");
    CHECK(s.lastSuccessfulTime == 10.0, "at exactly the hold's end, 10 s: %.17g", s.lastSuccessfulTime);
    CHECK(!s.eventHandlingNeeded, "no Event Mode was asked for (eventModeUsed = false)");
    CHECK(!s.terminate, "the mission goes on");
    CHECK(status_of(c, VR_STATUS_HOLD) == SUCCESS || status_of(c, VR_STATUS_HOLD) == ACCEPT
              || status_of(c, VR_STATUS_HOLD) == FINISHED,
          "the hold is over at 10 s, status %d", status_of(c, VR_STATUS_HOLD));
    CHECK(status_of(c, VR_STATUS_CRUISE) == RUNNING, "the cruise runs at 10 s, status %d",
          status_of(c, VR_STATUS_CRUISE));
    fmi3ValueReference mode_vr = VR_MODE;
    fmi3Int32 mode = -1;
    OK3(fmu.getInt32(c, &mode_vr, 1, &mode, 1));
    CHECK(mode == 2, "mode 2 (cruising) at 10 s, got %d", mode);
    CHECK(real_of(c, VR_TIME) == 10.0, "the independent variable is 10 s: %g", real_of(c, VR_TIME));
    OK3(step(c, 10.0, 2.0, &s));
    CHECK(!s.earlyReturn && s.lastSuccessfulTime == 12.0, "then on to 12 s: %.17g",
          s.lastSuccessfulTime);
    /* a stale communication point: the step to 12 s is done */
    REJECTED3(step(c, 9.0, 3.0, &s), "currentCommunicationPoint 9");
    fmu.freeInstance(c);
}

/* Without earlyReturnAllowed the same steps behave as in FMI 2.0: the event is inside the step. */
static void fmi2_like(void)
{
    fmi3Instance c = co_simulation(fmi3False, fmi3False);
    initialize(c, 150.0);
    Step s;
    for (double t = 0.0; t < 12.0; t += 3.0) {
        OK3(step(c, t, 3.0, &s));
        CHECK(!s.earlyReturn && !s.eventHandlingNeeded && s.lastSuccessfulTime == t + 3.0,
              "step from %g: early %d, event %d, reached %.17g", t, s.earlyReturn,
              s.eventHandlingNeeded, s.lastSuccessfulTime);
    }
    CHECK(status_of(c, VR_STATUS_CRUISE) == RUNNING, "the cruise runs at 12 s");
    fmu.freeInstance(c);
}

/*
 * cs_event_mode: eventModeUsed and earlyReturnAllowed. Leaving initialization enters Event
 * Mode; the step from 9 s stops at 10 s before the event with eventHandlingNeeded; the master
 * sets the altitude of that instant (160 m) in Event Mode, and fmi3UpdateDiscreteStates
 * processes the event with it: the cruise starts at 10 s with target = gain * 160 = 320 m.
 */
static void event_mode(void)
{
    fmi3Instance c = co_simulation(fmi3True, fmi3True);
    initialize(c, 150.0);
    fmi3Boolean nextDefined = fmi3False;
    fmi3Float64 next = NAN;
    CHECK(update_until_done(c, &nextDefined, &next) == 1, "one update settles the start");
    CHECK(nextDefined && next == 10.0, "the next time event is the hold's end at 10 s: %d %g",
          nextDefined, next);
    OK3(fmu.enterStepMode(c));
    Step s;
    for (double t = 0.0; t < 9.0; t += 3.0) {
        OK3(step(c, t, 3.0, &s));
        CHECK(!s.earlyReturn && !s.eventHandlingNeeded, "nothing in (%g, %g]", t, t + 3.0);
    }
    OK3(step(c, 9.0, 3.0, &s));
    CHECK(s.earlyReturn && s.eventHandlingNeeded && s.lastSuccessfulTime == 10.0,
          "the step from 9 s stops at the event at 10 s for Event Mode: early %d, event %d, at %.17g",
          s.earlyReturn, s.eventHandlingNeeded, s.lastSuccessfulTime);
    CHECK(status_of(c, VR_STATUS_HOLD) == RUNNING, "before Event Mode the event is not processed");
    OK3(fmu.enterEventMode(c));
    fmi3ValueReference vr = VR_ALTITUDE;
    fmi3Float64 altitude = 160.0;
    OK3(fmu.setFloat64(c, &vr, 1, &altitude, 1));
    int rounds = update_until_done(c, &nextDefined, &next);
    CHECK(rounds == 1, "the Event Mode loop ends after one update, took %d", rounds);
    CHECK(!nextDefined, "no time event while cruising");
    CHECK(status_of(c, VR_STATUS_CRUISE) == RUNNING, "the cruise runs at 10 s");
    CHECK(real_of(c, VR_TARGET) == 320.0, "target = gain * altitude of the event instant = 320, got %g",
          real_of(c, VR_TARGET));
    OK3(fmu.enterStepMode(c));
    OK3(step(c, 10.0, 2.0, &s));
    CHECK(!s.earlyReturn && !s.eventHandlingNeeded && s.lastSuccessfulTime == 12.0,
          "then on to 12 s: %.17g", s.lastSuccessfulTime);
    OK3(fmu.terminate(c));
    fmu.freeInstance(c);
}

/* FMU state: a state saved at 9 s, restored after the early return, repeats it; serialized too. */
static void state(void)
{
    fmi3Instance c = co_simulation(fmi3False, fmi3True);
    initialize(c, 150.0);
    Step s;
    for (double t = 0.0; t < 9.0; t += 3.0) {
        OK3(step(c, t, 3.0, &s));
    }
    fmi3FMUState saved = NULL;
    OK3(fmu.getFMUState(c, &saved));
    size_t size = 0;
    OK3(fmu.serializedFMUStateSize(c, saved, &size));
    fmi3Byte *bytes = malloc(size);
    OK3(fmu.serializeFMUState(c, saved, bytes, size));
    OK3(step(c, 9.0, 3.0, &s));
    CHECK(s.earlyReturn && s.lastSuccessfulTime == 10.0, "early return at 10 s");
    OK3(fmu.setFMUState(c, saved));
    CHECK(status_of(c, VR_STATUS_HOLD) == RUNNING, "restored: the hold runs again");
    OK3(step(c, 9.0, 3.0, &s));
    CHECK(s.earlyReturn && s.lastSuccessfulTime == 10.0, "the repeated step returns at 10 s again");
    fmi3FMUState copy = NULL;
    OK3(fmu.deserializeFMUState(c, bytes, size, &copy));
    OK3(fmu.setFMUState(c, copy));
    OK3(step(c, 9.0, 3.0, &s));
    CHECK(s.earlyReturn && s.lastSuccessfulTime == 10.0, "and from the deserialized state");
    bytes[0] ^= 0xff;
    fmi3FMUState broken = NULL;
    REJECTED3(fmu.deserializeFMUState(c, bytes, size, &broken), "not an FMU state");
    OK3(fmu.freeFMUState(c, &saved));
    OK3(fmu.freeFMUState(c, &copy));
    CHECK(saved == NULL && copy == NULL, "freed states are NULL");
    free(bytes);
    fmu.freeInstance(c);
}

/* Wrong-state calls and wrong arguments: fmi3Error with a message naming the problem. */
static void illegal(void)
{
    fmi3Instance none = fmu.instantiateCS("cs", "{not-the-token}", fmu.resources, fmi3False,
                                          fmi3False, fmi3False, fmi3False, NULL, 0, NULL, logger,
                                          NULL);
    CHECK(none == NULL && strstr(last_message, "instantiationToken") != NULL,
          "a wrong token is refused at instantiation: %s", last_message);

    Step s;
    fmi3Instance c = co_simulation(fmi3False, fmi3True);
    const fmi3String unknown[] = {"logEvents", "log100%"};
    REJECTED3(fmu.setDebugLogging(c, fmi3True, 2, unknown), "categories[1] = 'log100%' is not a log category");
    fmu.freeInstance(c);

    c = co_simulation(fmi3False, fmi3True);
    REJECTED3(step(c, 0.0, 1.0, &s), "may not be called in state Instantiated");
    fmu.freeInstance(c);

    c = co_simulation(fmi3False, fmi3True);
    initialize(c, 150.0);
    REJECTED3(fmu.enterEventMode(c), "eventModeUsed");
    fmu.freeInstance(c);

    c = co_simulation(fmi3False, fmi3True);
    initialize(c, 150.0);
    fmi3Boolean b[4];
    fmi3Float64 next;
    REJECTED3(fmu.updateDiscreteStates(c, &b[0], &b[1], &b[2], &b[3], &b[0], &next),
              "may not be called in state Step Mode");
    fmu.freeInstance(c);

    c = co_simulation(fmi3False, fmi3True);
    initialize(c, 150.0);
    REJECTED3(fmu.setTime(c, 1.0), "Model Exchange function");
    fmu.freeInstance(c);

    c = co_simulation(fmi3False, fmi3True);
    initialize(c, 150.0);
    OK3(step(c, 0.0, 3.0, &s));
    REJECTED3(step(c, 0.0, 3.0, &s), "is not the FMU's time 3");
    /* after an error the instance is Terminated (FMI 3.0 §2.3) */
    REJECTED3(step(c, 3.0, 3.0, &s), "may not be called in state Terminated");
    fmu.freeInstance(c);

    /* the event signalled by the step must be handled before the next step */
    c = co_simulation(fmi3True, fmi3True);
    initialize(c, 150.0);
    fmi3Boolean defined;
    update_until_done(c, &defined, &next);
    OK3(fmu.enterStepMode(c));
    OK3(step(c, 0.0, 12.0, &s));
    CHECK(s.eventHandlingNeeded && s.lastSuccessfulTime == 10.0, "the event at 10 s is signalled");
    REJECTED3(step(c, 10.0, 2.0, &s), "eventHandlingNeeded");
    fmu.freeInstance(c);

    c = co_simulation(fmi3True, fmi3True);
    initialize(c, 150.0);
    update_until_done(c, &defined, &next);
    OK3(fmu.enterStepMode(c));
    OK3(step(c, 0.0, 12.0, &s));
    OK3(fmu.enterEventMode(c));
    REJECTED3(fmu.enterStepMode(c), "fmi3UpdateDiscreteStates first");
    fmu.freeInstance(c);

    c = co_simulation(fmi3False, fmi3True);
    initialize(c, 150.0);
    fmi3ValueReference vr = VR_STATUS_HOLD;
    fmi3Float64 x;
    REJECTED3(fmu.getFloat64(c, &vr, 1, &x, 1), "is the Enumeration (fmi3GetInt64) variable 'status.shim_test.plan.hold_once.hold', not a Float64");
    fmu.freeInstance(c);

    c = co_simulation(fmi3False, fmi3True);
    initialize(c, 150.0);
    vr = VR_ALTITUDE;
    fmi3Float32 f;
    REJECTED3(fmu.getFloat32(c, &vr, 1, &f, 1), "no variables of this type");
    fmu.freeInstance(c);

    c = co_simulation(fmi3False, fmi3True);
    fmi3Clock clock;
    REJECTED3(fmu.getClock(c, &vr, 1, &clock), "no clocks");
    fmu.freeInstance(c);

    c = co_simulation(fmi3False, fmi3True);
    vr = VR_CLIMB_TO;
    x = 50.0;
    OK3(fmu.setFloat64(c, &vr, 1, &x, 1)); /* a fixed parameter before initialization */
    initialize(c, 150.0);
    REJECTED3(fmu.setFloat64(c, &vr, 1, &x, 1), "may not be set in state Step Mode");
    fmu.freeInstance(c);
}

/*
 * Model Exchange: the plant climbs at 20 m/s from 0 m; the climb's event indicator
 * (altitude - climb_to) crosses zero at 5 s; the hold's time event follows at 15 s.
 */
static void model_exchange(void)
{
    fmi3Instance c = fmu.instantiateME("me", fmu.token, fmu.resources, fmi3False, fmi3False, NULL,
                                       logger);
    CHECK(c != NULL, "fmi3InstantiateModelExchange returned NULL: %s", last_message);
    give_up_if(c == NULL);
    size_t ni = 0, nx = 7;
    OK3(fmu.getNumberOfEventIndicators(c, &ni));
    OK3(fmu.getNumberOfContinuousStates(c, &nx));
    CHECK(ni == 1 && nx == 0, "one event indicator, no continuous states: %zu %zu", ni, nx);
    initialize(c, 0.0);
    fmi3Boolean nextDefined;
    fmi3Float64 next;
    CHECK(update_until_done(c, &nextDefined, &next) == 1, "one update settles");
    CHECK(!nextDefined, "no time event while climbing");
    CHECK(status_of(c, VR_STATUS_CLIMB) == RUNNING, "the climb runs");
    OK3(fmu.enterContinuousTimeMode(c));
    OK3(fmu.getContinuousStates(c, NULL, 0));
    fmi3ValueReference vr = VR_ALTITUDE;
    fmi3Float64 z = NAN, previous = -100.0;
    double t = 0.0, event = NAN;
    while (t < 20.0 && isnan(event)) {
        t += 1.0;
        fmi3Float64 altitude = 20.0 * t;
        OK3(fmu.setTime(c, t));
        OK3(fmu.setFloat64(c, &vr, 1, &altitude, 1));
        OK3(fmu.getEventIndicators(c, &z, 1));
        CHECK(real_of(c, VR_INDICATOR) == z, "the indicator variable equals fmi3GetEventIndicators");
        fmi3Boolean enter = fmi3True, terminate = fmi3True;
        OK3(fmu.completedIntegratorStep(c, fmi3True, &enter, &terminate));
        CHECK(!enter && !terminate, "no step events");
        if ((previous < 0) != (z < 0)) {
            event = t;
        }
        previous = z;
    }
    CHECK(event == 5.0, "the state event is at 5 s (altitude 100 m), found %g", event);
    OK3(fmu.enterEventMode(c));
    CHECK(update_until_done(c, &nextDefined, &next) == 1, "one update handles the state event");
    CHECK(nextDefined && next == 15.0, "the hold ends at 15 s: %d %g", nextDefined, next);
    CHECK(status_of(c, VR_STATUS_HOLD) == RUNNING, "the hold runs");
    OK3(fmu.enterContinuousTimeMode(c));
    OK3(fmu.setTime(c, 15.0));
    OK3(fmu.enterEventMode(c));
    CHECK(update_until_done(c, &nextDefined, &next) == 1, "one update handles the time event");
    CHECK(status_of(c, VR_STATUS_CRUISE) == RUNNING, "the cruise runs at 15 s");
    CHECK(!nextDefined, "no further time event");
    fmi3Float64 stale = 10.0;
    OK3(fmu.enterContinuousTimeMode(c));
    REJECTED3(fmu.setTime(c, stale), "before the last event at t=15");
    fmu.freeInstance(c);
}

/*
 * terminateSimulation (missions/terminate_test.json: wait 5 s, root terminateWhenDone). The
 * root finishes at the Wait's time event, 5 s:
 *   - early return without Event Mode: the step (3, 6) returns at 5 s with terminateSimulation;
 *   - with Event Mode: the step stops at 5 s before the event (terminateSimulation still false),
 *     fmi3UpdateDiscreteStates processes it and says terminateSimulation;
 *   - without early return: the step (0, 6) ends at 6 s with terminateSimulation;
 *   - Model Exchange: nextEventTime 5, and fmi3UpdateDiscreteStates at 5 s says terminateSimulation.
 * An importer that steps on anyway gets terminateSimulation again (the root stays finished);
 * after fmi3Terminate the values can still be read and stepping is refused.
 */
static void terminate_simulation(void)
{
    fmi3ValueReference altitude = 0;
    double value = NAN;
    Step s;
    fmi3Instance c = co_simulation(fmi3False, fmi3True);
    OK3(fmu.enterInitializationMode(c, fmi3False, 0.0, 0.0, fmi3False, 0.0));
    OK3(fmu.exitInitializationMode(c));
    OK3(step(c, 0.0, 3.0, &s));
    CHECK(!s.terminate && !s.earlyReturn && s.lastSuccessfulTime == 3.0, "still waiting at 3 s");
    OK3(step(c, 3.0, 3.0, &s));
    CHECK(s.terminate && s.earlyReturn && s.lastSuccessfulTime == 5.0 && !s.eventHandlingNeeded,
          "the root finishes at exactly 5 s: terminate %d, early %d at %.17g", s.terminate, s.earlyReturn,
          s.lastSuccessfulTime);
    OK3(step(c, 5.0, 1.0, &s));
    CHECK(s.terminate && s.lastSuccessfulTime == 6.0, "stepping on: terminateSimulation again (%d)", s.terminate);
    OK3(fmu.terminate(c));
    OK3(fmu.getFloat64(c, &altitude, 1, &value, 1));
    REJECTED3(step(c, 6.0, 1.0, &s), "fmi3DoStep");
    fmu.freeInstance(c);

    c = co_simulation(fmi3True, fmi3True);
    OK3(fmu.enterInitializationMode(c, fmi3False, 0.0, 0.0, fmi3False, 0.0));
    OK3(fmu.exitInitializationMode(c));
    fmi3Boolean need, terminate, nominals, values, nextDefined;
    fmi3Float64 next;
    OK3(fmu.updateDiscreteStates(c, &need, &terminate, &nominals, &values, &nextDefined, &next));
    CHECK(!terminate && nextDefined && next == 5.0, "at 0 s: no termination, next event 5 s (%g)", next);
    OK3(fmu.enterStepMode(c));
    OK3(step(c, 0.0, 6.0, &s));
    CHECK(s.eventHandlingNeeded && s.earlyReturn && s.lastSuccessfulTime == 5.0 && !s.terminate,
          "Event Mode: stops before the event at 5 s (%.17g), terminate %d", s.lastSuccessfulTime, s.terminate);
    OK3(fmu.enterEventMode(c));
    OK3(fmu.updateDiscreteStates(c, &need, &terminate, &nominals, &values, &nextDefined, &next));
    CHECK(terminate && !need, "fmi3UpdateDiscreteStates at 5 s: terminateSimulation");
    OK3(fmu.terminate(c));
    fmu.freeInstance(c);

    c = co_simulation(fmi3False, fmi3False);
    OK3(fmu.enterInitializationMode(c, fmi3False, 0.0, 0.0, fmi3False, 0.0));
    OK3(fmu.exitInitializationMode(c));
    OK3(step(c, 0.0, 6.0, &s));
    CHECK(s.terminate && !s.earlyReturn && s.lastSuccessfulTime == 6.0,
          "without early return: terminateSimulation at the step's end, 6 s (%d at %.17g)", s.terminate,
          s.lastSuccessfulTime);
    fmu.freeInstance(c);

    c = fmu.instantiateME("me", fmu.token, fmu.resources, fmi3False, fmi3False, NULL, logger);
    CHECK(c != NULL, "fmi3InstantiateModelExchange: %s", last_message);
    give_up_if(c == NULL);
    OK3(fmu.enterInitializationMode(c, fmi3False, 0.0, 0.0, fmi3False, 0.0));
    OK3(fmu.exitInitializationMode(c));
    OK3(fmu.updateDiscreteStates(c, &need, &terminate, &nominals, &values, &nextDefined, &next));
    CHECK(!terminate && nextDefined && next == 5.0, "Model Exchange: next event 5 s (%g)", next);
    OK3(fmu.enterContinuousTimeMode(c));
    OK3(fmu.setTime(c, 5.0));
    OK3(fmu.enterEventMode(c));
    OK3(fmu.updateDiscreteStates(c, &need, &terminate, &nominals, &values, &nextDefined, &next));
    CHECK(terminate, "Model Exchange: terminateSimulation at 5 s");
    OK3(fmu.terminate(c));
    fmu.freeInstance(c);
}

/*
 * <EventIndicator> dependencies, empirically (Model Exchange): the description lists none for
 * the indicator (FMI 3.0: "depends on all knowns"); changing each known in turn shows the true
 * set. The climb's indicator (altitude >= climb_to) moves with the altitude and with nothing
 * else: not go, count_in, callsign, the tunable gain, nor time. Each change is made where the
 * table allows it (a Float64 input and time in Continuous-Time Mode, the others in Event Mode)
 * and read back at once, without an event update.
 */
static void indicator_dependencies(void)
{
    fmi3Instance c = fmu.instantiateME("me", fmu.token, fmu.resources, fmi3False, fmi3False, NULL, logger);
    CHECK(c != NULL, "fmi3InstantiateModelExchange returned NULL: %s", last_message);
    give_up_if(c == NULL);
    initialize(c, 0.0);
    fmi3Boolean nextDefined;
    fmi3Float64 next, z0 = NAN, z = NAN;
    update_until_done(c, &nextDefined, &next);
    OK3(fmu.enterContinuousTimeMode(c));
    OK3(fmu.getEventIndicators(c, &z0, 1));
    fmi3ValueReference altitude = VR_ALTITUDE;
    fmi3Float64 value = 40.0;
    OK3(fmu.setFloat64(c, &altitude, 1, &value, 1));
    OK3(fmu.getEventIndicators(c, &z, 1));
    CHECK(z != z0, "the indicator depends on altitude: %g -> %g", z0, z);
    value = 0.0;
    OK3(fmu.setFloat64(c, &altitude, 1, &value, 1));
    OK3(fmu.setTime(c, 3.0));
    OK3(fmu.getEventIndicators(c, &z, 1));
    CHECK(z == z0, "not on time: %g -> %g", z0, z);
    OK3(fmu.enterEventMode(c));
    fmi3ValueReference go = VR_GO;
    fmi3Boolean yes = fmi3True;
    OK3(fmu.setBoolean(c, &go, 1, &yes, 1));
    OK3(fmu.getEventIndicators(c, &z, 1));
    CHECK(z == z0, "not on go: %g -> %g", z0, z);
    fmi3Status (*setInt32)(fmi3Instance, const fmi3ValueReference[], size_t, const fmi3Int32[], size_t);
    fmi3Status (*setString)(fmi3Instance, const fmi3ValueReference[], size_t, const fmi3String[], size_t);
    *(void **)&setInt32 = symbol("fmi3SetInt32");
    *(void **)&setString = symbol("fmi3SetString");
    fmi3ValueReference count_in = 2, callsign = 3, gain = 7;
    fmi3Int32 count = 7;
    fmi3String name = "changed";
    OK3(setInt32(c, &count_in, 1, &count, 1));
    OK3(setString(c, &callsign, 1, &name, 1));
    value = 5.0;
    OK3(fmu.setFloat64(c, &gain, 1, &value, 1));
    OK3(fmu.getEventIndicators(c, &z, 1));
    CHECK(z == z0, "not on count_in, callsign, gain: %g -> %g", z0, z);
    printf("indicator 1: depends on altitude only (of altitude, go, count_in, callsign, gain, time)\n");
    fmu.freeInstance(c);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: importer3 <scenario> <fmu-dir> <instantiationToken>\n");
        return 2;
    }
    load(argv[2], argv[3]);
    const char *scenario = argv[1];
    if (strcmp(scenario, "early_return") == 0) {
        early_return();
    } else if (strcmp(scenario, "fmi2_like") == 0) {
        fmi2_like();
    } else if (strcmp(scenario, "event_mode") == 0) {
        event_mode();
    } else if (strcmp(scenario, "state") == 0) {
        state();
    } else if (strcmp(scenario, "illegal") == 0) {
        illegal();
    } else if (strcmp(scenario, "model_exchange") == 0) {
        model_exchange();
    } else if (strcmp(scenario, "terminate") == 0) {
        terminate_simulation();
    } else if (strcmp(scenario, "indicator_dependencies") == 0) {
        indicator_dependencies();
    } else {
        fprintf(stderr, "unknown scenario %s\n", scenario);
        return 2;
    }
    if (failures > 0 || checks == 0) {
        printf("importer3 %s: %d of %d checks failed\n", scenario, failures, checks);
        return 1;
    }
    return 0;
}
