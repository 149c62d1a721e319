/*
 * A small FMI 2.0 Model Exchange importer that drives a bt-fmu FMU's shared
 * library from a process without a JVM, as a simulation tool written in C does:
 * its own integrator (explicit Euler of a plant climbing at 20 m/s), state events
 * located by bisection on the event indicator, time events at nextEventTime,
 * event iteration with fmi2NewDiscreteStates. Run by ModelExchangeImporterTest:
 *
 *   me_importer <scenario> <fmu-dir> <guid>      scenario: sequence | illegal | feedthrough
 *
 * The FMU is the extracted FMU of missions/shim_test.json (feedthrough: feedthrough_test.json,
 * see there): climb until altitude >=
 * climb_to (100 m, its one event indicator), hold 10 s (a time event), cruise.
 * Prints one line per failed check; exits 0 when all passed, 1 otherwise.
 */
#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>

#include "fmi2.h"
#include "checks.h"

enum { VR_ALTITUDE = 0, VR_GO = 1, VR_TARGET = 5, VR_STATUS_CLIMB = 10, VR_STATUS_HOLD = 12,
       VR_STATUS_CRUISE = 13 };
enum { SUCCESS = 1, FAILURE, ACCEPT, ACTIVATING, RUNNING, FINISHED, ABORTED, DEACTIVATING };

#define RATE 20.0    /* m/s: the plant's climb rate */
#define CLIMB_TO 100.0

static fmi2CallbackFunctions callbacks = {recording_logger, calloc, free, NULL, NULL};


/* The functions this importer calls, looked up by name as an importer does. */
static struct {
    void *library;
    char location[PATH_MAX + 32];
    const char *guid;
    fmi2Component (*instantiate)(fmi2String, fmi2Type, fmi2String, fmi2String,
                                 const fmi2CallbackFunctions *, fmi2Boolean, fmi2Boolean);
    void (*freeInstance)(fmi2Component);
    fmi2Status (*setupExperiment)(fmi2Component, fmi2Boolean, fmi2Real, fmi2Real, fmi2Boolean,
                                  fmi2Real);
    fmi2Status (*enterInitializationMode)(fmi2Component);
    fmi2Status (*exitInitializationMode)(fmi2Component);
    fmi2Status (*terminate)(fmi2Component);
    fmi2Status (*reset)(fmi2Component);
    fmi2Status (*getReal)(fmi2Component, const fmi2ValueReference[], size_t, fmi2Real[]);
    fmi2Status (*getInteger)(fmi2Component, const fmi2ValueReference[], size_t, fmi2Integer[]);
    fmi2Status (*setReal)(fmi2Component, const fmi2ValueReference[], size_t, const fmi2Real[]);
    fmi2Status (*setBoolean)(fmi2Component, const fmi2ValueReference[], size_t,
                             const fmi2Boolean[]);
    fmi2Status (*doStep)(fmi2Component, fmi2Real, fmi2Real, fmi2Boolean);
    fmi2Status (*enterEventMode)(fmi2Component);
    fmi2Status (*newDiscreteStates)(fmi2Component, fmi2EventInfo *);
    fmi2Status (*enterContinuousTimeMode)(fmi2Component);
    fmi2Status (*completedIntegratorStep)(fmi2Component, fmi2Boolean, fmi2Boolean *,
                                          fmi2Boolean *);
    fmi2Status (*setTime)(fmi2Component, fmi2Real);
    fmi2Status (*setContinuousStates)(fmi2Component, const fmi2Real[], size_t);
    fmi2Status (*getDerivatives)(fmi2Component, fmi2Real[], size_t);
    fmi2Status (*getEventIndicators)(fmi2Component, fmi2Real[], size_t);
    fmi2Status (*getContinuousStates)(fmi2Component, fmi2Real[], size_t);
    fmi2Status (*getNominalsOfContinuousStates)(fmi2Component, fmi2Real[], size_t);
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

static void load(const char *directory, const char *guid)
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
    fmu.library = library[0] ? dlopen(library, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (fmu.library == NULL) {
        printf("FAIL: cannot load the FMU's library in %s: %s\n", binaries, dlerror());
        exit(1);
    }
    fmu.guid = guid;
    char absolute[PATH_MAX];
    snprintf(fmu.location, sizeof fmu.location, "file://%s/resources",
             realpath(directory, absolute) ? absolute : directory);
    *(void **)&fmu.instantiate = symbol("fmi2Instantiate");
    *(void **)&fmu.freeInstance = symbol("fmi2FreeInstance");
    *(void **)&fmu.setupExperiment = symbol("fmi2SetupExperiment");
    *(void **)&fmu.enterInitializationMode = symbol("fmi2EnterInitializationMode");
    *(void **)&fmu.exitInitializationMode = symbol("fmi2ExitInitializationMode");
    *(void **)&fmu.terminate = symbol("fmi2Terminate");
    *(void **)&fmu.reset = symbol("fmi2Reset");
    *(void **)&fmu.getReal = symbol("fmi2GetReal");
    *(void **)&fmu.getInteger = symbol("fmi2GetInteger");
    *(void **)&fmu.setReal = symbol("fmi2SetReal");
    *(void **)&fmu.setBoolean = symbol("fmi2SetBoolean");
    *(void **)&fmu.doStep = symbol("fmi2DoStep");
    *(void **)&fmu.enterEventMode = symbol("fmi2EnterEventMode");
    *(void **)&fmu.newDiscreteStates = symbol("fmi2NewDiscreteStates");
    *(void **)&fmu.enterContinuousTimeMode = symbol("fmi2EnterContinuousTimeMode");
    *(void **)&fmu.completedIntegratorStep = symbol("fmi2CompletedIntegratorStep");
    *(void **)&fmu.setTime = symbol("fmi2SetTime");
    *(void **)&fmu.setContinuousStates = symbol("fmi2SetContinuousStates");
    *(void **)&fmu.getDerivatives = symbol("fmi2GetDerivatives");
    *(void **)&fmu.getEventIndicators = symbol("fmi2GetEventIndicators");
    *(void **)&fmu.getContinuousStates = symbol("fmi2GetContinuousStates");
    *(void **)&fmu.getNominalsOfContinuousStates = symbol("fmi2GetNominalsOfContinuousStates");
}

static fmi2Component instantiate(fmi2Type type)
{
    fmi2Component c = fmu.instantiate("me", type, fmu.guid, fmu.location, &callbacks, fmi2False,
                                      fmi2False);
    CHECK(c != NULL, "fmi2Instantiate(type %d) returned NULL", (int)type);
    if (c == NULL) {
        printf("me_importer: %d of %d checks failed\n", failures, checks);
        exit(1);
    }
    return c;
}

static int status_of(fmi2Component c, fmi2ValueReference vr)
{
    fmi2Integer value = -1;
    OK(fmu.getInteger(c, &vr, 1, &value));
    return value;
}

/* Event iteration: fmi2NewDiscreteStates until the FMU needs no more. Returns the last info. */
static fmi2EventInfo event_iteration(fmi2Component c)
{
    fmi2EventInfo info = {fmi2True, fmi2False, fmi2False, fmi2False, fmi2False, 0.0};
    int rounds = 0;
    while (info.newDiscreteStatesNeeded && rounds < 100) {
        OK(fmu.newDiscreteStates(c, &info));
        rounds++;
    }
    CHECK(rounds == 1, "the tree settles in one fmi2NewDiscreteStates, took %d", rounds);
    return info;
}

static double indicator_at(fmi2Component c, double t)
{
    fmi2ValueReference vr = VR_ALTITUDE;
    fmi2Real altitude = RATE * t;
    fmi2Real z = NAN;
    OK(fmu.setTime(c, t));
    OK(fmu.setReal(c, &vr, 1, &altitude));
    OK(fmu.getEventIndicators(c, &z, 1));
    return z;
}

/*
 * The full Model Exchange calling sequence of FMI 2.0.5 §3.2.4's pseudocode: a state
 * event located at the analytic crossing time 5 s, a time event 10 s later.
 */
static void sequence(void)
{
    fmi2Component c = instantiate(fmi2ModelExchange);
    OK(fmu.setupExperiment(c, fmi2False, 0.0, 0.0, fmi2True, 60.0));
    OK(fmu.enterInitializationMode(c));
    fmi2Real z0 = NAN;
    OK(fmu.getEventIndicators(c, &z0, 1));
    CHECK(z0 == -CLIMB_TO, "initial indicator altitude - climb_to = -100, got %g", z0);
    OK(fmu.exitInitializationMode(c));
    fmi2EventInfo info = event_iteration(c);
    CHECK(!info.nextEventTimeDefined, "no time event while climbing");
    CHECK(!info.terminateSimulation, "the mission goes on");
    CHECK(status_of(c, VR_STATUS_CLIMB) == RUNNING, "climb runs");
    OK(fmu.enterContinuousTimeMode(c));
    OK(fmu.getContinuousStates(c, NULL, 0));
    OK(fmu.getDerivatives(c, NULL, 0));
    OK(fmu.getNominalsOfContinuousStates(c, NULL, 0));
    OK(fmu.setContinuousStates(c, NULL, 0));

    /* integrate with h = 0.3 until the indicator changes sign */
    double h = 0.3;
    double t = 0.0;
    double z = indicator_at(c, t);
    while (t < 60.0) {
        double z_next = indicator_at(c, t + h);
        fmi2Boolean enter = fmi2True, terminate = fmi2True;
        OK(fmu.completedIntegratorStep(c, fmi2True, &enter, &terminate));
        CHECK(!enter && !terminate, "no step events");
        CHECK(status_of(c, VR_STATUS_CLIMB) == RUNNING, "no status change in Continuous-Time Mode");
        if ((z < 0) != (z_next < 0)) {
            break;
        }
        t += h;
        z = z_next;
    }
    /* bisection to the crossing, as a solver's root finder does */
    double lo = t, hi = t + h;
    while (hi - lo > 1e-9) {
        double mid = 0.5 * (lo + hi);
        if (indicator_at(c, mid) < 0) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    CHECK(fabs(hi - CLIMB_TO / RATE) < 1e-8, "the state event is at t = 5 s, located at %.12f", hi);
    indicator_at(c, hi);
    OK(fmu.enterEventMode(c));
    info = event_iteration(c);
    CHECK(status_of(c, VR_STATUS_CLIMB) == SUCCESS, "climb done at the event, status %d",
          status_of(c, VR_STATUS_CLIMB));
    CHECK(status_of(c, VR_STATUS_HOLD) == RUNNING, "hold runs");
    CHECK(info.nextEventTimeDefined && fabs(info.nextEventTime - (hi + 10.0)) < 1e-9,
          "the hold's end is a time event 10 s after the crossing, got %d %.12f",
          info.nextEventTimeDefined, info.nextEventTime);

    /* on to the time event */
    double t_event = info.nextEventTime;
    OK(fmu.enterContinuousTimeMode(c));
    indicator_at(c, t_event);
    fmi2Boolean enter = fmi2True, terminate = fmi2True;
    OK(fmu.completedIntegratorStep(c, fmi2True, &enter, &terminate));
    CHECK(status_of(c, VR_STATUS_HOLD) == RUNNING, "the time event waits for Event Mode");
    OK(fmu.enterEventMode(c));
    info = event_iteration(c);
    CHECK(status_of(c, VR_STATUS_CRUISE) == RUNNING, "cruise after the hold, status %d",
          status_of(c, VR_STATUS_CRUISE));
    CHECK(!info.nextEventTimeDefined, "nothing pending");
    fmi2ValueReference target = VR_TARGET;
    fmi2Real value = NAN;
    OK(fmu.getReal(c, &target, 1, &value));
    CHECK(fabs(value - 2 * RATE * t_event) < 1e-6, "target = gain * altitude = %g, got %g",
          2 * RATE * t_event, value);

    /* a discrete input set in Event Mode acts at fmi2NewDiscreteStates */
    fmi2ValueReference go = VR_GO;
    fmi2Boolean yes = fmi2True;
    OK(fmu.enterContinuousTimeMode(c));
    indicator_at(c, t_event + 1.0);
    OK(fmu.enterEventMode(c));
    OK(fmu.setBoolean(c, &go, 1, &yes));
    CHECK(status_of(c, VR_STATUS_CRUISE) == RUNNING, "not before fmi2NewDiscreteStates");
    event_iteration(c);
    CHECK(status_of(c, VR_STATUS_CRUISE) == FINISHED, "cruise finished, status %d",
          status_of(c, VR_STATUS_CRUISE));
    OK(fmu.terminate(c));
    fmu.freeInstance(c);
}

/*
 * The FMU of missions/feedthrough_test.json (y = u while follow runs; follow is done when
 * u >= 5, its one event indicator u - 5): in Continuous-Time Mode, fmi2GetReal and
 * fmi2GetEventIndicators follow fmi2SetReal of u at once, with no event, and no status changes.
 */
static void feedthrough(void)
{
    enum { VR_U = 0, VR_Y = 1, VR_STATUS_FOLLOW = 3 };
    fmi2Component c = instantiate(fmi2ModelExchange);
    OK(fmu.setupExperiment(c, fmi2False, 0.0, 0.0, fmi2False, 0.0));
    OK(fmu.enterInitializationMode(c));
    OK(fmu.exitInitializationMode(c));
    event_iteration(c);
    OK(fmu.enterContinuousTimeMode(c));
    static const double inputs[] = {6.0, 9.0, 2.0, -1.0, 4.5};
    for (int k = 0; k < (int)(sizeof inputs / sizeof inputs[0]); k++) {
        fmi2ValueReference u = VR_U, y = VR_Y;
        fmi2Real value = inputs[k], output = NAN, z = NAN;
        OK(fmu.setTime(c, 0.5 * (k + 1)));
        OK(fmu.setReal(c, &u, 1, &value));
        OK(fmu.getReal(c, &y, 1, &output));
        CHECK(output == value, "y = u = %g in Continuous-Time Mode, got %g", value, output);
        OK(fmu.getEventIndicators(c, &z, 1));
        CHECK(fabs(z - (value - 5.0)) < 1e-12, "indicator u - 5 = %g, got %g", value - 5.0, z);
        fmi2Boolean enter = fmi2True, terminate = fmi2True;
        OK(fmu.completedIntegratorStep(c, fmi2True, &enter, &terminate));
        CHECK(status_of(c, VR_STATUS_FOLLOW) == RUNNING, "follow runs until the next event, status %d",
              status_of(c, VR_STATUS_FOLLOW));
    }
    OK(fmu.terminate(c));
    fmu.freeInstance(c);
}

/* Calls in the wrong state and bad arguments: fmi2Error and a message naming the problem. */
static void illegal(void)
{
    CHECK(fmu.instantiate("bad", (fmi2Type)7, fmu.guid, fmu.location, &callbacks, fmi2False,
                          fmi2False) == NULL, "fmuType 7 is refused");
    CHECK(strstr(last_message, "fmuType is 7") != NULL, "the message names the fmuType");

    fmi2Component cs = instantiate(fmi2CoSimulation);
    REJECTED(fmu.setTime(cs, 1.0), "Model Exchange function");
    REJECTED(fmu.newDiscreteStates(cs, NULL), "instantiated for Co-Simulation");
    fmu.freeInstance(cs);

    fmi2Component c = instantiate(fmi2ModelExchange);
    REJECTED(fmu.setTime(c, 1.0), "fmi2SetTime: may not be called in state instantiated");
    OK(fmu.reset(c));
    REJECTED(fmu.doStep(c, 0.0, 1.0, fmi2True), "Co-Simulation function");
    OK(fmu.reset(c));
    OK(fmu.enterInitializationMode(c));
    REJECTED(fmu.enterEventMode(c), "Initialization Mode");
    OK(fmu.reset(c));
    OK(fmu.enterInitializationMode(c));
    OK(fmu.exitInitializationMode(c));
    REJECTED(fmu.newDiscreteStates(c, NULL), "fmi2EventInfo is NULL");
    OK(fmu.reset(c));
    OK(fmu.enterInitializationMode(c));
    OK(fmu.exitInitializationMode(c));
    REJECTED(fmu.setTime(c, 1.0), "pure discrete-time");
    OK(fmu.reset(c));
    OK(fmu.enterInitializationMode(c));
    OK(fmu.exitInitializationMode(c));
    fmi2Real z[2];
    REJECTED(fmu.getEventIndicators(c, z, 2), "numberOfEventIndicators=\"1\"");
    OK(fmu.reset(c));
    OK(fmu.enterInitializationMode(c));
    OK(fmu.exitInitializationMode(c));
    REJECTED(fmu.getContinuousStates(c, z, 1), "nx is 1");
    OK(fmu.reset(c));
    OK(fmu.enterInitializationMode(c));
    OK(fmu.exitInitializationMode(c));
    event_iteration(c);
    OK(fmu.enterContinuousTimeMode(c));
    fmi2ValueReference go = VR_GO;
    fmi2Boolean yes = fmi2True;
    REJECTED(fmu.setBoolean(c, &go, 1, &yes), "Continuous-Time Mode");
    OK(fmu.reset(c));
    OK(fmu.enterInitializationMode(c));
    OK(fmu.exitInitializationMode(c));
    event_iteration(c);
    OK(fmu.enterContinuousTimeMode(c));
    REJECTED(fmu.completedIntegratorStep(c, fmi2True, NULL, NULL), "enterEventMode is NULL");
    OK(fmu.reset(c));
    OK(fmu.enterInitializationMode(c));
    OK(fmu.exitInitializationMode(c));
    event_iteration(c);
    OK(fmu.enterContinuousTimeMode(c));
    OK(fmu.setTime(c, 3.0));
    OK(fmu.enterEventMode(c));
    event_iteration(c);
    OK(fmu.enterContinuousTimeMode(c));
    REJECTED(fmu.setTime(c, 2.0), "before the last event at t=3");
    REJECTED(fmu.enterContinuousTimeMode(c), "state error");
    OK(fmu.reset(c));
    OK(fmu.enterInitializationMode(c));
    OK(fmu.exitInitializationMode(c));
    event_iteration(c);
    OK(fmu.terminate(c));
    REJECTED(fmu.enterEventMode(c), "terminated");
    fmu.freeInstance(c);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: me_importer <sequence|illegal|feedthrough> <fmu-dir> <guid>\n");
        return 2;
    }
    load(argv[2], argv[3]);
    if (strcmp(argv[1], "sequence") == 0) {
        sequence();
    } else if (strcmp(argv[1], "illegal") == 0) {
        illegal();
    } else if (strcmp(argv[1], "feedthrough") == 0) {
        feedthrough();
    } else {
        fprintf(stderr, "unknown scenario %s\n", argv[1]);
        return 2;
    }
    printf("%s: %d of %d checks failed\n", argv[1], failures, checks);
    return failures == 0 ? 0 : 1;
}
