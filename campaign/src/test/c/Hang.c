/*
 * A plant for the campaign tests: dx/dt = -k x + u, y = u, that never returns from a step
 * that reaches hang_at (it sleeps for ever): a hung FMU, which a campaign gives up after its
 * timeout. Built with test-fmus' generic FMI layer (slave.c) by HangingFmu.java.
 */
#include <unistd.h>

#include "model.h"

typedef struct {
    double k, x0, hang_at, u, x, y;
} Hang;

static const ModelVariable VARIABLES[] = {
    REAL_PARAMETER(Hang, k, 1.0, "1/s", "decay rate"),
    REAL_PARAMETER(Hang, x0, 1.0, NULL, "initial value"),
    REAL_PARAMETER(Hang, hang_at, 1e9, "s", "the first step that reaches this time never returns"),
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
    .description = "Decay with an input; hangs in the step that reaches hang_at",
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
