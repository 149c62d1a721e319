/*
 * A draining tank, dx/dt = -k x, that asks the importer to end the simulation once its level
 * is below the threshold (terminateSimulation of completedIntegratorStep): x0 = 1, k = 1 and
 * threshold 0.5 end it at the first integrator step past t = ln 2.
 */
#include "model.h"

typedef struct {
    double x0, k, threshold;
    double x;
} Tank;

static const ModelVariable VARIABLES[] = {
    REAL_PARAMETER(Tank, x0, 1.0, NULL, "initial level"),
    REAL_PARAMETER(Tank, k, 1.0, "1/s", "drain rate"),
    REAL_PARAMETER(Tank, threshold, 0.5, NULL, "the simulation ends below this level"),
    REAL_OUTPUT(Tank, x, NULL, "level"),
};

static void initialize(void *state, double time) {
    (void)time;
    Tank *m = state;
    m->x = m->x0;
}

static void step(void *state, double time, double h) {
    (void)time;
    Tank *m = state;
    m->x += -m->k * m->x * h;
}

static const char *const STATES[] = {"x"};

static void derivatives(void *state, double time, double dx[]) {
    (void)time;
    Tank *m = state;
    dx[0] = -m->k * m->x;
}

static int finished(void *state, double time) {
    (void)time;
    Tank *m = state;
    return m->x < m->threshold;
}

static const Dependency DEPENDENCIES[] = {
    {"x", "x", "x0"},
    {"der(x)", "x", "x0 k"},
};

const ModelDefinition MODEL = {
    .identifier = "Ending",
    .description = "Test FMU: a draining tank that asks to end the simulation below a level",
    .guid = MODEL_GUID,
    .variables = VARIABLES,
    .variable_count = sizeof VARIABLES / sizeof VARIABLES[0],
    .dependencies = DEPENDENCIES,
    .dependency_count = sizeof DEPENDENCIES / sizeof DEPENDENCIES[0],
    .state_size = sizeof(Tank),
    .internal_step = 0.001,
    .default_stop_time = 5.0,
    .initialize = initialize,
    .step = step,
    .continuous_states = STATES,
    .continuous_state_count = 1,
    .derivatives = derivatives,
    .finished = finished,
};
