/*
 * A small FMI 2.0 Co-Simulation importer that drives a bt-fmu FMU's shared
 * library from a process without a JVM, the way a simulation tool written in
 * C does. Run by FmuImporterTest, one scenario per run:
 *
 *   importer <scenario> <fmu-dir> <guid> [<fmu-dir-2> <guid-2>]
 *
 * (Scenario "race" starts a JVM of its own first, from JAVA_HOME, as a Java-based
 * tool has one.)
 *
 * (Timings of the native call path: benchmarks/src/main/c/native_bench.c.)
 *
 * The FMU is the extracted FMU of missions/shim_test.json (value references
 * below). Prints one line per check; exits 0 when all passed, 1 otherwise.
 */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <time.h>
#include <jni.h>


#include "fmi2.h"
#include "checks.h"

/* Value references of shim_test.json: the variables in file order, then the task statuses. */
enum {
    VR_ALTITUDE = 0, VR_GO = 1, VR_COUNT_IN = 2, VR_CALLSIGN = 3, VR_MODE = 4, VR_TARGET = 5,
    VR_CLIMB_TO = 6, VR_GAIN = 7,
    VR_STATUS_ROOT = 8, VR_STATUS_PLAN = 9, VR_STATUS_CLIMB = 10, VR_STATUS_HOLD_ONCE = 11,
    VR_STATUS_HOLD = 12, VR_STATUS_CRUISE = 13,
    VR_UNKNOWN = 99
};
enum { SUCCESS = 1, FAILURE, ACCEPT, ACTIVATING, RUNNING, FINISHED, ABORTED, DEACTIVATING };

typedef struct {
    void *library;
    const char *directory;
    const char *guid;
    char location[PATH_MAX + 32];
    fmi2Component (*instantiate)(fmi2String, fmi2Type, fmi2String, fmi2String,
                                 const fmi2CallbackFunctions *, fmi2Boolean, fmi2Boolean);
    void (*freeInstance)(fmi2Component);
    fmi2Status (*setDebugLogging)(fmi2Component, fmi2Boolean, size_t, const fmi2String[]);
    fmi2Status (*setupExperiment)(fmi2Component, fmi2Boolean, fmi2Real, fmi2Real, fmi2Boolean,
                                  fmi2Real);
    fmi2Status (*enterInitializationMode)(fmi2Component);
    fmi2Status (*exitInitializationMode)(fmi2Component);
    fmi2Status (*terminate)(fmi2Component);
    fmi2Status (*reset)(fmi2Component);
    fmi2Status (*getReal)(fmi2Component, const fmi2ValueReference[], size_t, fmi2Real[]);
    fmi2Status (*getInteger)(fmi2Component, const fmi2ValueReference[], size_t, fmi2Integer[]);
    fmi2Status (*getBoolean)(fmi2Component, const fmi2ValueReference[], size_t, fmi2Boolean[]);
    fmi2Status (*getString)(fmi2Component, const fmi2ValueReference[], size_t, fmi2String[]);
    fmi2Status (*setReal)(fmi2Component, const fmi2ValueReference[], size_t, const fmi2Real[]);
    fmi2Status (*setInteger)(fmi2Component, const fmi2ValueReference[], size_t,
                             const fmi2Integer[]);
    fmi2Status (*setBoolean)(fmi2Component, const fmi2ValueReference[], size_t,
                             const fmi2Boolean[]);
    fmi2Status (*setString)(fmi2Component, const fmi2ValueReference[], size_t, const fmi2String[]);
    fmi2Status (*getFMUstate)(fmi2Component, fmi2FMUstate *);
    fmi2Status (*setFMUstate)(fmi2Component, fmi2FMUstate);
    fmi2Status (*freeFMUstate)(fmi2Component, fmi2FMUstate *);
    fmi2Status (*serializedFMUstateSize)(fmi2Component, fmi2FMUstate, size_t *);
    fmi2Status (*serializeFMUstate)(fmi2Component, fmi2FMUstate, fmi2Byte[], size_t);
    fmi2Status (*deSerializeFMUstate)(fmi2Component, const fmi2Byte[], size_t, fmi2FMUstate *);
    fmi2Status (*getDirectionalDerivative)(fmi2Component, const fmi2ValueReference[], size_t,
                                           const fmi2ValueReference[], size_t, const fmi2Real[],
                                           fmi2Real[]);
    fmi2Status (*doStep)(fmi2Component, fmi2Real, fmi2Real, fmi2Boolean);
    fmi2Status (*cancelStep)(fmi2Component);
    fmi2Status (*getRealStatus)(fmi2Component, const fmi2StatusKind, fmi2Real *);
    fmi2Status (*getStatus)(fmi2Component, const fmi2StatusKind, fmi2Status *);
} Fmu;

/* ---- the logger: remembers the last message so that checks can ask for it ---- */

static char last_category[256];
static int quiet;

static void logger(fmi2ComponentEnvironment env, fmi2String instance, fmi2Status status,
                   fmi2String category, fmi2String message, ...)
{
    (void)env;
    va_list args;
    va_start(args, message);
    vsnprintf(last_message, sizeof last_message, message, args);
    va_end(args);
    snprintf(last_category, sizeof last_category, "%s", category ? category : "(null)");
    messages++;
    if (!quiet) {
        fprintf(stderr, "  [log %s status=%d %s] %s\n", instance ? instance : "(null)", (int)status,
                last_category, last_message);
    }
}

static fmi2CallbackFunctions callbacks = {logger, calloc, free, NULL, NULL};


static void *symbol(Fmu *fmu, const char *name)
{
    void *address = dlsym(fmu->library, name);
    if (address == NULL) {
        printf("FAIL: %s does not export %s\n", fmu->directory, name);
        exit(1);
    }
    return address;
}

/* Loads binaries/linux64/<the only .so> of an extracted FMU. */
static void load(Fmu *fmu, const char *directory, const char *guid)
{
    char binaries[4096];
    snprintf(binaries, sizeof binaries, "%s/binaries/linux64", directory);
    DIR *dir = opendir(binaries);
    struct dirent *entry;
    char library[4352] = "";
    while (dir && (entry = readdir(dir)) != NULL) {
        if (strstr(entry->d_name, ".so")) {
            snprintf(library, sizeof library, "%s/%s", binaries, entry->d_name);
        }
    }
    if (dir) closedir(dir);
    fmu->library = library[0] ? dlopen(library, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (fmu->library == NULL) {
        printf("FAIL: cannot load the FMU's library in %s: %s\n", binaries, dlerror());
        exit(1);
    }
    fmu->directory = directory;
    fmu->guid = guid;
    char absolute[PATH_MAX];
    snprintf(fmu->location, sizeof fmu->location, "file://%s/resources",
             realpath(directory, absolute) ? absolute : directory);
    *(void **)&fmu->instantiate = symbol(fmu, "fmi2Instantiate");
    *(void **)&fmu->freeInstance = symbol(fmu, "fmi2FreeInstance");
    *(void **)&fmu->setDebugLogging = symbol(fmu, "fmi2SetDebugLogging");
    *(void **)&fmu->setupExperiment = symbol(fmu, "fmi2SetupExperiment");
    *(void **)&fmu->enterInitializationMode = symbol(fmu, "fmi2EnterInitializationMode");
    *(void **)&fmu->exitInitializationMode = symbol(fmu, "fmi2ExitInitializationMode");
    *(void **)&fmu->terminate = symbol(fmu, "fmi2Terminate");
    *(void **)&fmu->reset = symbol(fmu, "fmi2Reset");
    *(void **)&fmu->getReal = symbol(fmu, "fmi2GetReal");
    *(void **)&fmu->getInteger = symbol(fmu, "fmi2GetInteger");
    *(void **)&fmu->getBoolean = symbol(fmu, "fmi2GetBoolean");
    *(void **)&fmu->getString = symbol(fmu, "fmi2GetString");
    *(void **)&fmu->setReal = symbol(fmu, "fmi2SetReal");
    *(void **)&fmu->setInteger = symbol(fmu, "fmi2SetInteger");
    *(void **)&fmu->setBoolean = symbol(fmu, "fmi2SetBoolean");
    *(void **)&fmu->setString = symbol(fmu, "fmi2SetString");
    *(void **)&fmu->getFMUstate = symbol(fmu, "fmi2GetFMUstate");
    *(void **)&fmu->setFMUstate = symbol(fmu, "fmi2SetFMUstate");
    *(void **)&fmu->freeFMUstate = symbol(fmu, "fmi2FreeFMUstate");
    *(void **)&fmu->serializedFMUstateSize = symbol(fmu, "fmi2SerializedFMUstateSize");
    *(void **)&fmu->serializeFMUstate = symbol(fmu, "fmi2SerializeFMUstate");
    *(void **)&fmu->deSerializeFMUstate = symbol(fmu, "fmi2DeSerializeFMUstate");
    *(void **)&fmu->getDirectionalDerivative = symbol(fmu, "fmi2GetDirectionalDerivative");
    *(void **)&fmu->doStep = symbol(fmu, "fmi2DoStep");
    *(void **)&fmu->cancelStep = symbol(fmu, "fmi2CancelStep");
    *(void **)&fmu->getRealStatus = symbol(fmu, "fmi2GetRealStatus");
    *(void **)&fmu->getStatus = symbol(fmu, "fmi2GetStatus");
}

static fmi2Component instantiate(Fmu *fmu, const char *name)
{
    fmi2Component c = fmu->instantiate(name, fmi2CoSimulation, fmu->guid, fmu->location,
                                       &callbacks, fmi2False, fmi2False);
    CHECK(c != NULL, "fmi2Instantiate(%s) returned NULL: %s", name, last_message);
    if (c == NULL) {
        printf("%d of %d checks failed\n", failures + 1, checks);
        exit(1);
    }
    return c;
}

static double real(Fmu *fmu, fmi2Component c, fmi2ValueReference vr)
{
    fmi2Real value = -1e300;
    CHECK(fmu->getReal(c, &vr, 1, &value) == fmi2OK, "fmi2GetReal(vr=%u) failed", vr);
    return value;
}

static int integer(Fmu *fmu, fmi2Component c, fmi2ValueReference vr)
{
    fmi2Integer value = -999;
    CHECK(fmu->getInteger(c, &vr, 1, &value) == fmi2OK, "fmi2GetInteger(vr=%u) failed", vr);
    return value;
}

static void set_real(Fmu *fmu, fmi2Component c, fmi2ValueReference vr, double value)
{
    CHECK(fmu->setReal(c, &vr, 1, &value) == fmi2OK, "fmi2SetReal(vr=%u, %g) failed", vr, value);
}

/* Set up from 0 (stop 100 if stop > 0), initialized with altitude = 0. */
static void initialize(Fmu *fmu, fmi2Component c, double stop)
{
    OK(fmu->setupExperiment(c, fmi2False, 0, 0, stop > 0, stop));
    OK(fmu->enterInitializationMode(c));
    set_real(fmu, c, VR_ALTITUDE, 0);
    OK(fmu->exitInitializationMode(c));
}

/* Instantiated and initialized. */
static fmi2Component initialized(Fmu *fmu, const char *name, double stop)
{
    fmi2Component c = instantiate(fmu, name);
    initialize(fmu, c, stop);
    return c;
}

/* ---- scenarios ---- */

/* The whole life of an instance, with the values the mission must produce. */
static void sequence(Fmu *fmu)
{
    fmi2Component c = instantiate(fmu, "sequence");
    OK(fmu->setupExperiment(c, fmi2False, 0, 0, fmi2True, 100));
    set_real(fmu, c, VR_CLIMB_TO, 120); /* a parameter, before initialization */
    OK(fmu->enterInitializationMode(c));
    set_real(fmu, c, VR_ALTITUDE, 0);
    fmi2String callsign = "DLR-1 ÄÖ";
    fmi2ValueReference vr = VR_CALLSIGN;
    OK(fmu->setString(c, &vr, 1, &callsign));
    OK(fmu->exitInitializationMode(c));

    CHECK(real(fmu, c, VR_TARGET) == 120, "climbing: target %g, expected climb_to = 120",
          real(fmu, c, VR_TARGET));
    CHECK(integer(fmu, c, VR_MODE) == 1, "climbing: mode %d, expected 1", integer(fmu, c, VR_MODE));
    CHECK(integer(fmu, c, VR_STATUS_CLIMB) == RUNNING, "climb status %d, expected RUNNING",
          integer(fmu, c, VR_STATUS_CLIMB));
    fmi2String got = NULL;
    OK(fmu->getString(c, &vr, 1, &got));
    CHECK(got != NULL && strcmp(got, callsign) == 0, "callsign '%s'", got ? got : "(null)");

    OK(fmu->doStep(c, 0, 1, fmi2True));
    set_real(fmu, c, VR_ALTITUDE, 150);
    OK(fmu->doStep(c, 1, 1, fmi2True));
    CHECK(integer(fmu, c, VR_STATUS_HOLD) == RUNNING, "holding: hold status %d, expected RUNNING",
          integer(fmu, c, VR_STATUS_HOLD));
    CHECK(integer(fmu, c, VR_MODE) == 0, "holding: mode %d, expected the default 0",
          integer(fmu, c, VR_MODE));
    CHECK(real(fmu, c, VR_TARGET) == 0, "holding: target %g, expected the default 0",
          real(fmu, c, VR_TARGET));

    /* The hold started at t = 1 and ends with a time event at t = 11, inside this step. */
    OK(fmu->doStep(c, 2, 10, fmi2True));
    CHECK(integer(fmu, c, VR_STATUS_CRUISE) == RUNNING, "cruise status %d, expected RUNNING",
          integer(fmu, c, VR_STATUS_CRUISE));
    CHECK(integer(fmu, c, VR_MODE) == 2, "cruising: mode %d", integer(fmu, c, VR_MODE));
    CHECK(real(fmu, c, VR_TARGET) == 300, "cruising: target %g, expected 2 * 150",
          real(fmu, c, VR_TARGET));
    fmi2Real time = -1;
    OK(fmu->getRealStatus(c, fmi2LastSuccessfulTime, &time));
    CHECK(time == 12, "fmi2LastSuccessfulTime %g, expected 12", time);

    set_real(fmu, c, VR_GAIN, 3); /* tunable: may be set between steps */
    OK(fmu->doStep(c, 12, 1, fmi2True));
    CHECK(real(fmu, c, VR_TARGET) == 450, "after gain := 3: target %g", real(fmu, c, VR_TARGET));

    fmi2Boolean go = fmi2True;
    vr = VR_GO;
    OK(fmu->setBoolean(c, &vr, 1, &go));
    fmi2Integer count = 42;
    vr = VR_COUNT_IN;
    OK(fmu->setInteger(c, &vr, 1, &count));
    OK(fmu->doStep(c, 13, 1, fmi2True));
    int cruise = integer(fmu, c, VR_STATUS_CRUISE);
    CHECK(cruise == FINISHED || cruise == SUCCESS, "cruise after go: status %d", cruise);
    CHECK(integer(fmu, c, VR_COUNT_IN) == 42, "count_in round trip");
    fmi2Boolean go_back = 0;
    vr = VR_GO;
    OK(fmu->getBoolean(c, &vr, 1, &go_back));
    CHECK(go_back == fmi2True, "go round trip");

    /* Several values of mixed variables in one call, in the caller's order. */
    fmi2ValueReference several[] = {VR_GAIN, VR_TARGET, VR_ALTITUDE, VR_CLIMB_TO};
    fmi2Real values[4];
    OK(fmu->getReal(c, several, 4, values));
    CHECK(values[0] == 3 && values[2] == 150 && values[3] == 120,
          "getReal of 4: %g %g %g %g", values[0], values[1], values[2], values[3]);

    OK(fmu->terminate(c));
    CHECK(real(fmu, c, VR_ALTITUDE) == 150, "values readable after fmi2Terminate");
    OK(fmu->reset(c));
    OK(fmu->setupExperiment(c, fmi2False, 0, 0, fmi2False, 0));
    OK(fmu->enterInitializationMode(c));
    OK(fmu->exitInitializationMode(c));
    CHECK(real(fmu, c, VR_TARGET) == 100, "after fmi2Reset: target %g, expected the start value"
          " of climb_to (100)", real(fmu, c, VR_TARGET));
    fmu->freeInstance(c);
}

/*
 * Reads the shim answers from the values Java published (shim.c, Published) give what Java
 * would: the values of the moment after every kind of call in between, the errors of a wrong
 * type or an unknown value reference, and every read logged once logCalls is on.
 */
static void published(Fmu *fmu)
{
    fmi2Component c = initialized(fmu, "published", 0);
    set_real(fmu, c, VR_ALTITUDE, 150);
    OK(fmu->doStep(c, 0, 1, fmi2True));
    OK(fmu->doStep(c, 1, 11, fmi2True)); /* past the hold: cruising, target = gain * altitude */
    CHECK(real(fmu, c, VR_TARGET) == 300, "cruising: target %g, expected 2 * 150",
          real(fmu, c, VR_TARGET));
    /* a set between two reads feeds through at once, whatever was read before */
    set_real(fmu, c, VR_ALTITUDE, 200);
    CHECK(real(fmu, c, VR_TARGET) == 400, "after altitude := 200: target %g", real(fmu, c, VR_TARGET));
    set_real(fmu, c, VR_GAIN, 3);
    fmi2ValueReference both[] = {VR_TARGET, VR_ALTITUDE};
    fmi2Real values[2] = {0, 0};
    OK(fmu->getReal(c, both, 2, values));
    CHECK(values[0] == 600 && values[1] == 200, "after gain := 3: %g %g", values[0], values[1]);
    fmi2Integer count = 7;
    fmi2ValueReference count_vr = VR_COUNT_IN;
    OK(fmu->setInteger(c, &count_vr, 1, &count));
    CHECK(integer(fmu, c, VR_COUNT_IN) == 7, "count_in %d after set", integer(fmu, c, VR_COUNT_IN));
    fmi2Boolean go = fmi2True;
    fmi2ValueReference go_vr = VR_GO;
    OK(fmu->setBoolean(c, &go_vr, 1, &go));
    fmi2Boolean go_back = fmi2False;
    OK(fmu->getBoolean(c, &go_vr, 1, &go_back));
    CHECK(go_back == fmi2True, "go after set");
    OK(fmu->doStep(c, 12, 1, fmi2True));
    int cruise = integer(fmu, c, VR_STATUS_CRUISE);
    CHECK(cruise == FINISHED || cruise == SUCCESS, "cruise after go: status %d", cruise);

    /* sets the shim takes after a step (SET_HERE): read back at once, applied in order before
     * Java's next call, and the errors of a set still reported by the call that made them */
    set_real(fmu, c, VR_ALTITUDE, 1);
    set_real(fmu, c, VR_ALTITUDE, 250);
    CHECK(real(fmu, c, VR_ALTITUDE) == 250, "altitude read back after two sets: %g",
          real(fmu, c, VR_ALTITUDE));
    CHECK(real(fmu, c, VR_TARGET) == 750,
          "target after altitude := 250: %g", real(fmu, c, VR_TARGET));
    OK(fmu->doStep(c, 13, 1, fmi2True));
    fmi2Real output = 5;
    fmi2ValueReference target_vr = VR_TARGET;
    CHECK(fmu->setReal(c, &target_vr, 1, &output) == fmi2Error, "fmi2SetReal of the output target");
    CHECK(strstr(last_message, "may not be set") != NULL, "set of an output: message '%s'",
          last_message);
    OK(fmu->reset(c));
    initialize(fmu, c, 0);
    OK(fmu->doStep(c, 0, 1, fmi2True));
    set_real(fmu, c, VR_ALTITUDE, 150);
    fmi2Integer wrong_kind = 3;
    CHECK(fmu->setInteger(c, &count_vr, 1, &wrong_kind) == fmi2OK, "count_in := 3 after a step");
    CHECK(fmu->setInteger(c, &target_vr, 1, &wrong_kind) == fmi2Error,
          "fmi2SetInteger of the Real target");
    CHECK(strstr(last_message, "not a Integer") != NULL,
          "wrong kind: message '%s'", last_message);
    OK(fmu->reset(c));
    initialize(fmu, c, 0);

    /* right after a read that Java served: a wrong type and an unknown reference are errors */
    real(fmu, c, VR_TARGET);
    fmi2ValueReference mode = VR_MODE, unknown = VR_UNKNOWN;
    fmi2Real value = 0;
    CHECK(fmu->getReal(c, &mode, 1, &value) == fmi2Error, "fmi2GetReal of the Integer mode");
    CHECK(strstr(last_message, "not a Real") != NULL, "wrong type: message '%s'", last_message);
    fmi2Component d = initialized(fmu, "published-unknown", 0);
    OK(fmu->doStep(d, 0, 1, fmi2True));
    CHECK(real(fmu, d, VR_TARGET) == 100, "climbing: target %g", real(fmu, d, VR_TARGET));
    CHECK(fmu->getReal(d, &unknown, 1, &value) == fmi2Error, "fmi2GetReal of vr 99");
    CHECK(strstr(last_message, "99") != NULL, "unknown vr: message '%s'", last_message);

    /* with logCalls on, every read reaches Java and is logged */
    fmi2Component e = initialized(fmu, "published-logged", 0);
    OK(fmu->doStep(e, 0, 1, fmi2True));
    fmi2String calls[] = {"logCalls"};
    OK(fmu->setDebugLogging(e, fmi2True, 1, calls));
    quiet = 1;
    int before = messages;
    for (int i = 0; i < 5; i++) {
        real(fmu, e, VR_TARGET);
    }
    quiet = 0;
    CHECK(messages - before == 5, "%d messages for 5 reads with logCalls on", messages - before);
    quiet = 1;
    before = messages;
    for (int i = 0; i < 5; i++) {
        set_real(fmu, e, VR_ALTITUDE, i);
    }
    quiet = 0;
    CHECK(messages - before == 5, "%d messages for 5 sets with logCalls on", messages - before);
    fmu->freeInstance(e);
    fmu->freeInstance(d);
    fmu->freeInstance(c);
}

/* Every call in a state where FMI forbids it, and every bad argument: fmi2Error and a message. */
static void illegal(Fmu *fmu)
{
    fmi2ValueReference vr = VR_ALTITUDE;
    fmi2ValueReference unknown = VR_UNKNOWN;
    fmi2ValueReference mode = VR_MODE;
    fmi2Real value = 1;
    fmi2Integer integer_value = 1;

    /* Instantiation */
    CHECK(fmu->instantiate("x", fmi2CoSimulation, "{not-the-guid}", fmu->location, &callbacks,
                           fmi2False, fmi2False) == NULL, "wrong GUID accepted");
    CHECK(strstr(last_message, "fmuGUID") != NULL, "wrong GUID: message '%s'", last_message);
    /* (fmi2ModelExchange is accepted since the FMU offers both: me_importer.c drives it) */
    CHECK(fmu->instantiate("x", (fmi2Type)7, fmu->guid, fmu->location, &callbacks, fmi2False,
                           fmi2False) == NULL, "fmuType 7 accepted");
    CHECK(strstr(last_message, "fmuType is 7") != NULL, "fmuType: message '%s'", last_message);
    CHECK(fmu->instantiate("x", fmi2CoSimulation, fmu->guid, NULL, &callbacks, fmi2False,
                           fmi2False) == NULL, "NULL resource location accepted");
    CHECK(strstr(last_message, "fmuResourceLocation") != NULL, "location: '%s'", last_message);
    CHECK(fmu->instantiate("x", fmi2CoSimulation, fmu->guid, "file:///nonexistent/resources",
                           &callbacks, fmi2False, fmi2False) == NULL, "missing resources accepted");
    CHECK(strstr(last_message, "nonexistent") != NULL, "missing resources: '%s'", last_message);
    CHECK(fmu->instantiate("", fmi2CoSimulation, fmu->guid, fmu->location, &callbacks, fmi2False,
                           fmi2False) == NULL, "empty instance name accepted");
    CHECK(fmu->instantiate("x", fmi2CoSimulation, fmu->guid, fmu->location, NULL, fmi2False,
                           fmi2False) == NULL, "NULL callbacks accepted");

    /* A NULL component never crashes */
    CHECK(fmu->doStep(NULL, 0, 1, fmi2True) == fmi2Error, "doStep(NULL)");
    CHECK(fmu->getReal(NULL, &vr, 1, &value) == fmi2Error, "getReal(NULL)");
    fmu->freeInstance(NULL);

    fmi2Component c = instantiate(fmu, "illegal");
    /* instantiated */
    REJECTED(fmu->doStep(c, 0, 1, fmi2True), "fmi2DoStep");
    OK(fmu->reset(c));
    REJECTED(fmu->exitInitializationMode(c), "fmi2ExitInitializationMode");
    OK(fmu->reset(c));
    REJECTED(fmu->getReal(c, &vr, 1, &value), "fmi2GetReal");
    OK(fmu->reset(c));
    REJECTED(fmu->terminate(c), "fmi2Terminate");
    OK(fmu->reset(c));
    fmi2ValueReference target = VR_TARGET;
    REJECTED(fmu->setReal(c, &target, 1, &value), "'target'");
    OK(fmu->reset(c));
    REJECTED(fmu->setReal(c, &vr, 1, &value), "only parameters"); /* inputs: not before init */
    OK(fmu->reset(c));
    const fmi2String bad_category[] = {"logNothing"};
    REJECTED(fmu->setDebugLogging(c, fmi2True, 1, bad_category), "logNothing");
    OK(fmu->reset(c));
    const fmi2String good_category[] = {"logEvents"};
    OK(fmu->setDebugLogging(c, fmi2False, 1, good_category));
    REJECTED(fmu->setupExperiment(c, fmi2False, 0, 10, fmi2True, 5), "stopTime");
    OK(fmu->reset(c));

    /* Initialization Mode */
    OK(fmu->setupExperiment(c, fmi2False, 0, 0, fmi2True, 20));
    OK(fmu->enterInitializationMode(c));
    REJECTED(fmu->setupExperiment(c, fmi2False, 0, 0, fmi2False, 0), "fmi2SetupExperiment");
    OK(fmu->reset(c));
    OK(fmu->setupExperiment(c, fmi2False, 0, 0, fmi2True, 20));
    OK(fmu->enterInitializationMode(c));
    REJECTED(fmu->doStep(c, 0, 1, fmi2True), "fmi2DoStep");
    OK(fmu->reset(c));
    OK(fmu->setupExperiment(c, fmi2False, 0, 0, fmi2True, 20));
    OK(fmu->enterInitializationMode(c));
    OK(fmu->exitInitializationMode(c));

    /* stepComplete: arguments */
    fmi2FMUstate good = NULL;
    OK(fmu->getFMUstate(c, &good));
#define RESTORE() CHECK(fmu->setFMUstate(c, good) == fmi2OK, "fmi2SetFMUstate after an error")
    fmi2ValueReference climb_to = VR_CLIMB_TO;
    REJECTED(fmu->setReal(c, &climb_to, 1, &value), "'climb_to'"); /* fixed parameter */
    RESTORE();
    REJECTED(fmu->getReal(c, NULL, 1, &value), "vr is NULL");
    RESTORE();
    REJECTED(fmu->getReal(c, &vr, 1, NULL), "value is NULL");
    RESTORE();
    REJECTED(fmu->getReal(c, &unknown, 1, &value), "99");
    RESTORE();
    REJECTED(fmu->setReal(c, &unknown, 1, &value), "99");
    RESTORE();
    REJECTED(fmu->getReal(c, &mode, 1, &value), "'mode'"); /* an Integer */
    RESTORE();
    fmi2ValueReference status_vr = VR_STATUS_CLIMB;
    REJECTED(fmu->setInteger(c, &status_vr, 1, &integer_value), "status.shim_test.plan.climb");
    RESTORE();
    fmi2ValueReference callsign = VR_CALLSIGN;
    fmi2String null_string = NULL;
    REJECTED(fmu->setString(c, &callsign, 1, &null_string), "NULL");
    RESTORE();
    REJECTED(fmu->doStep(c, 0, 0, fmi2True), "communicationStepSize");
    RESTORE();
    REJECTED(fmu->doStep(c, 5, 1, fmi2True), "currentCommunicationPoint");
    RESTORE();
    REJECTED(fmu->doStep(c, 0, 21, fmi2True), "stopTime");
    RESTORE();
    REJECTED(fmu->cancelStep(c), "fmi2CancelStep");
    RESTORE();
    REJECTED(fmu->getDirectionalDerivative(c, &vr, 1, &vr, 1, &value, &value), "not supported");
    RESTORE();
    REJECTED(fmu->setFMUstate(c, (fmi2FMUstate)(intptr_t)12345), "not an FMU state");
    RESTORE();
    REJECTED(fmu->getFMUstate(c, NULL), "NULL");
    RESTORE();
    char garbage[64] = "this is not an FMU state";
    fmi2FMUstate from_garbage = NULL;
    REJECTED(fmu->deSerializeFMUstate(c, garbage, sizeof garbage, &from_garbage), "not an FMU state");
    RESTORE();
    REJECTED(fmu->enterInitializationMode(c), "fmi2EnterInitializationMode");
    /* error state: only reset, set state, free, get (debugging) */
    REJECTED(fmu->doStep(c, 0, 1, fmi2True), "state error");
    RESTORE();
    OK(fmu->doStep(c, 0, 1, fmi2True)); /* usable again */
    OK(fmu->freeFMUstate(c, &good));
    CHECK(good == NULL, "fmi2FreeFMUstate sets the state to NULL");

    /* terminated */
    OK(fmu->terminate(c));
    REJECTED(fmu->doStep(c, 1, 1, fmi2True), "fmi2DoStep");
    OK(fmu->reset(c));
    fmu->freeInstance(c);
}

/* Two instances of one FMU keep their own state. */
static void instances(Fmu *fmu)
{
    fmi2Component a = initialized(fmu, "a", 0);
    fmi2Component b = initialized(fmu, "b", 0);
    set_real(fmu, a, VR_ALTITUDE, 150); /* a ends its climb, b keeps climbing */
    for (int i = 0; i < 12; i++) {
        OK(fmu->doStep(a, i, 1, fmi2True));
        OK(fmu->doStep(b, i, 1, fmi2True));
    }
    CHECK(integer(fmu, a, VR_STATUS_CRUISE) == RUNNING, "a cruises");
    CHECK(real(fmu, a, VR_TARGET) == 300, "a: target %g", real(fmu, a, VR_TARGET));
    CHECK(integer(fmu, b, VR_STATUS_CLIMB) == RUNNING, "b still climbs");
    CHECK(real(fmu, b, VR_TARGET) == 100, "b: target %g", real(fmu, b, VR_TARGET));
    fmu->freeInstance(a);
    CHECK(real(fmu, b, VR_TARGET) == 100, "b survives freeing a");
    fmu->freeInstance(b);
}

/* Instances of two different FMUs keep their own state (a ends its climb, b cruises at 5x). */
static void independent(Fmu *first, fmi2Component a, Fmu *second, fmi2Component b)
{
    set_real(first, a, VR_ALTITUDE, 150);
    set_real(second, b, VR_ALTITUDE, 150);
    set_real(second, b, VR_GAIN, 5);
    for (int i = 0; i < 12; i++) {
        OK(first->doStep(a, i, 1, fmi2True));
        OK(second->doStep(b, i, 1, fmi2True));
    }
    CHECK(real(first, a, VR_TARGET) == 300, "first: target %g", real(first, a, VR_TARGET));
    CHECK(real(second, b, VR_TARGET) == 750, "second: target %g", real(second, b, VR_TARGET));
    first->freeInstance(a);
    second->freeInstance(b);
}

/* Two different FMUs in one process: two copies of the shim, one class loader (equal runtime jars). */
static void two_fmus(Fmu *first, Fmu *second)
{
    fmi2Component a = initialized(first, "first", 0);
    fmi2Component b = initialized(second, "second", 0);
    independent(first, a, second, b);
}

/* A JVM started by the importer from JAVA_HOME, before any FMU: the shim must use it. */
static void start_jvm(void)
{
    const char *home = getenv("JAVA_HOME");
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/lib/server/libjvm.so", home != NULL ? home : "");
    void *libjvm = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    CHECK(libjvm != NULL, "cannot load %s: %s", path, dlerror());
    jint (*create)(JavaVM **, void **, void *) = NULL;
    if (libjvm != NULL) {
        *(void **)&create = dlsym(libjvm, "JNI_CreateJavaVM");
    }
    JavaVMOption options[] = {{"-Xrs", NULL}};
    JavaVMInitArgs args = {JNI_VERSION_1_8, 1, options, JNI_FALSE};
    JavaVM *vm;
    JNIEnv *env;
    CHECK(create != NULL && create(&vm, (void **)&env, &args) == JNI_OK, "JNI_CreateJavaVM failed");
}

typedef struct {
    Fmu *fmu;
    const char *name;
    pthread_barrier_t *start;
    fmi2Component c;
} InstantiateJob;

static void *instantiate_on_thread(void *argument)
{
    InstantiateJob *job = argument;
    pthread_barrier_wait(job->start);
    job->c = job->fmu->instantiate(job->name, fmi2CoSimulation, job->fmu->guid,
                                   job->fmu->location, &callbacks, fmi2False, fmi2False);
    return NULL;
}

/*
 * Two FMUs with equal runtime jars instantiated at the same moment from two new threads, in
 * a running JVM that has seen neither: both race to define the JVM-wide registry of runtime
 * class loaders and to create their runtime's loader. (Not a race to create the JVM: before
 * Java 21, JNI_GetCreatedJavaVMs may return a JVM that is still starting, JDK-8308341, and
 * a copy of the shim cannot tell; that race passed 60 of 60 runs on JDK 17 here.)
 */
static void race(Fmu *first, Fmu *second)
{
    start_jvm();
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, 2);
    InstantiateJob jobs[2] = {{first, "first", &start, NULL}, {second, "second", &start, NULL}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) {
        CHECK(pthread_create(&threads[i], NULL, instantiate_on_thread, &jobs[i]) == 0,
              "pthread_create");
    }
    for (int i = 0; i < 2; i++) {
        pthread_join(threads[i], NULL);
    }
    pthread_barrier_destroy(&start);
    CHECK(jobs[0].c != NULL && jobs[1].c != NULL, "fmi2Instantiate returned NULL: %s",
          last_message);
    if (jobs[0].c != NULL && jobs[1].c != NULL) {
        initialize(first, jobs[0].c, 0);
        initialize(second, jobs[1].c, 0);
        independent(first, jobs[0].c, second, jobs[1].c);
    }
}

typedef struct {
    Fmu *fmu;
    fmi2Component c;
    fmi2Status status;
} StepJob;

static void *step_on_thread(void *argument)
{
    StepJob *job = argument;
    job->status = fmi2OK;
    for (int i = 0; i < 12 && job->status == fmi2OK; i++) {
        job->status = job->fmu->doStep(job->c, i, 1, fmi2True);
    }
    return NULL;
}

/* Steps on a thread the JVM has never seen; then back on the main thread. */
static void thread(Fmu *fmu)
{
    fmi2Component c = initialized(fmu, "threads", 0);
    set_real(fmu, c, VR_ALTITUDE, 150);
    StepJob job = {fmu, c, fmi2Error};
    pthread_t worker;
    CHECK(pthread_create(&worker, NULL, step_on_thread, &job) == 0, "pthread_create");
    pthread_join(worker, NULL);
    CHECK(job.status == fmi2OK, "doStep on the second thread returned %d", (int)job.status);
    CHECK(real(fmu, c, VR_TARGET) == 300, "after the thread's steps: target %g",
          real(fmu, c, VR_TARGET));
    OK(fmu->doStep(c, 12, 1, fmi2True));
    fmu->freeInstance(c);
}

/* Outputs of n steps from time t (altitude rising), into trace. */
static void run(Fmu *fmu, fmi2Component c, double t, int n, double *trace)
{
    for (int i = 0; i < n; i++) {
        set_real(fmu, c, VR_ALTITUDE, 10.0 * (t + i));
        OK(fmu->doStep(c, t + i, 1, fmi2True));
        trace[2 * i] = real(fmu, c, VR_TARGET);
        trace[2 * i + 1] = integer(fmu, c, VR_STATUS_PLAN) * 100 + integer(fmu, c, VR_MODE);
    }
}

/* Get, set, serialize and deserialize the FMU state; every way back continues identically. */
static void state(Fmu *fmu)
{
    enum { N = 20 };
    double first[2 * N], again[2 * N], restored[2 * N], other[2 * N];
    fmi2Component c = initialized(fmu, "state", 0);
    double before[2 * 5];
    run(fmu, c, 0, 5, before);
    fmi2FMUstate saved = NULL;
    OK(fmu->getFMUstate(c, &saved));
    size_t size = 0;
    OK(fmu->serializedFMUstateSize(c, saved, &size));
    CHECK(size > 0, "serialized size %zu", size);
    fmi2Byte *bytes = malloc(size);
    OK(fmu->serializeFMUstate(c, saved, bytes, size));
    REJECTED(fmu->serializeFMUstate(c, saved, bytes, size - 1), "too small");
    OK(fmu->setFMUstate(c, saved));
    run(fmu, c, 5, N, first);

    OK(fmu->setFMUstate(c, saved));
    run(fmu, c, 5, N, again);
    CHECK(memcmp(first, again, sizeof first) == 0, "continuing after fmi2SetFMUstate differs");

    fmi2FMUstate copy = NULL;
    OK(fmu->deSerializeFMUstate(c, bytes, size, &copy));
    CHECK(copy != NULL && copy != saved, "deserialized state is a new state");
    OK(fmu->setFMUstate(c, copy));
    run(fmu, c, 5, N, restored);
    CHECK(memcmp(first, restored, sizeof first) == 0, "continuing after deserializing differs");

    /* The serialized state moves to another instance. */
    fmi2Component d = initialized(fmu, "state-copy", 0);
    fmi2FMUstate moved = NULL;
    OK(fmu->deSerializeFMUstate(d, bytes, size, &moved));
    OK(fmu->setFMUstate(d, moved));
    run(fmu, d, 5, N, other);
    CHECK(memcmp(first, other, sizeof first) == 0, "another instance continues differently");
    REJECTED(fmu->setFMUstate(d, saved), "not an FMU state of this instance");

    CHECK(first[2 * (N - 1)] != before[0], "the trace shows the mission progressing");
    OK(fmu->freeFMUstate(c, &saved));
    OK(fmu->freeFMUstate(c, &copy));
    REJECTED(fmu->setFMUstate(c, copy), "NULL");
    free(bytes);
    fmu->freeInstance(c);
    fmu->freeInstance(d);
}

/* Free and instantiate again, many times: no leak of handles, class loaders or threads. */
static void reinstantiate(Fmu *fmu, int times)
{
    quiet = 1;
    for (int i = 0; i < times && failures == 0; i++) {
        fmi2Component c = initialized(fmu, "again", 0);
        set_real(fmu, c, VR_ALTITUDE, 150);
        OK(fmu->doStep(c, 0, 1, fmi2True));
        CHECK(integer(fmu, c, VR_STATUS_HOLD) == RUNNING, "run %d: hold status", i);
        fmu->freeInstance(c);
    }
    quiet = 0;
}

/* Started where no Java can be found: NULL, and the logger says what to set. */
static void no_jvm(Fmu *fmu)
{
    fmi2Component c = fmu->instantiate("nojvm", fmi2CoSimulation, fmu->guid, fmu->location,
                                       &callbacks, fmi2False, fmi2False);
    CHECK(c == NULL, "instantiated without a JVM");
    CHECK(strstr(last_message, "JAVA_HOME") != NULL && strstr(last_message, "BTFMU_LIBJVM") != NULL,
          "no-JVM message does not say what to set: '%s'", last_message);
    CHECK(strcmp(last_category, "logStatusError") == 0, "category %s", last_category);
}

/* BTFMU_LIBJVM points at something that is not a libjvm: NULL and a message naming it. */
static void bad_libjvm(Fmu *fmu)
{
    fmi2Component c = fmu->instantiate("badjvm", fmi2CoSimulation, fmu->guid, fmu->location,
                                       &callbacks, fmi2False, fmi2False);
    CHECK(c == NULL, "instantiated with a bad BTFMU_LIBJVM");
    CHECK(strstr(last_message, "BTFMU_LIBJVM") != NULL, "message '%s'", last_message);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: importer <scenario> <fmu-dir> <guid> [<fmu-dir-2> <guid-2>]\n");
        return 2;
    }
    const char *scenario = argv[1];
    Fmu fmu, second;
    load(&fmu, argv[2], argv[3]);
    if (strcmp(scenario, "sequence") == 0) {
        sequence(&fmu);
    } else if (strcmp(scenario, "published") == 0) {
        published(&fmu);
    } else if (strcmp(scenario, "illegal") == 0) {
        illegal(&fmu);
    } else if (strcmp(scenario, "instances") == 0) {
        instances(&fmu);
    } else if (strcmp(scenario, "two-fmus") == 0 && argc >= 6) {
        load(&second, argv[4], argv[5]);
        two_fmus(&fmu, &second);
    } else if (strcmp(scenario, "race") == 0 && argc >= 6) {
        load(&second, argv[4], argv[5]);
        race(&fmu, &second);
    } else if (strcmp(scenario, "thread") == 0) {
        thread(&fmu);
    } else if (strcmp(scenario, "state") == 0) {
        state(&fmu);
    } else if (strcmp(scenario, "reinstantiate") == 0) {
        reinstantiate(&fmu, 1000);
    } else if (strcmp(scenario, "no-jvm") == 0) {
        no_jvm(&fmu);
    } else if (strcmp(scenario, "bad-libjvm") == 0) {
        bad_libjvm(&fmu);
    } else {
        fprintf(stderr, "unknown scenario %s\n", scenario);
        return 2;
    }
    printf("%s: %d of %d checks failed\n", scenario, failures, checks);
    return failures == 0 ? 0 : 1;
}
