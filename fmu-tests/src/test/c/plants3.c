/*
 * Drives the FMI 3.0 builds of the C plant FMUs of test-fmus (slave3.c with the models'
 * code) through native/include/fmi3.h: early return and Event Mode at the plants' own events,
 * with the expected instants and values computed by hand (in the comments at each check).
 * Run by Fmi3PlantsTest:
 *
 *   plants3 <scenario> <fmi3-dir> <token> [<fmi2-dir> <guid>]
 *
 * The model is the FMU directory's last name. Prints one line per failed check; exits 0 when
 * all passed, 1 otherwise.
 */
#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmi2.h"
#include "fmi3.h"
#include "checks.h"

#define OK3(call) CHECK((call) == fmi3OK, "%s did not return fmi3OK: %s", #call, last_message)

/* The call returns fmi3Error and logs a message that contains the expected text. */
#define REFUSED(call, text)                                                                          \
    do {                                                                                             \
        int before = messages;                                                                       \
        fmi3Status status = (call);                                                                  \
        CHECK(status == fmi3Error, "%s returned %d, expected fmi3Error", #call, (int)status);        \
        CHECK(messages > before && strstr(last_message, text) != NULL,                               \
              "%s logged \"%s\", expected a message with \"%s\"", #call,                             \
              messages > before ? last_message : "nothing", text);                                   \
    } while (0)

static void logger(fmi3InstanceEnvironment env, fmi3Status status, fmi3String category, fmi3String message) {
    (void)env;
    (void)category;
    snprintf(last_message, sizeof last_message, "%s", message);
    messages++;
    if (status == fmi3Error && getenv("PLANTS3_VERBOSE") != NULL) printf("log: %s\n", message);
}

static void *library;
static const char *model;
static const char *token;
static char resources[PATH_MAX + 16];

static void *load(const char *directory, const char *platform) {
    char path[PATH_MAX + 128];
    snprintf(path, sizeof path, "%s/binaries/%s/%s.so", directory, platform, model);
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        printf("FAIL: cannot load %s: %s\n", path, dlerror());
        exit(1);
    }
    return handle;
}

static void *symbol(void *handle, const char *name) {
    void *address = dlsym(handle, name);
    if (address == NULL) {
        printf("FAIL: %s does not export %s\n", model, name);
        exit(1);
    }
    return address;
}

/* The plant's function, typed by fmi3.h's declaration (as reference3.c does). */
#define F(name) ((__typeof__(name) *)symbol(library, #name))

static fmi3Instance co_simulation(int event_mode, int early_return) {
    fmi3Instance c = F(fmi3InstantiateCoSimulation)("plant", token, resources, fmi3False, fmi3False, event_mode,
                                                   early_return, NULL, 0, NULL, logger, NULL);
    CHECK(c != NULL, "fmi3InstantiateCoSimulation returned NULL: %s", last_message);
    if (c == NULL) exit(1);
    return c;
}

static void set_real(fmi3Instance c, fmi3ValueReference vr, double value) {
    OK3(F(fmi3SetFloat64)(c, &vr, 1, &value, 1));
}

static double real(fmi3Instance c, fmi3ValueReference vr) {
    double value = NAN;
    OK3(F(fmi3GetFloat64)(c, &vr, 1, &value, 1));
    return value;
}

static int integer(fmi3Instance c, fmi3ValueReference vr) {
    fmi3Int32 value = -1;
    OK3(F(fmi3GetInt32)(c, &vr, 1, &value, 1));
    return value;
}

static int boolean(fmi3Instance c, fmi3ValueReference vr) {
    fmi3Boolean value = fmi3False;
    OK3(F(fmi3GetBoolean)(c, &vr, 1, &value, 1));
    return value;
}

static void start(fmi3Instance c, double stop, int event_mode) {
    OK3(F(fmi3EnterInitializationMode)(c, fmi3False, 0.0, 0.0, fmi3True, stop));
    OK3(F(fmi3ExitInitializationMode)(c));
    if (event_mode) {
        fmi3Boolean need, terminate, nominals, values, defined;
        double next;
        OK3(F(fmi3UpdateDiscreteStates)(c, &need, &terminate, &nominals, &values, &defined, &next));
        OK3(F(fmi3EnterStepMode)(c));
    }
}

typedef struct {
    fmi3Boolean handling, terminate, early;
    double reached;
} Step;

static Step step(fmi3Instance c, double t, double h) {
    Step s = {fmi3False, fmi3False, fmi3False, NAN};
    OK3(F(fmi3DoStep)(c, t, h, fmi3False, &s.handling, &s.terminate, &s.early, &s.reached));
    CHECK(!s.terminate, "the plants never ask to terminate (t=%g)", t);
    return s;
}

typedef struct {
    fmi3Boolean need, terminate, nominals, values, defined;
    double next;
} Update;

/* Event Mode at an event: the inputs are set by `inputs` (may be NULL), then one round. */
static Update handle(fmi3Instance c, void (*inputs)(fmi3Instance)) {
    Update u;
    OK3(F(fmi3EnterEventMode)(c));
    if (inputs != NULL) inputs(c);
    OK3(F(fmi3UpdateDiscreteStates)(c, &u.need, &u.terminate, &u.nominals, &u.values, &u.defined, &u.next));
    CHECK(!u.need && !u.terminate, "one round settles the plant");
    OK3(F(fmi3EnterStepMode)(c));
    return u;
}

/* ---- Staircase: count = jumps at 2.5, 5, 7.5, 10 s reached so far ---------------------------- */

enum { STAIR_COUNT = 2, STAIR_TIME = 3 };

static int stairs(double t) { return t < 2.5 ? 0 : (int)floor((t - 2.5) / 2.5) + 1; }

/* Steps towards the 1 s grid; the returns land on the grid and, with early return, exactly on
 * each jump: 1 2 2.5 3 4 5 6 7 7.5 8 9 10, with count 0 0 1 1 1 2 2 2 3 3 3 4. */
static void staircase(int event_mode, int early_return) {
    fmi3Instance c = co_simulation(event_mode, early_return);
    start(c, 10.0, event_mode);
    CHECK(integer(c, STAIR_COUNT) == 0, "no jump at t=0");
    const double expected[] = {1, 2, 2.5, 3, 4, 5, 6, 7, 7.5, 8, 9, 10};
    const double plain[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    const double *times = early_return ? expected : plain;
    int n = early_return ? 12 : 10, returns = 0, events = 0;
    double t = 0.0;
    for (int k = 1; k <= 10; k++) {
        while (t < k) {
            Step s = step(c, t, k - t);
            CHECK(returns < n && s.reached == times[returns], "return %d at %.17g, expected %g by hand", returns,
                  s.reached, returns < n ? times[returns] : NAN);
            CHECK(s.early == (s.reached < k), "earlyReturn exactly when the return is before %d s (t=%g)", k,
                  s.reached);
            int at_jump = fmod(s.reached, 2.5) == 0.0;
            CHECK(s.handling == (event_mode && at_jump && (early_return || s.reached == k)),
                  "eventHandlingNeeded at t=%g: %d", s.reached, s.handling);
            returns++;
            t = s.reached;
            CHECK(real(c, STAIR_TIME) == t, "the independent variable time is %g", t);
            if (s.handling) {
                events++;
                CHECK(integer(c, STAIR_COUNT) == stairs(t), "count %d at the event t=%g before Event Mode, expected %d",
                      integer(c, STAIR_COUNT), t, stairs(t));
                Update u = handle(c, NULL);
                CHECK(u.defined && u.next == t + 2.5, "next time event %g after t=%g, expected %g", u.next, t, t + 2.5);
            }
            CHECK(integer(c, STAIR_COUNT) == stairs(t), "count %d at t=%g, expected %d", integer(c, STAIR_COUNT), t,
                  stairs(t));
        }
    }
    CHECK(returns == n, "%d returns, expected %d", returns, n);
    /* Event Mode: each jump is signalled (2.5 and 7.5 by early return, 5 and 10 at a step's end);
     * without early return only those at a step's end. */
    CHECK(events == (event_mode ? (early_return ? 4 : 2) : 0), "%d events signalled", events);
    OK3(F(fmi3Terminate)(c));
    F(fmi3FreeInstance)(c);
}

/* Model Exchange: the jumps as time events (nextEventTime), count held between events. */
static void staircase_me(void) {
    fmi3Instance c = F(fmi3InstantiateModelExchange)("stairs", token, resources, fmi3False, fmi3False, NULL, logger);
    CHECK(c != NULL, "fmi3InstantiateModelExchange: %s", last_message);
    if (c == NULL) return;
    size_t n = 99;
    OK3(F(fmi3GetNumberOfContinuousStates)(c, &n));
    CHECK(n == 0, "no continuous states: %zu", n);
    OK3(F(fmi3GetNumberOfEventIndicators)(c, &n));
    CHECK(n == 0, "no event indicators: %zu", n);
    OK3(F(fmi3EnterInitializationMode)(c, fmi3False, 0.0, 0.0, fmi3False, 0.0));
    OK3(F(fmi3ExitInitializationMode)(c));
    Update u;
    OK3(F(fmi3UpdateDiscreteStates)(c, &u.need, &u.terminate, &u.nominals, &u.values, &u.defined, &u.next));
    CHECK(u.defined && u.next == 2.5, "the first time event is 2.5: %d %g", u.defined, u.next);
    OK3(F(fmi3EnterContinuousTimeMode)(c));
    OK3(F(fmi3SetTime)(c, 2.5));
    CHECK(integer(c, STAIR_COUNT) == 0, "count holds until the event is handled");
    OK3(F(fmi3EnterEventMode)(c));
    OK3(F(fmi3UpdateDiscreteStates)(c, &u.need, &u.terminate, &u.nominals, &u.values, &u.defined, &u.next));
    CHECK(integer(c, STAIR_COUNT) == 1 && u.defined && u.next == 5.0, "at 2.5: count 1, next 5: %d %g",
          integer(c, STAIR_COUNT), u.next);
    F(fmi3FreeInstance)(c);
}

/* ---- LevelCrossing: x = exp(-t) crosses 0.5 at ln 2 ----------------------------------------- */

enum { TANK_INFLOW = 3, TANK_X = 4, TANK_LOW = 5, TANK_DER_X = 6, TANK_TIME = 7, TANK_INDICATOR = 8 };

static void quarter_inflow(fmi3Instance c) { set_real(c, TANK_INFLOW, 0.25); }

static void crossing(int event_mode, int early_return) {
    fmi3Instance c = co_simulation(event_mode, early_return);
    start(c, 5.0, event_mode);
    Step s = step(c, 0.0, 1.0);
    if (!early_return) {
        /* As FMI 2.0: the step goes to 1 s; x = exp(-1). */
        CHECK(!s.early && !s.handling && s.reached == 1.0, "without early return the step ends at 1: %.17g",
              s.reached);
        CHECK(fabs(real(c, TANK_X) - exp(-1.0)) < 1e-9 && boolean(c, TANK_LOW), "x(1) = exp(-1): %.17g",
              real(c, TANK_X));
        F(fmi3FreeInstance)(c);
        return;
    }
    CHECK(s.early && fabs(s.reached - log(2.0)) < 1e-9, "early return at ln 2 = %.17g: %.17g", log(2.0), s.reached);
    CHECK(s.handling == event_mode, "eventHandlingNeeded only with Event Mode: %d", s.handling);
    CHECK(fabs(real(c, TANK_X) - 0.5) < 1e-9 && boolean(c, TANK_LOW), "x = 0.5 and low at the crossing: %.17g %d",
          real(c, TANK_X), boolean(c, TANK_LOW));
    double t = s.reached, crossing_time = s.reached;
    if (event_mode) {
        REFUSED(F(fmi3DoStep)(c, t, 0.5, fmi3False, &s.handling, &s.terminate, &s.early, &s.reached),
                "needs Event Mode first");
        F(fmi3FreeInstance)(c);
        c = co_simulation(1, 1);
        start(c, 5.0, 1);
        s = step(c, 0.0, 1.0);
        Update u = handle(c, quarter_inflow);
        CHECK(!u.defined && !u.values, "no time event, no state change at the crossing");
        CHECK(fabs(real(c, TANK_DER_X) - (0.25 - 0.5)) < 1e-9, "der(x) = inflow - x = -0.25 right after: %.17g",
              real(c, TANK_DER_X));
    }
    /* On to 2 ln 2 in steps of 0.1: with the inflow, x = 0.25 + 0.25 exp(-(t - ln 2)) = 0.375;
     * without it x = exp(-2 ln 2) = 0.25. No further crossing on the way. */
    double end = 2.0 * log(2.0);
    while (t < end - 1e-12) {
        double h = fmin(0.1, end - t);
        s = step(c, t, h);
        CHECK(!s.early && !s.handling, "no further event after the crossing (t=%g)", s.reached);
        t = s.reached;
    }
    double expected = event_mode ? 0.375 : 0.25;
    CHECK(fabs(real(c, TANK_X) - expected) < 1e-8, "x(2 ln 2) = %g by hand: %.17g", expected, real(c, TANK_X));
    CHECK(fabs(real(c, TANK_TIME) - end) < 1e-12 && crossing_time < end, "time %.17g", real(c, TANK_TIME));
    F(fmi3FreeInstance)(c);
}

static void crossing_me(void) {
    fmi3Instance c = F(fmi3InstantiateModelExchange)("tank", token, resources, fmi3False, fmi3False, NULL, logger);
    CHECK(c != NULL, "fmi3InstantiateModelExchange: %s", last_message);
    if (c == NULL) return;
    size_t n = 0;
    OK3(F(fmi3GetNumberOfEventIndicators)(c, &n));
    CHECK(n == 1, "one event indicator: %zu", n);
    OK3(F(fmi3EnterInitializationMode)(c, fmi3False, 0.0, 0.0, fmi3False, 0.0));
    double z = NAN;
    OK3(F(fmi3GetEventIndicators)(c, &z, 1));
    CHECK(z == 0.5 && real(c, TANK_INDICATOR) == z, "z = x0 - threshold = 0.5, also as variable: %g", z);
    OK3(F(fmi3ExitInitializationMode)(c));
    Update u;
    OK3(F(fmi3UpdateDiscreteStates)(c, &u.need, &u.terminate, &u.nominals, &u.values, &u.defined, &u.next));
    CHECK(!u.defined, "no time event");
    OK3(F(fmi3EnterContinuousTimeMode)(c));
    OK3(F(fmi3SetTime)(c, 0.7));
    double x = 0.4;
    OK3(F(fmi3SetContinuousStates)(c, &x, 1));
    OK3(F(fmi3GetEventIndicators)(c, &z, 1));
    CHECK(fabs(z + 0.1) < 1e-15 && !boolean(c, TANK_LOW), "z = -0.1, low held until the event: %g", z);
    OK3(F(fmi3EnterEventMode)(c));
    OK3(F(fmi3UpdateDiscreteStates)(c, &u.need, &u.terminate, &u.nominals, &u.values, &u.defined, &u.next));
    CHECK(boolean(c, TANK_LOW), "low at the event");
    F(fmi3FreeInstance)(c);
}

/* ---- the aircraft plants ------------------------------------------------------------------- */

enum { PM_REACH_RADIUS = 0, PM_MODE = 16, PM_ADVANCE = 21, PM_Y = 24, PM_WAYPOINT = 29, PM_REACHED = 35, PM_DISTANCE = 36 };

static void advance_request(fmi3Instance c) {
    fmi3ValueReference vr = PM_ADVANCE;
    fmi3Int32 one = 1;
    OK3(F(fmi3SetInt32)(c, &vr, 1, &one, 1));
}

/* North from (0, 0) at 25 m/s to waypoint 1 (0, 1000), reach radius 101 m: the distance
 * 1000 - 25 t reaches 101 m at t = 899 / 25 = 35.96 s. A step of 50 s returns there; in Event
 * Mode the importer advances the waypoint at that instant (instead of at 50 s). With a radius
 * of 100 m the crossing falls exactly on a sub-step's end (y = 900 m after 720 sub-steps of
 * 1.25 m): the indicator touches zero there (an event, target_reached still false) and crosses
 * right after (a second event, target_reached true). */
static void aircraft(int event_mode) {
    fmi3Instance c = co_simulation(event_mode, 1);
    fmi3ValueReference vr = PM_MODE;
    fmi3Int32 mode = 3;
    OK3(F(fmi3SetInt32)(c, &vr, 1, &mode, 1));
    set_real(c, PM_REACH_RADIUS, 101.0);
    start(c, 600.0, event_mode);
    Step s = step(c, 0.0, 50.0);
    CHECK(s.early && fabs(s.reached - 35.96) < 1e-9, "early return at 35.96 s by hand: %.17g", s.reached);
    CHECK(s.handling == event_mode, "eventHandlingNeeded only with Event Mode");
    CHECK(boolean(c, PM_REACHED) && fabs(real(c, PM_DISTANCE) - 101.0) < 1e-7 && fabs(real(c, PM_Y) - 899.0) < 1e-7,
          "target reached at y = 899 m: %d %.17g %.17g", boolean(c, PM_REACHED), real(c, PM_DISTANCE),
          real(c, PM_Y));
    if (event_mode) {
        handle(c, advance_request);
        CHECK(integer(c, PM_WAYPOINT) == 2 && !boolean(c, PM_REACHED), "waypoint 2 at 35.96 s: %d",
              integer(c, PM_WAYPOINT));
    }
    F(fmi3FreeInstance)(c);
    /* Radius 100 m: touch at 36 s exactly, the crossing completes within 1e-9 s after. */
    c = co_simulation(0, 1);
    OK3(F(fmi3SetInt32)(c, &vr, 1, &mode, 1));
    start(c, 600.0, 0);
    s = step(c, 0.0, 50.0);
    CHECK(s.early && s.reached == 36.0 && !boolean(c, PM_REACHED), "the touch at 36 s: %.17g", s.reached);
    s = step(c, 36.0, 14.0);
    CHECK(s.early && s.reached > 36.0 && s.reached < 36.0 + 1e-9 && boolean(c, PM_REACHED),
          "the crossing right after 36 s: %.17g", s.reached);
    F(fmi3FreeInstance)(c);
}

enum { SOLAR_SOC0 = 0, SOLAR_TIME_OF_DAY0 = 2, SOLAR_SOC = 18, SOLAR_BATTERY_POWER = 20 };

/* The battery fills at noon from soc 0.99: about 0.01 * 1.44e8 J / 20,347 W = 70.8 s (solar
 * 25,000 sin(pi 15,000 / 40,200) = 23,047 W less 2,700 W of level flight at 6,000 m). The
 * early return lands where the charge reaches 1 (the "battery full" event: soc - 1 reaches
 * zero), checked against the same plant stepped in whole seconds without early return. */
static void solar_full(int event_mode) {
    fmi3Instance c = co_simulation(event_mode, 1);
    set_real(c, SOLAR_SOC0, 0.99);
    set_real(c, SOLAR_TIME_OF_DAY0, 43200.0);
    start(c, 3600.0, event_mode);
    Step s = step(c, 0.0, 600.0);
    CHECK(s.early && s.reached > 70.0 && s.reached < 71.5, "battery full at about 70.8 s: %.17g", s.reached);
    CHECK(s.handling == event_mode, "eventHandlingNeeded only with Event Mode");
    CHECK(real(c, SOLAR_SOC) == 1.0 && real(c, SOLAR_BATTERY_POWER) == 0.0, "full: soc %.17g, battery power %g",
          real(c, SOLAR_SOC), real(c, SOLAR_BATTERY_POWER));
    double full = s.reached;
    if (event_mode) handle(c, NULL);
    s = step(c, full, 600.0 - full);
    CHECK(!s.early && s.reached == 600.0, "no further event while full: %.17g", s.reached);
    F(fmi3FreeInstance)(c);
    /* The same in whole seconds without early return: still charging at floor(full), full at ceil(full). */
    c = co_simulation(0, 0);
    set_real(c, SOLAR_SOC0, 0.99);
    set_real(c, SOLAR_TIME_OF_DAY0, 43200.0);
    start(c, 3600.0, 0);
    for (int k = 0; k < (int)ceil(full); k++) {
        step(c, k, 1.0);
        if (k + 1 == (int)floor(full))
            CHECK(real(c, SOLAR_SOC) < 1.0, "still charging at %d s: %.17g", k + 1, real(c, SOLAR_SOC));
    }
    CHECK(real(c, SOLAR_SOC) == 1.0, "full at %g s", ceil(full));
    F(fmi3FreeInstance)(c);
}

/* ---- one model, two layers: FMI 3.0 without early return computes what FMI 2.0 does --------- */

static void fmi2_logger(fmi2ComponentEnvironment env, fmi2String instance, fmi2Status status, fmi2String category,
                        fmi2String message, ...) {
    (void)env, (void)instance, (void)status, (void)category;
    snprintf(last_message, sizeof last_message, "%s", message);
    messages++;
}

#define F2(name) ((__typeof__(name) *)symbol(fmi2, #name))

/* Both builds of the plant stepped side by side in 60 s steps over 6 h from 09:00 with the
 * inputs changed every 20 min: every Float64 output bit for bit equal. */
static void same_as_fmi2(const char *fmi2_directory, const char *guid) {
    void *fmi2 = load(fmi2_directory, "linux64");
    char uri[PATH_MAX + 32];
    snprintf(uri, sizeof uri, "file://%s/resources", fmi2_directory);
    fmi2CallbackFunctions callbacks = {fmi2_logger, calloc, free, NULL, NULL};
    fmi2Component c2 = F2(fmi2Instantiate)("plant2", fmi2CoSimulation, guid, uri, &callbacks, fmi2False, fmi2False);
    CHECK(c2 != NULL, "fmi2Instantiate: %s", last_message);
    fmi3Instance c3 = co_simulation(0, 0);
    if (c2 == NULL) return;
    int solar = strcmp(model, "SolarAircraft") == 0;
    fmi2ValueReference start_vr = solar ? SOLAR_TIME_OF_DAY0 : 7; /* time_of_day0, heading0 */
    double start_value = solar ? 32400.0 : 30.0;
    CHECK(F2(fmi2SetReal)(c2, &start_vr, 1, &start_value) == fmi2OK, "fmi2SetReal");
    set_real(c3, start_vr, start_value);
    CHECK(F2(fmi2SetupExperiment)(c2, fmi2False, 0.0, 0.0, fmi2False, 0.0) == fmi2OK, "setup");
    CHECK(F2(fmi2EnterInitializationMode)(c2) == fmi2OK && F2(fmi2ExitInitializationMode)(c2) == fmi2OK, "init");
    start(c3, 21600.0, 0);
    fmi3ValueReference mode_vr = solar ? 15 : PM_MODE;
    size_t first_output = solar ? 17 : 23, outputs = solar ? 7 : 6;
    int compared = 0;
    for (int k = 0; k < 360; k++) {
        double t = 60.0 * k;
        if (k % 20 == 0) {
            fmi3Int32 mode = (k / 20) % (solar ? 3 : 4);
            fmi2Integer mode2 = mode;
            CHECK(F2(fmi2SetInteger)(c2, &mode_vr, 1, &mode2) == fmi2OK, "fmi2SetInteger");
            OK3(F(fmi3SetInt32)(c3, &mode_vr, 1, &mode, 1));
        }
        CHECK(F2(fmi2DoStep)(c2, t, 60.0, fmi2True) == fmi2OK, "fmi2DoStep at %g: %s", t, last_message);
        Step s = step(c3, t, 60.0);
        CHECK(s.reached == t + 60.0 && !s.early, "the FMI 3.0 step ends at %g", t + 60.0);
        for (size_t i = 0; i < outputs; i++) {
            fmi3ValueReference vr = (fmi3ValueReference)(first_output + i);
            double v2 = NAN;
            F2(fmi2GetReal)(c2, &vr, 1, &v2);
            double v3 = real(c3, vr);
            CHECK(memcmp(&v2, &v3, sizeof v2) == 0, "output %u at t=%g: FMI 2.0 %.17g, FMI 3.0 %.17g", vr, t + 60.0,
                  v2, v3);
            compared++;
        }
    }
    CHECK(compared == 360 * (int)outputs, "%d values compared", compared);
    F2(fmi2FreeInstance)(c2);
    F(fmi3FreeInstance)(c3);
}

/* ---- calls out of order and bad arguments ------------------------------------------------------ */

static void illegal(void) {
    fmi3Instance c = co_simulation(0, 1);
    fmi3Boolean b1, b2, b3;
    double reached;
    REFUSED(F(fmi3DoStep)(c, 0.0, 1.0, fmi3False, &b1, &b2, &b3, &reached), "not allowed in state Instantiated");
    F(fmi3FreeInstance)(c);
    c = co_simulation(0, 1);
    start(c, 10.0, 0);
    REFUSED(F(fmi3EnterEventMode)(c), "eventModeUsed = false");
    F(fmi3FreeInstance)(c);
    c = co_simulation(0, 1);
    start(c, 10.0, 0);
    REFUSED(F(fmi3DoStep)(c, 1.0, 1.0, fmi3False, &b1, &b2, &b3, &reached), "differs from the FMU's time");
    F(fmi3FreeInstance)(c);
    c = co_simulation(0, 1);
    start(c, 10.0, 0);
    REFUSED(F(fmi3DoStep)(c, 0.0, 11.0, fmi3False, &b1, &b2, &b3, &reached), "past the stop time");
    OK3(F(fmi3Reset)(c));
    start(c, 10.0, 0);
    fmi3ValueReference vr = 0;
    double value = 1.0;
    REFUSED(F(fmi3SetFloat64)(c, &vr, 1, &value, 1), "cannot be set in Step Mode");
    REFUSED(F(fmi3GetFloat64)(c, &vr, 1, &value, 2), "differs from nValueReferences");
    F(fmi3FreeInstance)(c);
    c = co_simulation(0, 1);
    start(c, 10.0, 0);
    vr = 999;
    REFUSED(F(fmi3GetFloat64)(c, &vr, 1, &value, 1), "unknown value reference 999");
    F(fmi3FreeInstance)(c);
    c = co_simulation(0, 1);
    REFUSED(F(fmi3GetEventIndicators)(c, &value, 1), "not a function of Co-Simulation");
    F(fmi3FreeInstance)(c);
    int before = messages;
    c = F(fmi3InstantiateCoSimulation)("plant", "{wrong}", resources, fmi3False, fmi3False, fmi3False, fmi3False,
                                       NULL, 0, NULL, logger, NULL);
    CHECK(c == NULL && messages > before && strstr(last_message, "does not match") != NULL,
          "a wrong instantiationToken is refused: %s", last_message);
    c = F(fmi3InstantiateScheduledExecution)("plant", token, resources, fmi3False, fmi3False, NULL, logger, NULL,
                                             NULL, NULL);
    CHECK(c == NULL && strstr(last_message, "Scheduled") != NULL, "no Scheduled Execution: %s", last_message);
}

int main(int argc, char **argv) {
    if (argc != 4 && argc != 6) {
        fprintf(stderr, "usage: plants3 <scenario> <fmi3-dir> <token> [<fmi2-dir> <guid>]\n");
        return 2;
    }
    const char *scenario = argv[1];
    model = strrchr(argv[2], '/') != NULL ? strrchr(argv[2], '/') + 1 : argv[2];
    token = argv[3];
    snprintf(resources, sizeof resources, "%s/resources/", argv[2]);
    library = load(argv[2], "x86_64-linux");
    if (strcmp(scenario, "staircase_early") == 0) staircase(0, 1);
    else if (strcmp(scenario, "staircase_event_mode") == 0) staircase(1, 1);
    else if (strcmp(scenario, "staircase_event_mode_no_early") == 0) staircase(1, 0);
    else if (strcmp(scenario, "staircase_plain") == 0) staircase(0, 0);
    else if (strcmp(scenario, "staircase_me") == 0) staircase_me();
    else if (strcmp(scenario, "crossing_early") == 0) crossing(0, 1);
    else if (strcmp(scenario, "crossing_event_mode") == 0) crossing(1, 1);
    else if (strcmp(scenario, "crossing_plain") == 0) crossing(0, 0);
    else if (strcmp(scenario, "crossing_me") == 0) crossing_me();
    else if (strcmp(scenario, "aircraft_early") == 0) aircraft(0);
    else if (strcmp(scenario, "aircraft_event_mode") == 0) aircraft(1);
    else if (strcmp(scenario, "solar_full_early") == 0) solar_full(0);
    else if (strcmp(scenario, "solar_full_event_mode") == 0) solar_full(1);
    else if (strcmp(scenario, "illegal") == 0) illegal();
    else if (strcmp(scenario, "same_as_fmi2") == 0 && argc == 6) same_as_fmi2(argv[4], argv[5]);
    else {
        fprintf(stderr, "unknown scenario %s\n", scenario);
        return 2;
    }
    if (failures > 0 || checks == 0) {
        printf("plants3 %s %s: %d of %d checks failed\n", scenario, model, failures, checks);
        return 1;
    }
    return 0;
}
