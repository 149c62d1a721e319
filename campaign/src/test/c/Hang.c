/*
 * A plant for the campaign tests: dx/dt = -k x + u, y = u, that never returns from a step
 * that reaches hang_at (it sleeps for ever): a hung FMU, which a campaign gives up after its
 * timeout; and that crashes the process in a step that reaches crash_at (it says so on stdout
 * and stderr, then writes through a null pointer: SIGSEGV). Built with test-fmus' generic FMI
 * layer (slave.c) by HangingFmu.java.
 */
#include <stdio.h>
#include <unistd.h>

#include "model.h"

typedef struct {
    double k, x0, hang_at, crash_at, u, x, y;
} Hang;

static const ModelVariable VARIABLES[] = {
    REAL_PARAMETER(Hang, k, 1.0, "1/s", "decay rate"),
    REAL_PARAMETER(Hang, x0, 1.0, NULL, "initial value"),
    REAL_PARAMETER(Hang, hang_at, 1e9, "s", "the first step that reaches this time never returns"),
    REAL_PARAMETER(Hang, crash_at, 1e9, "s", "the first step that reaches this time crashes the process"),
    REAL_INPUT(Hang, u, 0.0, NULL, "input, added to dx/dt"),
    REAL_OUTPUT(Hang, x, NULL, "state"),
    REAL_OUTPUT(Hang, y, NULL, "the input, passed through"),
};

static void initialize(void *state, double time) {
    (void)time;
    Hang *m = state;
    m->x = m->x0;
}

static void calculate(void *state, double time) {
    (void)time;
    Hang *m = state;
    m->y = m->u;
}

static void step(void *state, double time, double h) {
    Hang *m = state;
    if (time + h >= m->crash_at) {
        printf("Hang on stdout: x = %g at t = %g\n", m->x, time);
        fflush(stdout);
        fprintf(stderr, "Hang on stderr: crashing at t = %g (crash_at %g)\n", time, m->crash_at);
        *(volatile int *)0 = 1;
    }
    if (time + h >= m->hang_at) {
        for (;;) {
            sleep(1);
        }
    }
    m->x += h * (-m->k * m->x + m->u);
}

static const Dependency DEPENDENCIES[] = {{"x", "", "x0"}, {"y", "u", "u"}};

const ModelDefinition MODEL = {
    .identifier = "Hang",
    .description = "Decay with an input; hangs in the step that reaches hang_at, crashes in the one that reaches crash_at",
    .guid = MODEL_GUID,
    .variables = VARIABLES,
    .variable_count = sizeof VARIABLES / sizeof VARIABLES[0],
    .dependencies = DEPENDENCIES,
    .dependency_count = sizeof DEPENDENCIES / sizeof DEPENDENCIES[0],
    .state_size = sizeof(Hang),
    .internal_step = 0.01,
    .default_stop_time = 10.0,
    .initialize = initialize,
    .calculate = calculate,
    .step = step,
};
