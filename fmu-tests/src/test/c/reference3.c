/*
 * Drives the Reference FMUs' FMI 3.0 BouncingBall (../shared/reference-fmus/3.0, an FMU
 * written by others) through native/include/fmi3.h, the declarations the FMI 3.0 shim is
 * compiled against: an independent check that they match the FMI 3.0 binary interface, and
 * that early return and Event Mode mean what importer3.c assumes. Run by ReferenceFmus3Test:
 *
 *   reference3 <scenario> <fmu-dir> <instantiationToken> <BouncingBall_cs_ref.csv>
 *   scenario: plain | event_mode
 *
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

enum { VR_H = 1, VR_V = 3 };

#define OK3(call) CHECK((call) == fmi3OK, "%s did not return fmi3OK: %s", #call, last_message)

static void logger(fmi3InstanceEnvironment env, fmi3Status status, fmi3String category,
                   fmi3String message)
{
    (void)env;
    (void)status;
    (void)category;
    snprintf(last_message, sizeof last_message, "%s", message);
    messages++;
}

static void *library;

static void *symbol(const char *name)
{
    void *address = dlsym(library, name);
    if (address == NULL) {
        printf("FAIL: BouncingBall does not export %s\n", name);
        exit(1);
    }
    return address;
}

/* The function of the FMU, typed by fmi3.h's declaration of it: the check of the header. */
#define FUNCTION(name) __typeof__(name) *const name##_ = (__typeof__(name) *)symbol(#name)

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: reference3 <scenario> <fmu-dir> <token> <cs_ref.csv>\n");
        return 2;
    }
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/binaries/x86_64-linux/BouncingBall.so", argv[2]);
    library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        printf("FAIL: cannot load %s: %s\n", path, dlerror());
        return 1;
    }
    FUNCTION(fmi3InstantiateCoSimulation);
    FUNCTION(fmi3EnterInitializationMode);
    FUNCTION(fmi3ExitInitializationMode);
    FUNCTION(fmi3EnterEventMode);
    FUNCTION(fmi3EnterStepMode);
    FUNCTION(fmi3UpdateDiscreteStates);
    FUNCTION(fmi3GetFloat64);
    FUNCTION(fmi3DoStep);
    FUNCTION(fmi3FreeInstance);

    int eventMode = strcmp(argv[1], "event_mode") == 0;
    char resources[PATH_MAX + 16];
    snprintf(resources, sizeof resources, "%s/resources/", argv[2]);
    fmi3Instance c = fmi3InstantiateCoSimulation_("ball", argv[3], resources, fmi3False, fmi3False,
                                                 eventMode, eventMode, NULL, 0, NULL, logger, NULL);
    CHECK(c != NULL, "fmi3InstantiateCoSimulation returned NULL: %s", last_message);
    if (c == NULL) {
        return 1;
    }
    OK3(fmi3EnterInitializationMode_(c, fmi3False, 0.0, 0.0, fmi3True, 3.0));
    OK3(fmi3ExitInitializationMode_(c));
    fmi3Boolean need, terminate, nominals, values, nextDefined, handling, early;
    fmi3Float64 next, reached;
    if (eventMode) {
        OK3(fmi3UpdateDiscreteStates_(c, &need, &terminate, &nominals, &values, &nextDefined, &next));
        OK3(fmi3EnterStepMode_(c));
    }
    const fmi3ValueReference vrs[] = {VR_H, VR_V};
    fmi3Float64 hv[2];
    FILE *csv = fopen(argv[4], "r");
    CHECK(csv != NULL, "cannot read %s", argv[4]);
    if (csv == NULL) {
        return 1;
    }
    char line[256];
    CHECK(fgets(line, sizeof line, csv) != NULL, "the reference has a header");
    double t = 0.0, first_early = NAN, rt, rh, rv;
    OK3(fmi3GetFloat64_(c, vrs, 2, hv, 2));
    CHECK(fgets(line, sizeof line, csv) != NULL && sscanf(line, "%lf,%lf,%lf", &rt, &rh, &rv) == 3
              && rt == 0.0 && rh == hv[0] && rv == hv[1],
          "the start values are the reference's first row: %g %g", hv[0], hv[1]);
    int rows = 0, early_returns = 0, events = 0;
    for (int k = 1; k <= 300; k++) {
        double target = k * 0.01;
        while (t < target - 1e-12) {
            OK3(fmi3DoStep_(c, t, target - t, fmi3False, &handling, &terminate, &early, &reached));
            CHECK(eventMode || (!early && !handling), "no early return unless allowed");
            if (early) {
                early_returns++;
                if (isnan(first_early)) {
                    first_early = reached;
                }
                CHECK(reached > t && reached < target + 1e-9, "an early return inside the step (%g, %g): %.17g",
                      t, target, reached);
            }
            t = early ? reached : target;
            if (handling) {
                events++;
                OK3(fmi3EnterEventMode_(c));
                int rounds = 0;
                need = fmi3True;
                while (need && rounds < 10) {
                    OK3(fmi3UpdateDiscreteStates_(c, &need, &terminate, &nominals, &values,
                                                 &nextDefined, &next));
                    rounds++;
                }
                CHECK(!need, "the Event Mode loop ends, took %d rounds", rounds);
                OK3(fmi3EnterStepMode_(c));
            }
        }
        OK3(fmi3GetFloat64_(c, vrs, 2, hv, 2));
        if (!eventMode && fgets(line, sizeof line, csv) != NULL
            && sscanf(line, "%lf,%lf,%lf", &rt, &rh, &rv) == 3) {
            rows++;
            CHECK(fabs(rt - target) < 1e-9 && fabs(rh - hv[0]) < 1e-9 && fabs(rv - hv[1]) < 1e-9,
                  "t=%g: h=%.17g v=%.17g, fmusim's reference %.17g %.17g", target, hv[0], hv[1], rh, rv);
        }
        CHECK(hv[0] >= -1e-9, "the ball stays above ground at t=%g: h=%g", target, hv[0]);
    }
    fclose(csv);
    if (eventMode) {
        CHECK(events > 0 && early_returns == events, "every bounce returns early for Event Mode: %d %d",
              early_returns, events);
        CHECK(first_early > 0.45 && first_early < 0.46,
              "the first bounce (h = 1 - g t^2 / 2 = 0 at 0.4515 s) between 0.45 s and 0.46 s: %.17g",
              first_early);
    } else {
        CHECK(rows == 300, "every row of the reference compared, %d", rows);
    }
    fmi3FreeInstance_(c);
    if (failures > 0 || checks == 0) {
        printf("reference3 %s: %d of %d checks failed\n", argv[1], failures, checks);
        return 1;
    }
    return 0;
}
